// event_pool.h - CUevents kept for reuse: creating and destroying an event per
// command costs about as much as the launch itself (3.6 us on the H100), so
// released events go back to a free list of their context.
#pragma once

#include "common.h"

#include <mutex>
#include <vector>

namespace smcp::cuda {

class event_pool {
public:
  /// Events that record timestamps (profiling queues) or not (all others:
  /// CU_EVENT_DISABLE_TIMING makes recording and waiting cheaper).
  enum kind { no_timing = 0, timing = 1 };

  /// take() and destroy_all() need the pool's context current.
  smcp_result take(kind k, CUevent &out);
  void give_back(kind k, CUevent event);
  /// Destroys the pooled events (their context is about to go).
  void destroy_all();

private:
  std::mutex _mutex;
  std::vector<CUevent> _free[2];
};

} // namespace smcp::cuda
