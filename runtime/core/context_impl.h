// context_impl.h - a backend context over devices of one platform, with the
// programs built in it.
#pragma once

#include "device_globals.h"
#include "device_impl.h"
#include "peer_copies.h"
#include "program_cache.h"
#include "temporary_pool.h"
#include "texture_cache.h"

#include <sycl/exception.hpp>

#include <memory>
#include <vector>

namespace sycl::detail {

class context_impl {
public:
  context_impl(platform_impl &platform, std::vector<std::shared_ptr<device_impl>> devices,
               async_handler handler);
  context_impl(const context_impl &) = delete;
  context_impl &operator=(const context_impl &) = delete;
  ~context_impl();

  const smcp::rt::adapter &adapter() const { return _platform.adapter(); }
  platform_impl &platform() const { return _platform; }
  smcp_context handle() const { return _handle; }
  const std::vector<std::shared_ptr<device_impl>> &devices() const { return _devices; }
  bool contains(const device_impl &d) const;
  const async_handler &handler() const { return _handler; }
  program_cache &programs() { return *_programs; }
  device_global_instances &device_globals() { return *_device_globals; }
  temporary_pool &temporaries() { return *_temporaries; }
  /// Which of its devices copy each other's memory without the host.
  const peer_copies &peers() const { return *_peers; }
  /// Backend textures for sampled image accessors (texture_cache.h).
  texture_cache &textures() const { return *_textures; }

private:
  platform_impl &_platform;
  std::vector<std::shared_ptr<device_impl>> _devices;
  async_handler _handler;
  smcp_context _handle = nullptr;
  std::unique_ptr<program_cache> _programs;
  std::unique_ptr<device_global_instances> _device_globals;
  std::unique_ptr<temporary_pool> _temporaries;
  std::unique_ptr<peer_copies> _peers;
  std::unique_ptr<texture_cache> _textures;
};

} // namespace sycl::detail
