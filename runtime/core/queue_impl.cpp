// queue_impl.cpp - running command groups on a backend queue.
#include "queue_impl.h"

#include "error.h"
#include "image_registry.h"
#include "impl_access.h"
#include "trace.h"

#include <sycl/properties/queue_properties.hpp>

#include <cstdio>
#include <cstring>

namespace sycl::detail {
namespace {

const char *param_kind_name(smcp::detail::param_kind k) {
  switch (k) {
  case smcp::detail::param_kind::accessor:
    return "accessor";
  case smcp::detail::param_kind::std_layout:
    return "std_layout";
  case smcp::detail::param_kind::sampler:
    return "sampler";
  case smcp::detail::param_kind::pointer:
    return "pointer";
  case smcp::detail::param_kind::spec_const_buffer:
    return "spec_const_buffer";
  case smcp::detail::param_kind::stream:
    return "stream";
  }
  return "unknown";
}

/// Checks that a parameter's bytes lie inside the functor copy.
void check_param_bounds(const smcp::detail::kernel_info &info, unsigned i, size_t size,
                        size_t functor_size) {
  const auto &p = info.params[i];
  if (p.offset < 0 || size_t(p.offset) + size > functor_size)
    smcp::rt::throw_error(errc::kernel_argument,
                          "kernel '" + std::string(info.name) + "': parameter " +
                              std::to_string(i) + " (offset " + std::to_string(p.offset) +
                              ", " + std::to_string(size) + " bytes) lies outside its " +
                              std::to_string(functor_size) + "-byte functor");
}

void set_kernel_args(const smcp::rt::adapter &a, smcp_kernel kernel,
                     const smcp::detail::kernel_info &info,
                     const std::vector<unsigned char> &functor) {
  for (unsigned i = 0; i < info.num_params; ++i) {
    const auto &p = info.params[i];
    switch (p.kind) {
    case smcp::detail::param_kind::std_layout:
      check_param_bounds(info, i, size_t(p.info), functor.size());
      SMCP_ADAPTER_CALL(a, kernel_set_arg_value, kernel, i, size_t(p.info),
                        functor.data() + p.offset);
      break;
    case smcp::detail::param_kind::pointer: {
      check_param_bounds(info, i, sizeof(void *), functor.size());
      void *ptr; // the functor copy need not be aligned for a pointer
      std::memcpy(&ptr, functor.data() + p.offset, sizeof(ptr));
      SMCP_ADAPTER_CALL(a, kernel_set_arg_pointer, kernel, i, ptr);
      break;
    }
    default:
      smcp::rt::throw_error(errc::feature_not_supported,
                            "kernel '" + std::string(info.name) + "': parameter " +
                                std::to_string(i) + " is of kind " + param_kind_name(p.kind) +
                                ", which this runtime does not support yet");
    }
  }
}

bool is_power_of_two(size_t n) { return n && !(n & (n - 1)); }

} // namespace

queue_impl::queue_impl(std::shared_ptr<context_impl> context, std::shared_ptr<device_impl> device,
                       async_handler handler, property_list props)
    : _context(std::move(context)), _device(std::move(device)), _handler(std::move(handler)),
      _props(std::move(props)),
      _in_order(_props.has_property<property::queue::in_order>()) {
  if (!_context->contains(*_device))
    smcp::rt::throw_error(errc::invalid, "device '" + _device->name() +
                                             "' is not part of the queue's context");
  uint32_t flags = 0;
  if (_in_order)
    flags |= SMCP_QUEUE_IN_ORDER;
  if (_props.has_property<property::queue::enable_profiling>())
    flags |= SMCP_QUEUE_PROFILING;
  SMCP_ADAPTER_CALL(_context->adapter(), queue_create, _context->handle(), _device->handle(),
                    flags, &_handle);
}

queue_impl::~queue_impl() {
  // The backend finishes queued work on its own; SYCL's queue destructor does not wait.
  _context->adapter().try_call("queue_release", _context->adapter().table().queue_release,
                               _handle);
}

std::shared_ptr<event_impl> queue_impl::submit(const std::function<void(handler &)> &cgf) {
  auto impl = std::make_unique<handler_impl>();
  handler_impl &recorded = *impl;
  handler cgh = impl_access::make_handler(std::move(impl));
  cgf(cgh);
  auto e = execute(recorded.recorded(), recorded.dependencies());
  track(e);
  return e;
}

std::vector<smcp_event>
queue_impl::native_wait_list(const std::vector<std::shared_ptr<event_impl>> &deps) {
  std::vector<smcp_event> wait;
  for (const auto &d : deps) {
    if (!d->native())
      continue;
    if (d->context() == _context.get()) {
      wait.push_back(d->native());
    } else if (auto error = d->wait()) {
      // Another context's event cannot be a backend dependency: wait on the host.
      report_async(error);
    }
  }
  return wait;
}

std::shared_ptr<event_impl>
queue_impl::execute(const command &c, const std::vector<std::shared_ptr<event_impl>> &deps) {
  std::vector<smcp_event> wait = native_wait_list(deps);
  const auto &a = _context->adapter();
  smcp_event out = nullptr;
  if (auto *k = std::get_if<kernel_command>(&c)) {
    out = launch(*k, wait);
  } else if (auto *m = std::get_if<memcpy_command>(&c); m && m->bytes) {
    if (!m->dest || !m->src)
      smcp::rt::throw_error(errc::invalid, "memcpy of " + std::to_string(m->bytes) +
                                               " bytes with a null pointer");
    SMCP_ADAPTER_CALL(a, enqueue_memcpy, _handle, m->dest, m->src, m->bytes,
                      uint32_t(wait.size()), wait.data(), &out);
  } else if (auto *f = std::get_if<fill_command>(&c)) {
    out = fill(*f, wait);
  } else if (!wait.empty()) {
    // Nothing to run (or nothing to copy): complete once the dependencies are.
    SMCP_ADAPTER_CALL(a, event_wait, uint32_t(wait.size()), wait.data());
  }
  return std::make_shared<event_impl>(_context, out, weak_from_this());
}

smcp_event queue_impl::fill(const fill_command &f, const std::vector<smcp_event> &wait) {
  const auto &a = _context->adapter();
  const size_t size = f.pattern.size(), bytes = size * f.count;
  smcp_event out = nullptr;
  if (bytes == 0) {
    if (!wait.empty())
      SMCP_ADAPTER_CALL(a, event_wait, uint32_t(wait.size()), wait.data());
    return nullptr;
  }
  if (!f.dest)
    smcp::rt::throw_error(errc::invalid, "fill of a null pointer");
  if (is_power_of_two(size) && size <= 128) { // what backend fills take
    SMCP_ADAPTER_CALL(a, enqueue_fill, _handle, f.dest, f.pattern.data(), size, bytes,
                      uint32_t(wait.size()), wait.data(), &out);
    return out;
  }
  // Other pattern sizes: copy an expanded pattern and wait, so that the
  // temporary outlives the copy.
  std::vector<unsigned char> expanded(bytes);
  for (size_t i = 0; i < f.count; ++i)
    std::memcpy(expanded.data() + i * size, f.pattern.data(), size);
  SMCP_ADAPTER_CALL(a, enqueue_memcpy, _handle, f.dest, expanded.data(), bytes,
                    uint32_t(wait.size()), wait.data(), &out);
  SMCP_ADAPTER_CALL(a, event_wait, 1u, &out);
  return out;
}

smcp_event queue_impl::launch(const kernel_command &k, const std::vector<smcp_event> &wait) {
  if (!k.info)
    smcp::rt::throw_error(errc::kernel, "kernel launch without a kernel descriptor");
  const auto &info = *k.info;
  const auto &a = _context->adapter();
  size_t global[3], local[3], offset[3];
  bool empty = false, has_local = false, has_offset = false, partial_local = false;
  for (unsigned d = 0; d < k.dims; ++d) {
    // SYCL's dimension d is the backend's dims-1-d: SYCL's last dimension varies fastest.
    global[k.dims - 1 - d] = k.global[d];
    local[k.dims - 1 - d] = k.local[d];
    offset[k.dims - 1 - d] = k.offset[d];
    empty |= k.global[d] == 0;
    has_local |= k.local[d] != 0;
    partial_local |= k.local[d] == 0;
    has_offset |= k.offset[d] != 0;
  }
  if (has_local && partial_local)
    smcp::rt::throw_error(errc::nd_range, "kernel '" + std::string(info.name) +
                                              "': a local size of 0 in only some dimensions");
  auto image = image_registry::get().find_kernel(info.name, *_device);
  auto kernel = _context->programs().get_kernel(*_device, image, info.name);
  if (empty) { // nothing to run; still honour the dependencies
    if (!wait.empty())
      SMCP_ADAPTER_CALL(a, event_wait, uint32_t(wait.size()), wait.data());
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(*kernel.launch_lock);
  set_kernel_args(a, kernel.kernel, info, k.functor);
  smcp_event out = nullptr;
  SMCP_ADAPTER_CALL(a, enqueue_kernel, _handle, kernel.kernel, k.dims,
                    has_offset ? offset : nullptr, global, has_local ? local : nullptr,
                    uint32_t(wait.size()), wait.data(), &out);
  return out;
}

void queue_impl::track(const std::shared_ptr<event_impl> &e) {
  if (!e->native())
    return;
  std::lock_guard<std::mutex> lock(_mutex);
  if (_submitted.size() >= 1024) { // a queue that is never waited on: drop finished events
    std::vector<std::shared_ptr<event_impl>> pending;
    for (auto &s : _submitted) {
      bool done = false;
      try {
        done = s->status() == info::event_command_status::complete;
      } catch (...) {
        // A failed command: keep it so that wait() reports the error.
      }
      if (!done)
        pending.push_back(std::move(s));
    }
    _submitted.swap(pending);
  }
  _submitted.push_back(e);
}

void queue_impl::wait() {
  try {
    SMCP_ADAPTER_CALL(_context->adapter(), queue_finish, _handle);
  } catch (...) {
    report_async(std::current_exception());
  }
  std::vector<std::shared_ptr<event_impl>> events;
  {
    std::lock_guard<std::mutex> lock(_mutex);
    events.swap(_submitted);
  }
  for (const auto &e : events)
    if (auto error = e->wait())
      report_async(error);
}

void queue_impl::report_async(std::exception_ptr error) {
  std::lock_guard<std::mutex> lock(_mutex);
  _async_errors.push_back(std::move(error));
}

void queue_impl::throw_asynchronous() {
  std::vector<std::exception_ptr> errors;
  {
    std::lock_guard<std::mutex> lock(_mutex);
    errors.swap(_async_errors);
  }
  if (errors.empty())
    return;
  const async_handler &h = _handler ? _handler : _context->handler();
  if (h)
    return h(exception_list(std::move(errors)));
  // No handler anywhere: SYCL 2020 4.13.1.2 says the default one terminates.
  for (const auto &e : errors) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception &x) {
      std::fprintf(stderr, "SYCL asynchronous error without an async_handler: %s\n", x.what());
    } catch (...) {
      std::fprintf(stderr, "SYCL asynchronous error without an async_handler\n");
    }
  }
  std::terminate();
}

} // namespace sycl::detail
