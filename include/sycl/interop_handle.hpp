// sycl::interop_handle (SYCL 2020 4.10.2): what a host task may see of its
// queue's native objects. Natives are returned as the backend's handles
// (cl_command_queue, cl_device_id, cl_context; device pointers for memory).
#pragma once

#include "backend.hpp"
#include "detail/common.hpp"

#include <memory>

namespace sycl {
namespace detail {
class accessor_impl;
struct interop_data;
} // namespace detail

class interop_handle {
public:
  interop_handle() = delete;
  backend get_backend() const noexcept;
  template <backend B = backend::opencl> void *get_native_queue() const { return native_queue(); }
  template <backend B = backend::opencl> void *get_native_device() const { return native_device(); }
  template <backend B = backend::opencl> void *get_native_context() const {
    return native_context();
  }
  /// The device address of a device accessor of the host task's group.
  template <backend B = backend::opencl, typename AccT> void *get_native_mem(const AccT &A) const {
    return native_mem(detail::header_access::record(A).get());
  }

private:
  friend struct detail::impl_access;
  explicit interop_handle(const detail::interop_data *D) : _data(D) {}
  void *native_queue() const;
  void *native_device() const;
  void *native_context() const;
  void *native_mem(const detail::accessor_impl *A) const;

  const detail::interop_data *_data;
};

} // namespace sycl
