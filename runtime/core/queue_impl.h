// queue_impl.h - a backend queue: turns command groups into graph nodes
// (scheduler.h), with the data movement their accessors require
// (mem_object.h), and collects asynchronous errors for the async_handler.
#pragma once

#include "context_impl.h"
#include "event_impl.h"
#include "handler_impl.h"
#include "kernel_requirements.h"
#include "launch_constants.h"

#include <sycl/property_list.hpp>

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace sycl {
class handler;
}
namespace smcp::fatbin {
struct KernelImplicitArgs;
}

namespace sycl::detail {

class queue_impl : public std::enable_shared_from_this<queue_impl> {
public:
  queue_impl(std::shared_ptr<context_impl> context, std::shared_ptr<device_impl> device,
             async_handler handler, property_list props);
  queue_impl(const queue_impl &) = delete;
  queue_impl &operator=(const queue_impl &) = delete;
  ~queue_impl();

  const std::shared_ptr<context_impl> &context() const { return _context; }
  const std::shared_ptr<device_impl> &device() const { return _device; }
  const property_list &properties() const { return _props; }
  bool in_order() const { return _in_order; }
  bool profiling() const { return _profiling; }
  /// This queue's track (tid) in the Chrome trace: 1, 2, ... by first use.
  uint32_t trace_track() const;
  smcp_queue handle() const { return _handle; }

  std::shared_ptr<event_impl> submit(const std::function<void(handler &)> &cgf);
  void wait();
  void throw_asynchronous();
  void report_async(std::exception_ptr error);
  /// At exit (exit_drain.h): waits for the submitted commands and the backend
  /// queue, dropping their errors. True when there was something to wait for.
  bool drain();

  /// An event that completes with `wait` (null when there is nothing to wait for).
  smcp_event marker(const std::vector<smcp_event> &wait, smcp_event_purpose purpose);

  /// A backend copy after deps (scheduler lock held): buffer transfers.
  smcp_event enqueue_copy(void *dst, const void *src, size_t bytes,
                          const dep_list &deps,
                          smcp_event_purpose purpose);

private:
  /// What a kernel descriptor resolves to on this queue's device: the image,
  /// its aspects checked, and the kernel when no specialization values or
  /// bundle choose the program. Valid while the image registry is unchanged.
  struct resolved_kernel {
    const char *name = nullptr; // the descriptor's: a reused descriptor address misses
    uint64_t registry_changes = 0;
    std::shared_ptr<const registered_image> image;
    smcp_kernel kernel = nullptr;
    bool has_textured = false; // the image holds the kernel's textured variant
    smcp_kernel textured = nullptr; // that variant, where kernel is set
    const smcp::fatbin::KernelImplicitArgs *implicit = nullptr; // in image; null: none
    required_work_group reqd;
    std::vector<smcp::detail::kernel_param_desc> params; // the image's, in kernel order
    /// Argument words each launch's program is specialized on (kernel is then null).
    std::vector<smcp::fatbin::LaunchConstant> launch_constants;
  };
  /// Valid until this thread's next resolve.
  const resolved_kernel &resolve(const smcp::detail::kernel_info &info);
  resolved_kernel resolve_shared(const smcp::detail::kernel_info &info, uint64_t changes);

  struct kernel_plan;
  void prepare_kernel(kernel_command &&k, const handler_impl &h, kernel_plan &out);
  /// The plan's kernel, and its follow-up after it; `node` (commands that
  /// report their times) keeps the first kernel's event.
  smcp_event launch(const kernel_plan &plan, const std::vector<smcp_event> &wait,
                    smcp_event_purpose purpose, event_impl *node = nullptr);
  smcp_event launch_kernel(const kernel_plan &plan, const std::vector<smcp_event> &wait,
                           smcp_event_purpose purpose);
  void release_event(smcp_event e) const;
  /// Launches a node the scheduler let this thread claim (no graph wait:
  /// the common USM kernel), then records it; `previous` is the in-order
  /// predecessor, which the backend queue orders without a wait; `purpose`
  /// who waits for its event, as the graph knew at the claim. A launch error
  /// is thrown.
  void launch_claimed(const std::shared_ptr<event_impl> &node, const kernel_plan &plan,
                      const event_impl *previous, smcp_event_purpose purpose);
  /// An in-order queue's kernel without buffers or explicit dependencies
  /// whose previous command launched on the backend queue: launched at
  /// once, its node made and recorded after the launch. _order_mutex held.
  std::shared_ptr<event_impl> launch_in_order(const kernel_plan &plan, handler_impl &recorded);
  /// A USM copy between device allocations of two devices of the context
  /// that copy each other's memory (peer_copies.h): (source, destination).
  std::optional<std::pair<std::shared_ptr<device_impl>, std::shared_ptr<device_impl>>>
  peer_route(const memcpy_command &m) const;
  /// Names a command group's node in the Chrome trace (chrome_trace.h).
  void set_trace(event_impl &node, const command &c) const;
  void track(const std::shared_ptr<event_impl> &e);
  void track_locked(const std::shared_ptr<event_impl> &e); // the scheduler's lock held
  /// Whether every command submitted here has finished.
  bool idle();

  std::shared_ptr<context_impl> _context;
  std::shared_ptr<device_impl> _device;
  async_handler _handler;
  property_list _props;
  bool _in_order, _profiling;
  mutable std::once_flag _trace_track_once; // _trace_track: numbered on first use
  mutable uint32_t _trace_track = 0;
  smcp_queue _handle = nullptr;
  // In-order queues: each submission holds _order_mutex from the graph's
  // update to its launch (taken before the scheduler's lock); it guards
  // _last and _last_launched.
  std::mutex _order_mutex;
  std::shared_ptr<event_impl> _last;
  bool _last_launched = true; // _last (if any) launched on the backend queue or completed

  const uint64_t _id = next_id(); // never reused, unlike the address
  static uint64_t next_id() {
    static std::atomic<uint64_t> next{1};
    return next++;
  }
  std::mutex _resolved_mutex; // guards _resolved; taken alone
  std::unordered_map<const smcp::detail::kernel_info *, resolved_kernel> _resolved;

  // Guarded by the scheduler's lock, which every submission holds anyway.
  std::vector<std::shared_ptr<event_impl>> _submitted;
  size_t _prune_at = 1024; // the size of _submitted at which finished events are dropped

  std::mutex _mutex; // guards _async_errors; taken alone or after the scheduler's lock
  std::vector<std::exception_ptr> _async_errors;
};

} // namespace sycl::detail
