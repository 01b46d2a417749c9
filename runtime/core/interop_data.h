// interop_data.h - what a host task's interop_handle reveals: the queue's
// native objects and the device addresses of its device accessors.
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace sycl::detail {

class queue_impl;
class accessor_impl;

struct interop_data {
  std::shared_ptr<queue_impl> queue;
  std::vector<std::pair<const accessor_impl *, void *>> memory;
};

} // namespace sycl::detail
