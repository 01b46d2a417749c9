// multi_ptr (SYCL 2020 §4.7.7.1): a pointer tagged with its address space.
// SMCP's device code addresses every space through generic pointers, so the
// tag is a type-level promise; the stored pointer is an ordinary one.
#pragma once

#include "access.hpp"

#include <cstddef>
#include <type_traits>

namespace sycl {

template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr {
public:
  using value_type = ElementType;
  using pointer = std::add_pointer_t<ElementType>;
  using reference = std::add_lvalue_reference_t<ElementType>;
  using difference_type = std::ptrdiff_t;
  static constexpr access::address_space address_space = Space;
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;

  multi_ptr() = default;
  multi_ptr(std::nullptr_t) {}
  explicit multi_ptr(pointer P) : Ptr(P) {}
  template <access::decorated D>
  multi_ptr(const multi_ptr<ElementType, Space, D> &Other) : Ptr(Other.get_raw()) {}

  pointer get() const { return Ptr; }
  pointer get_raw() const { return Ptr; }
  pointer get_decorated() const { return Ptr; }
  operator pointer() const { return Ptr; }
  template <typename E = ElementType, typename = std::enable_if_t<!std::is_void_v<E>>>
  E &operator*() const { return *Ptr; }
  pointer operator->() const { return Ptr; }
  template <typename E = ElementType, typename = std::enable_if_t<!std::is_void_v<E>>>
  E &operator[](difference_type I) const { return Ptr[I]; }

  multi_ptr &operator++() { return ++Ptr, *this; }
  multi_ptr operator++(int) { return multi_ptr(Ptr++); }
  multi_ptr &operator--() { return --Ptr, *this; }
  multi_ptr operator--(int) { return multi_ptr(Ptr--); }
  multi_ptr &operator+=(difference_type N) { return Ptr += N, *this; }
  multi_ptr &operator-=(difference_type N) { return Ptr -= N, *this; }
  friend multi_ptr operator+(multi_ptr P, difference_type N) { return P += N; }
  friend multi_ptr operator-(multi_ptr P, difference_type N) { return P -= N; }
  friend difference_type operator-(const multi_ptr &A, const multi_ptr &B) { return A.Ptr - B.Ptr; }
  friend bool operator==(const multi_ptr &A, const multi_ptr &B) { return A.Ptr == B.Ptr; }
  friend bool operator!=(const multi_ptr &A, const multi_ptr &B) { return A.Ptr != B.Ptr; }
  friend bool operator<(const multi_ptr &A, const multi_ptr &B) { return A.Ptr < B.Ptr; }
  friend bool operator==(const multi_ptr &A, std::nullptr_t) { return A.Ptr == nullptr; }
  friend bool operator!=(const multi_ptr &A, std::nullptr_t) { return A.Ptr != nullptr; }

private:
  pointer Ptr = nullptr;
};

template <typename T, access::decorated D = access::decorated::legacy>
using global_ptr = multi_ptr<T, access::address_space::global_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using local_ptr = multi_ptr<T, access::address_space::local_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using private_ptr = multi_ptr<T, access::address_space::private_space, D>;

template <access::address_space Space, access::decorated D = access::decorated::no, typename T>
multi_ptr<T, Space, D> address_space_cast(T *P) {
  return multi_ptr<T, Space, D>(P);
}

} // namespace sycl
