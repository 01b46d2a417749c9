// temporary_pool.h - memory for commands' temporaries (reductions' partial
// results and counters), kept per context for reuse: allocating shared USM
// per launch, and freeing it (cuMemFree synchronises the whole device),
// cost more than a large reduction itself on a GPU.
#pragma once

#include "adapter.h"

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace sycl::detail {

class device_impl;

class temporary_pool {
public:
  temporary_pool(const smcp::rt::adapter &adapter, smcp_context context);
  ~temporary_pool();
  temporary_pool(const temporary_pool &) = delete;
  temporary_pool &operator=(const temporary_pool &) = delete;

  /// At least `bytes` of shared USM for device, back in the pool when the
  /// returned owner goes. `zeroed`: zero when handed out; its user must leave
  /// it zero again (a reduction's counter), since the pool does not clear
  /// it (a host write would move the pages back from the device).
  std::shared_ptr<void> take(const device_impl &device, size_t bytes, bool zeroed);

private:
  struct state;
  std::shared_ptr<state> _state; // owners of taken blocks keep it too
};

} // namespace sycl::detail
