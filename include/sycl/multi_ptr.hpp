// multi_ptr (SYCL 2020 §4.7.7.1): a pointer tagged with its address space.
// SMCP's device code addresses every space through generic pointers, so the
// tag is a type-level promise and decorated and raw forms hold the same
// ordinary pointer; what the class adds is the interface: construction from
// accessors, conversions between spaces, constness and void, arithmetic and
// comparisons.
#pragma once

#include "access.hpp"

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace sycl {

template <typename DataT, int Dimensions, access_mode AccessMode, target AccessTarget,
          access::placeholder IsPlaceholder>
class accessor;
template <typename DataT, int Dimensions> class local_accessor;

template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr {
  static constexpr bool is_void = std::is_void_v<ElementType>;
  template <typename U> static constexpr bool from_v = std::is_convertible_v<U *, ElementType *>;
  static constexpr bool global_like =
      Space == access::address_space::global_space || Space == access::address_space::generic_space;
  static constexpr bool local_like =
      Space == access::address_space::local_space || Space == access::address_space::generic_space;

public:
  using value_type = ElementType;
  using pointer = std::add_pointer_t<ElementType>;
  using reference = std::add_lvalue_reference_t<ElementType>;
  using iterator_category = std::random_access_iterator_tag;
  using difference_type = std::ptrdiff_t;
  static constexpr access::address_space address_space = Space;
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;

  multi_ptr() = default;
  multi_ptr(const multi_ptr &) = default;
  multi_ptr(multi_ptr &&) = default;
  multi_ptr(std::nullptr_t) {}
  explicit multi_ptr(pointer P) : Ptr(P) {}
  /// The same space with another decoration, or const/void of it.
  template <typename U, access::decorated D,
            typename = std::enable_if_t<from_v<U> &&
                                        (!std::is_same_v<U, ElementType> || D != DecorateAddress)>>
  multi_ptr(const multi_ptr<U, Space, D> &Other) : Ptr(Other.get_raw()) {}
  /// From a global space pointer: only into the generic space (implicit).
  template <typename U, access::address_space S, access::decorated D,
            typename = std::enable_if_t<from_v<U> && S != Space &&
                                        Space == access::address_space::generic_space &&
                                        S != access::address_space::constant_space>>
  multi_ptr(const multi_ptr<U, S, D> &Other) : Ptr(Other.get_raw()) {}

  /// The data of a device accessor (global space) or a local accessor.
  template <typename U, int Dims, access_mode Mode, access::placeholder P,
            typename = std::enable_if_t<from_v<U> && global_like>>
  multi_ptr(const accessor<U, Dims, Mode, target::device, P> &A)
      : Ptr(A.template get_multi_ptr<access::decorated::no>().get_raw()) {}
  template <typename U, int Dims, typename = std::enable_if_t<from_v<U> && local_like>>
  multi_ptr(const local_accessor<U, Dims> &A)
      : Ptr(A.template get_multi_ptr<access::decorated::no>().get_raw()) {}

  multi_ptr &operator=(const multi_ptr &) = default;
  multi_ptr &operator=(multi_ptr &&) = default;
  multi_ptr &operator=(std::nullptr_t) { return Ptr = nullptr, *this; }

  pointer get() const { return Ptr; }
  pointer get_raw() const { return Ptr; }
  pointer get_decorated() const { return Ptr; }
  operator pointer() const { return Ptr; }
  /// An explicit cast out of the generic space, the caller's promise.
  template <
      access::address_space S, access::decorated D,
      typename = std::enable_if_t<Space == access::address_space::generic_space && S != Space>>
  explicit operator multi_ptr<ElementType, S, D>() const {
    return multi_ptr<ElementType, S, D>(Ptr);
  }

  template <typename E = ElementType, typename = std::enable_if_t<!std::is_void_v<E>>>
  E &operator*() const {
    return *Ptr;
  }
  pointer operator->() const { return Ptr; }
  template <typename E = ElementType, typename = std::enable_if_t<!std::is_void_v<E>>>
  E &operator[](difference_type I) const {
    return Ptr[I];
  }
  /// A hint only: SMCP's targets prefetch nothing.
  template <bool G = Space == access::address_space::global_space, typename = std::enable_if_t<G>>
  void prefetch(size_t) const {}

  multi_ptr &operator++() { return ++Ptr, *this; }
  multi_ptr operator++(int) { return multi_ptr(Ptr++); }
  multi_ptr &operator--() { return --Ptr, *this; }
  multi_ptr operator--(int) { return multi_ptr(Ptr--); }
  multi_ptr &operator+=(difference_type N) { return Ptr += N, *this; }
  multi_ptr &operator-=(difference_type N) { return Ptr -= N, *this; }
  friend multi_ptr operator+(multi_ptr P, difference_type N) { return P += N; }
  friend multi_ptr operator-(multi_ptr P, difference_type N) { return P -= N; }
  friend difference_type operator-(const multi_ptr &A, const multi_ptr &B) { return A.Ptr - B.Ptr; }

#define SMCP_MULTI_PTR_COMPARE(OP)                                                                 \
  friend bool operator OP(const multi_ptr &A, const multi_ptr &B) { return A.Ptr OP B.Ptr; }       \
  friend bool operator OP(const multi_ptr &A, std::nullptr_t) { return A.Ptr OP pointer(); }       \
  friend bool operator OP(std::nullptr_t, const multi_ptr &B) { return pointer() OP B.Ptr; }
  SMCP_MULTI_PTR_COMPARE(==)
  SMCP_MULTI_PTR_COMPARE(!=)
  SMCP_MULTI_PTR_COMPARE(<)
  SMCP_MULTI_PTR_COMPARE(>)
  SMCP_MULTI_PTR_COMPARE(<=)
  SMCP_MULTI_PTR_COMPARE(>=)
#undef SMCP_MULTI_PTR_COMPARE

private:
  pointer Ptr = nullptr;
};

// Deduction from accessors: raw pointers into their spaces.
template <typename T, int Dims, access_mode Mode, access::placeholder P>
multi_ptr(const accessor<T, Dims, Mode, target::device, P> &)
    -> multi_ptr<std::conditional_t<Mode == access_mode::read, const T, T>,
                 access::address_space::global_space, access::decorated::no>;
template <typename T, int Dims>
multi_ptr(const local_accessor<T, Dims> &)
    -> multi_ptr<T, access::address_space::local_space, access::decorated::no>;

template <typename T, access::decorated D = access::decorated::legacy>
using global_ptr = multi_ptr<T, access::address_space::global_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using local_ptr = multi_ptr<T, access::address_space::local_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using private_ptr = multi_ptr<T, access::address_space::private_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using generic_ptr = multi_ptr<T, access::address_space::generic_space, D>;
template <typename T>
using constant_ptr [[deprecated("use global_ptr of const data")]] =
    multi_ptr<T, access::address_space::constant_space, access::decorated::legacy>;
// raw_*_ptr and decorated_*_ptr for every space.
#define SMCP_MULTI_PTR_ALIAS(PREFIX, SPACE, DECORATED)                                             \
  template <typename T>                                                                            \
  using PREFIX##_##SPACE##_ptr =                                                                   \
      multi_ptr<T, access::address_space::SPACE##_space, access::decorated::DECORATED>;
#define SMCP_MULTI_PTR_ALIASES(SPACE)                                                              \
  SMCP_MULTI_PTR_ALIAS(raw, SPACE, no)                                                             \
  SMCP_MULTI_PTR_ALIAS(decorated, SPACE, yes)
SMCP_MULTI_PTR_ALIASES(global)
SMCP_MULTI_PTR_ALIASES(local)
SMCP_MULTI_PTR_ALIASES(private)
SMCP_MULTI_PTR_ALIASES(generic)
#undef SMCP_MULTI_PTR_ALIASES
#undef SMCP_MULTI_PTR_ALIAS

template <access::address_space Space, access::decorated D = access::decorated::no, typename T>
multi_ptr<T, Space, D> address_space_cast(T *P) {
  return multi_ptr<T, Space, D>(P);
}
template <typename T, access::address_space Space, access::decorated D = access::decorated::legacy>
[[deprecated("use address_space_cast")]] multi_ptr<T, Space, D> make_ptr(T *P) {
  return multi_ptr<T, Space, D>(P);
}

/// The type without address-space decoration: SMCP's pointers carry none.
template <typename T> struct remove_decoration { using type = T; };
template <typename T> using remove_decoration_t = typename remove_decoration<T>::type;

} // namespace sycl
