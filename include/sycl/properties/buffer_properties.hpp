// The buffer properties of SYCL 2020 4.7.2.2.
#pragma once

#include "../context.hpp"
#include "../property_list.hpp"

#include <mutex>

namespace sycl::detail {
/// The memory properties buffers and images (image.hpp) share, each class
/// with its own property types.
class mutex_property {
public:
  explicit mutex_property(std::mutex &M) : _mutex(&M) {}
  std::mutex *get_mutex_ptr() const { return _mutex; }

private:
  std::mutex *_mutex;
};
class context_property {
public:
  explicit context_property(context C) : _context(std::move(C)) {}
  context get_context() const { return _context; }

private:
  context _context;
};
} // namespace sycl::detail

namespace sycl::property::buffer {

/// The buffer uses the host pointer it was given as its host memory.
class use_host_ptr {};

/// The runtime holds the mutex while it writes the buffer's data back.
class use_mutex : public sycl::detail::mutex_property {
public:
  using mutex_property::mutex_property;
};

/// The buffer may only be used in queues of this context.
class context_bound : public sycl::detail::context_property {
public:
  using context_property::context_property;
};

} // namespace sycl::property::buffer

namespace sycl::detail {
template <> struct property_kind_of<property::buffer::use_host_ptr>
    : property_kind_constant<property_kind::buffer_use_host_ptr> {};
template <> struct property_kind_of<property::buffer::use_mutex>
    : property_kind_constant<property_kind::buffer_use_mutex> {};
template <> struct property_kind_of<property::buffer::context_bound>
    : property_kind_constant<property_kind::buffer_context_bound> {};
} // namespace sycl::detail
