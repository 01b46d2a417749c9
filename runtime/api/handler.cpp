// handler.cpp - sycl::handler: records a command group's command.
#include "../core/context_impl.h"
#include "../core/error.h"
#include "../core/event_impl.h"
#include "../core/handler_impl.h"
#include "../core/impl_access.h"
#include "../core/stream_flush.h"
#include <sycl/detail/abi/stream_buffer.h>

#include <sycl/handler.hpp>
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/info/info_desc.hpp>
#include <sycl/usm.hpp>

#include <algorithm>
#include <cstring>

namespace sycl {

namespace detail {

void *handler_impl::temporary(size_t bytes, bool zeroed) {
  _temporaries.push_back(context->temporaries().take(*device, bytes, zeroed));
  return _temporaries.back().get();
}

void *handler_impl::stream_buffer(size_t capacity) {
  auto block = context->temporaries().take(*device, sizeof(smcp::abi::stream_header) + capacity,
                                           true);
  _temporaries.push_back(make_stream_buffer(std::move(block), capacity));
  return _temporaries.back().get();
}

void handler_impl::set_command(command c) {
  if (std::exchange(_follow_up_next, false)) {
    if (!std::holds_alternative<kernel_command>(_command) ||
        !std::holds_alternative<kernel_command>(c) || _follow_up)
      smcp::rt::throw_error(errc::invalid, "a follow-up kernel comes after one kernel");
    _follow_up.emplace(std::move(std::get<kernel_command>(c)));
    return;
  }
  if (!std::holds_alternative<std::monostate>(_command))
    smcp::rt::throw_error(errc::invalid, "a command group can hold only one command");
  _command = std::move(c);
}

void handler_impl::add_requirement(std::shared_ptr<accessor_impl> a) {
  if (a && std::find(_reqs.begin(), _reqs.end(), a) == _reqs.end())
    _reqs.push_back(std::move(a));
}

void handler_impl::remove_requirement(const std::shared_ptr<accessor_impl> &a) {
  _reqs.erase(std::remove(_reqs.begin(), _reqs.end(), a), _reqs.end());
}

void handler_impl::add_dependency(std::shared_ptr<event_impl> e) {
  if (e)
    _deps.push_back(std::move(e));
}

} // namespace detail

using detail::impl_access;

handler::~handler() = default;

void handler::depends_on(event dep) { _impl->add_dependency(impl_access::impl(dep)); }

void handler::depends_on(const std::vector<event> &deps) {
  for (const auto &e : deps)
    depends_on(e);
}

void handler::add_requirement(const std::shared_ptr<detail::accessor_impl> &a) {
  _impl->add_requirement(a);
}

void handler::remove_requirement(const std::shared_ptr<detail::accessor_impl> &a) {
  _impl->remove_requirement(a);
}

void handler::record_host_task(std::function<void(const interop_handle &)> body) {
  _impl->set_command(detail::host_task_command{std::move(body)});
}

void handler::record_accessor_copy(std::shared_ptr<detail::accessor_impl> src,
                                   const void *src_host,
                                   std::shared_ptr<detail::accessor_impl> dest, void *dest_host,
                                   size_t bytes, std::shared_ptr<void> host_owner) {
  if (host_owner)
    _impl->keep_until_done(std::move(host_owner));
  _impl->set_command(
      detail::accessor_copy_command{std::move(src), std::move(dest), src_host, dest_host, bytes});
}

void handler::record_accessor_fill(std::shared_ptr<detail::accessor_impl> dest,
                                   const void *pattern, size_t pattern_size) {
  const auto *p = static_cast<const unsigned char *>(pattern);
  _impl->set_command(detail::accessor_fill_command{
      std::move(dest), std::vector<unsigned char>(p, p + pattern_size)});
}

void handler::memcpy(void *dest, const void *src, size_t bytes) {
  _impl->set_command(detail::memcpy_command{dest, src, bytes});
}

void handler::memset(void *ptr, int value, size_t bytes) {
  const unsigned char byte = static_cast<unsigned char>(value);
  fill_bytes(ptr, &byte, 1, bytes);
}

void handler::fill_bytes(void *ptr, const void *pattern, size_t pattern_size, size_t count) {
  const auto *p = static_cast<const unsigned char *>(pattern);
  _impl->set_command(
      detail::fill_command{ptr, std::vector<unsigned char>(p, p + pattern_size), count});
}

void *handler::temporary(size_t bytes, bool zeroed) { return _impl->temporary(bytes, zeroed); }

void handler::expect_follow_up_kernel() { _impl->expect_follow_up(); }

void *handler::stream_buffer(size_t capacity) { return _impl->stream_buffer(capacity); }

void *handler::device_global_instance(const void *host_object, size_t size, bool image_scope) {
  return detail::device_global_for_copy(_impl->context->device_globals(), *_impl->device,
                                        host_object, size, image_scope);
}

size_t handler::max_work_group_size() const {
  return size_t(_impl->device->max_work_group_size());
}

void handler::launch(const smcp::detail::kernel_info *info, const void *functor,
                     size_t functor_size, const detail::launch_range &r) {
  if (r.dims < 1 || r.dims > 3)
    smcp::rt::throw_error(errc::invalid, "kernel launch with " + std::to_string(r.dims) +
                                             " dimensions");
  for (unsigned d = 0; d < r.dims; ++d)
    if (r.local[d] != 0 && r.global[d] % r.local[d] != 0)
      smcp::rt::throw_error(errc::nd_range,
                            "nd_range: the global size " + std::to_string(r.global[d]) +
                                " is not a multiple of the local size " +
                                std::to_string(r.local[d]) + " in dimension " + std::to_string(d));
  if (r.local[0] != 0) {
    size_t group_size = 1, limit = max_work_group_size();
    for (unsigned d = 0; d < r.dims; ++d)
      group_size *= r.local[d];
    if (group_size > limit)
      smcp::rt::throw_error(errc::nd_range, "nd_range: a work-group of " +
                                                std::to_string(group_size) +
                                                " work-items exceeds the device's limit of " +
                                                std::to_string(limit));
  }
  detail::kernel_command k{info, {}, r.dims, {}, {}, {}};
  const auto *bytes = static_cast<const unsigned char *>(functor);
  k.functor.assign(bytes, functor_size);
  for (unsigned d = 0; d < r.dims; ++d) {
    k.global[d] = r.global[d];
    k.local[d] = r.local[d];
    k.offset[d] = r.offset[d];
  }
  _impl->set_command(std::move(k));
}

} // namespace sycl
