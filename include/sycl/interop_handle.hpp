// sycl::interop_handle (SYCL 2020 4.10.2): what a host task may see of its
// queue's native objects. Natives are returned as the backend's handles
// (cl_command_queue, cl_device_id, cl_context; device pointers for memory).
#pragma once

#include "access.hpp"
#include "backend.hpp"
#include "detail/common.hpp"

#include <memory>

namespace sycl {
template <typename DataT, int Dims, access_mode Mode, target Target, access::placeholder P>
class accessor;
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
  /// The device address of a device accessor of the host task's group
  /// (SYCL 2020 4.10.2: device accessors only; a host_task accessor's data
  /// is on the host).
  template <backend B = backend::opencl, typename T, int D, access_mode M, target Tg,
            access::placeholder P>
  void *get_native_mem(const accessor<T, D, M, Tg, P> &A) const {
    static_assert(Tg == target::device || Tg == target::constant_buffer,
                  "get_native_mem takes a target::device accessor");
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
