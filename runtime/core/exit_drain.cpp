// exit_drain.cpp - waiting for the runtime's outstanding work at exit.
#include "exit_drain.h"

#include "chrome_trace.h"
#include "queue_impl.h"
#include "thread_pool.h"
#include "trace.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace sycl::detail {
namespace {

// Leaked on purpose: queues of static objects unregister after exit handlers.
std::mutex &registry_mutex() {
  static auto *m = new std::mutex;
  return *m;
}
std::vector<queue_impl *> &registry() {
  static auto *queues = new std::vector<queue_impl *>;
  return *queues;
}
std::atomic<bool> drained{false};

/// The queues still alive, kept alive while they are drained. A queue
/// whose destructor has begun is skipped: it retires its backend queue on
/// the pool, which the drain waits for.
std::vector<std::shared_ptr<queue_impl>> live_queues() {
  std::lock_guard<std::mutex> lock(registry_mutex());
  std::vector<std::shared_ptr<queue_impl>> live;
  for (queue_impl *q : registry())
    if (auto s = q->weak_from_this().lock())
      live.push_back(std::move(s));
  return live;
}

void drain_at_exit() {
  // Registered again after new programs' first commands (exit_drain.h): the
  // latest registration drains, the earlier ones find it done. Running the
  // drain again later would call into backends whose statics are gone.
  if (drained)
    return;
  smcp::rt::trace("exit: draining the runtime's outstanding work");
  // A host task or a release may submit further work: repeat until a round
  // finds the pool idle and every queue finished. Bounded, so that a host
  // task that never ends is the user's hang, not a loop of ours.
  for (int round = 0; round < 16; ++round) {
    smcp::rt::thread_pool::get().wait_idle();
    bool work = false;
    for (const auto &q : live_queues())
      work |= q->drain();
    smcp::rt::thread_pool::get().wait_idle();
    if (!work)
      break;
  }
  drained = true;
  // The work is done: the Chrome trace holds every command that ended.
  smcp::rt::chrome_trace_write(/*finish_deferred=*/true);
}

} // namespace

void install_exit_drain() {
  static const bool installed = [] {
    if (std::atexit(drain_at_exit) != 0)
      smcp::rt::trace("exit: could not register the exit handler");
    return true;
  }();
  (void)installed;
}

void register_live_queue(queue_impl *q) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  registry().push_back(q);
}

void unregister_live_queue(queue_impl *q) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  auto &r = registry();
  r.erase(std::remove(r.begin(), r.end(), q), r.end());
}

namespace {
std::atomic<bool> renew_pending{false};
} // namespace

void program_built() { renew_pending = true; }

void command_finished() {
  // The handler returns at once where another registration already drained.
  if (renew_pending.exchange(false) && std::atexit(drain_at_exit) != 0)
    smcp::rt::trace("exit: could not register the exit handler again");
}

bool exit_drained() { return drained; }

} // namespace sycl::detail
