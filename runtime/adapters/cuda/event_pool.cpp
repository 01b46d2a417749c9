// event_pool.cpp - the free lists of CUevents.
#include "event_pool.h"

namespace smcp::cuda {

smcp_result event_pool::take(kind k, CUevent &out) {
  {
    std::lock_guard<std::mutex> lock(_mutex);
    if (!_free[k].empty()) {
      out = _free[k].back();
      _free[k].pop_back();
      return SMCP_SUCCESS;
    }
  }
  SMCP_CU_CALL(cuEventCreate, (&out, k == timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING));
  return SMCP_SUCCESS;
}

void event_pool::give_back(kind k, CUevent event) {
  std::lock_guard<std::mutex> lock(_mutex);
  _free[k].push_back(event);
}

void event_pool::destroy_all() {
  std::lock_guard<std::mutex> lock(_mutex);
  for (auto &list : _free) {
    for (CUevent e : list)
      SMCP_CU_CHECK(cuEventDestroy, (e));
    list.clear();
  }
}

} // namespace smcp::cuda
