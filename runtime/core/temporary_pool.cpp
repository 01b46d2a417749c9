// temporary_pool.cpp - reused shared-USM blocks for commands' temporaries.
#include "temporary_pool.h"

#include "device_impl.h"
#include "error.h"

#include <cstring>
#include <tuple>

namespace sycl::detail {

/// Free blocks by (device, size class, zeroed). Blocks are powers of two from
/// 256 bytes, so that the sizes of one program's launches share a few classes.
struct temporary_pool::state {
  const smcp::rt::adapter &adapter;
  smcp_context context;
  std::mutex mutex;
  std::map<std::tuple<smcp_device, size_t, bool>, std::vector<void *>> free;

  state(const smcp::rt::adapter &a, smcp_context c) : adapter(a), context(c) {}
  ~state() {
    for (auto &[key, blocks] : free)
      for (void *p : blocks)
        adapter.try_call("usm_free", adapter.table().usm_free, context, SMCP_USM_SHARED, p);
  }
};

namespace {

size_t size_class(size_t bytes) {
  size_t size = 256;
  while (size < bytes)
    size *= 2;
  return size;
}

} // namespace

temporary_pool::temporary_pool(const smcp::rt::adapter &adapter, smcp_context context)
    : _state(std::make_shared<state>(adapter, context)) {}

temporary_pool::~temporary_pool() = default;

std::shared_ptr<void> temporary_pool::take(const device_impl &device, size_t bytes, bool zeroed) {
  const auto key = std::make_tuple(device.handle(), size_class(bytes), zeroed);
  void *block = nullptr;
  {
    std::lock_guard<std::mutex> lock(_state->mutex);
    auto &blocks = _state->free[key];
    if (!blocks.empty()) {
      block = blocks.back();
      blocks.pop_back();
    }
  }
  if (!block) {
    SMCP_ADAPTER_CALL(_state->adapter, usm_alloc, _state->context, device.handle(),
                      SMCP_USM_SHARED, std::get<1>(key), 0, &block);
    if (zeroed)
      std::memset(block, 0, std::get<1>(key));
  }
  std::shared_ptr<state> owner = _state;
  return std::shared_ptr<void>(block, [owner, key](void *p) {
    std::lock_guard<std::mutex> lock(owner->mutex);
    owner->free[key].push_back(p);
  });
}

} // namespace sycl::detail
