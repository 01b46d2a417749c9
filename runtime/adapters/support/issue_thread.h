// issue_thread.h - a thread that makes one queue's slow driver calls, in the
// order the queue received them.
//
// Some drivers spend more host time in their launch call than the whole
// runtime spends preparing the launch (CUDA's cuLaunchKernel: 3-4 us on the
// H100's host). A thread that submits many small kernels then waits on the
// driver most of the time. Handing each call to this thread lets the
// submitting thread prepare the next launch meanwhile: a queue then runs at
// the driver's rate, not at the sum of both.
//
// The adapter pushes an item per call and keeps the rest of its work on the
// calling thread; before anything else touches the queue's native objects
// (another kind of command, an event recorded or waited on, a native
// handle), it drains the thread, so the driver sees every call in the order
// of submission. A failed call is remembered by its sequence number, for the
// wait on its event to report.
//
// Both sides spin briefly before they sleep: a submitting loop keeps the
// thread busy, and a wait right after a submission (launch latency) is
// answered within the driver call's own time, not a futex wake-up's.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace smcp::adapter {

template <typename Item> class issue_thread {
public:
  /// issue(item) makes the driver call and returns 0 or the driver's error
  /// code; start() runs first on the thread (a driver context made current).
  issue_thread(std::function<int(Item &)> issue, std::function<void()> start,
               size_t capacity = 128)
      : _issue(std::move(issue)), _ring(capacity) {
    _thread = std::thread([this, start = std::move(start)] {
      if (start)
        start();
      run();
    });
  }
  issue_thread(const issue_thread &) = delete;
  issue_thread &operator=(const issue_thread &) = delete;
  ~issue_thread() { stop(); }

  /// Fills the next item in place (fill(Item &, its sequence number), under
  /// the thread's lock: keep it short) and queues it; blocks while the ring is full. Returns
  /// the item's sequence number (1 for the first).
  template <typename Fill> uint64_t push(Fill &&fill) {
    std::unique_lock<std::mutex> lock(_mutex);
    uint64_t seq;
    // The wait lets go of the lock: another producer may take the slot.
    // _issued is read again only when the ring seems full: the line it
    // shares with the issuing thread then moves between cores rarely.
    while ((seq = _published.load(std::memory_order_relaxed) + 1) - _issued_seen > _ring.size()) {
      _issued_seen = _issued.load(std::memory_order_seq_cst);
      if (seq - _issued_seen <= _ring.size())
        break;
      // Full: the producers outrun the driver. Sleep until half the ring
      // is free: one wake-up per many launches (a spinning producer would
      // take CPU time from the issuing thread).
      wait_issued(lock, seq - _ring.size() / 2);
    }
    fill(_ring[(seq - 1) % _ring.size()], seq);
    _published.store(seq, std::memory_order_seq_cst);
    if (_sleeping)
      _work.notify_one();
    return seq;
  }

  /// Returns once every item up to seq (all pushed so far: 0) was issued.
  void drain(uint64_t seq = 0) {
    if (seq == 0)
      seq = _published.load(std::memory_order_acquire);
    if (spin_until([&] { return _issued.load(std::memory_order_acquire) >= seq; }))
      return;
    std::unique_lock<std::mutex> lock(_mutex);
    wait_issued(lock, seq);
  }

  /// Whether item seq was issued (its call made): a status query's answer
  /// without a wait.
  bool issued(uint64_t seq) const { return _issued.load(std::memory_order_acquire) >= seq; }

  /// The error code item seq's call returned, or 0. Once issued.
  int failure_of(uint64_t seq) {
    if (_failed.load(std::memory_order_acquire) == 0)
      return 0;
    std::lock_guard<std::mutex> lock(_mutex);
    for (const auto &[at, code] : _failures)
      if (at == seq)
        return code;
    return 0;
  }

  /// Issues what is left, then ends the thread. Idempotent.
  void stop() {
    {
      std::lock_guard<std::mutex> lock(_mutex);
      if (_stopping)
        return;
      _stopping = true;
      _work.notify_one();
    }
    if (_thread.joinable())
      _thread.join();
  }

private:
  /// How long either side spins before it sleeps.
  static constexpr std::chrono::microseconds spin_time{50};
  /// Failures kept for their events' waits: a driver that fails this often
  /// is past reporting each one.
  static constexpr size_t max_failures = 64;

  template <typename Done> static bool spin_until(Done done) {
    const auto until = std::chrono::steady_clock::now() + spin_time;
    for (unsigned i = 0;; ++i) {
      if (done())
        return true;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
      if ((i & 63) == 63 && std::chrono::steady_clock::now() > until)
        return false;
    }
  }

  /// Sleeps until item seq was issued. The issuing thread wakes the waiters
  /// once it reaches the lowest sequence number one of them waits for: not
  /// after every item. (_wake_at is lowered before _issued is read, and the
  /// issuing thread reads _wake_at after it stores _issued: one of the two
  /// sees the other.)
  void wait_issued(std::unique_lock<std::mutex> &lock, uint64_t seq) {
    _waiting.fetch_add(1, std::memory_order_seq_cst);
    for (;;) {
      if (seq < _wake_at.load(std::memory_order_relaxed))
        _wake_at.store(seq, std::memory_order_seq_cst);
      if (_issued.load(std::memory_order_seq_cst) >= seq)
        break;
      _done.wait(lock);
    }
    _waiting.fetch_sub(1, std::memory_order_relaxed);
  }

  void run() {
    uint64_t next = 1;
    uint64_t seen = 0; // _published at the last look: read again only when caught up, so
                       // that its cache line leaves the producers' core once per batch
    for (;;) {
      auto available = [&] {
        return (seen = _published.load(std::memory_order_acquire)) >= next;
      };
      if (seen < next && !available() && !spin_until(available)) {
        std::unique_lock<std::mutex> lock(_mutex);
        _sleeping = true;
        _work.wait(lock, [&] { return available() || _stopping; });
        _sleeping = false;
        if (!available())
          return; // stopping, and everything was issued
      }
      Item &item = _ring[(next - 1) % _ring.size()];
      if (int code = _issue(item)) {
        std::lock_guard<std::mutex> lock(_mutex);
        if (_failures.size() == max_failures)
          _failures.erase(_failures.begin());
        _failures.emplace_back(next, code);
        _failed.fetch_add(1, std::memory_order_release);
      }
      _issued.store(next++, std::memory_order_seq_cst);
      if (_waiting.load(std::memory_order_seq_cst) > 0 &&
          next - 1 >= _wake_at.load(std::memory_order_seq_cst)) {
        std::lock_guard<std::mutex> lock(_mutex);
        _wake_at.store(UINT64_MAX, std::memory_order_relaxed); // who still waits lowers it again
        _done.notify_all();
      }
    }
  }

  std::function<int(Item &)> _issue;
  std::vector<Item> _ring;
  // Each side's hot words on their own cache lines: the producers write
  // _published, the issuing thread _issued.
  alignas(64) std::mutex _mutex;
  uint64_t _issued_seen = 0; // the producers' last look at _issued; under _mutex
  bool _sleeping = false, _stopping = false; // under _mutex
  alignas(64) std::atomic<uint64_t> _published{0};
  alignas(64) std::atomic<uint64_t> _issued{0};
  alignas(64) std::atomic<int> _waiting{0};
  std::atomic<uint64_t> _wake_at{UINT64_MAX}; // written under _mutex
  std::atomic<size_t> _failed{0}; // failures ever: none means no lookup
  std::condition_variable _work, _done;
  std::vector<std::pair<uint64_t, int>> _failures;
  std::thread _thread;
};

} // namespace smcp::adapter
