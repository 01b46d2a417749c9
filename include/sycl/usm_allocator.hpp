// sycl::usm_allocator (SYCL 2020 4.8.4): a C++ allocator of host or shared
// USM, for standard containers.
#pragma once

#include "context.hpp"
#include "device.hpp"
#include "exception.hpp"
#include "property_list.hpp"
#include "queue.hpp"
#include "usm.hpp"

#include <cstddef>
#include <type_traits>

namespace sycl {

template <typename T, usm::alloc AllocKind, size_t Alignment = 0> class usm_allocator {
  static_assert(AllocKind != usm::alloc::device,
                "usm_allocator does not allocate device USM: the host cannot reach it");
  static_assert(AllocKind != usm::alloc::unknown, "usm_allocator needs a USM kind");

public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  template <typename U> struct rebind {
    using other = usm_allocator<U, AllocKind, Alignment>;
  };

  usm_allocator() = delete;
  usm_allocator(const context &Ctx, const device &Dev, const property_list &Props = {})
      : _context(Ctx), _device(Dev), _props(Props) {}
  usm_allocator(const queue &Q, const property_list &Props = {})
      : _context(Q.get_context()), _device(Q.get_device()), _props(Props) {}
  usm_allocator(const usm_allocator &) = default;
  usm_allocator(usm_allocator &&) noexcept = default;
  usm_allocator &operator=(const usm_allocator &) = default;
  usm_allocator &operator=(usm_allocator &&) = default;
  template <typename U>
  usm_allocator(const usm_allocator<U, AllocKind, Alignment> &Other) noexcept
      : _context(Other._context), _device(Other._device), _props(Other._props) {}

  /// Count elements, aligned for T and to Alignment; errc::memory_allocation
  /// when the memory cannot be had.
  T *allocate(size_t Count) {
    constexpr size_t Align = Alignment > alignof(T) ? Alignment : alignof(T);
    void *P = aligned_alloc(Align, Count * sizeof(T), _device, _context, AllocKind, _props);
    if (!P && Count)
      throw exception(make_error_code(errc::memory_allocation),
                      "usm_allocator: cannot allocate " + std::to_string(Count * sizeof(T)) +
                          " bytes of USM");
    return static_cast<T *>(P);
  }
  void deallocate(T *Ptr, size_t) {
    if (Ptr)
      free(Ptr, _context);
  }

  template <typename U, usm::alloc K, size_t A>
  friend bool operator==(const usm_allocator &X, const usm_allocator<U, K, A> &Y) {
    return X.same(Y);
  }
  template <typename U, usm::alloc K, size_t A>
  friend bool operator!=(const usm_allocator &X, const usm_allocator<U, K, A> &Y) {
    return !(X == Y);
  }

private:
  template <typename, usm::alloc, size_t> friend class usm_allocator;
  template <typename U, usm::alloc K, size_t A>
  bool same(const usm_allocator<U, K, A> &Y) const {
    return K == AllocKind && A == Alignment && _context == Y._context && _device == Y._device;
  }
  context _context;
  device _device;
  property_list _props;
};

} // namespace sycl
