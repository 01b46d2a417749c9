// issue_thread_test.cpp - the thread that makes a queue's slow driver calls
// in order (runtime/adapters/support/issue_thread.h), with a fake driver
// call: order, drains, failures by sequence number, a full ring, many
// producers, and the end of the thread.
#include "adapters/support/issue_thread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

using smcp::adapter::issue_thread;

struct call {
  int producer = 0, value = 0;
};

/// Records what the thread issued, optionally slowly, failing chosen values.
struct fake_driver {
  std::vector<call> issued; // only the issuing thread writes; read after a drain
  std::chrono::microseconds delay{0};
  int fail_value = -1;
  std::atomic<bool> started{false};
  std::atomic<size_t> count{0}; // issued so far: readable while the thread runs

  issue_thread<call> make(size_t capacity = 128) {
    return issue_thread<call>(
        [this](call &c) {
          if (delay.count())
            std::this_thread::sleep_for(delay);
          issued.push_back(c);
          ++count;
          return c.value == fail_value ? 700 + c.value : 0;
        },
        [this] { started = true; }, capacity);
  }
};

uint64_t push(issue_thread<call> &t, int value, int producer = 0) {
  return t.push([&](call &slot, uint64_t) { slot = {producer, value}; });
}

TEST(IssueThread, IssuesInOrderAndDrainWaitsForAll) {
  fake_driver d;
  d.delay = std::chrono::microseconds(200); // the driver is slower than the pushes
  auto t = d.make();
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(push(t, i), uint64_t(i + 1));
  t.drain();
  ASSERT_EQ(d.issued.size(), 20u);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(d.issued[size_t(i)].value, i);
  EXPECT_TRUE(d.started) << "start() runs on the thread before the first call";
}

TEST(IssueThread, DrainToASequenceNumberWaitsForThatItemOnly) {
  fake_driver d;
  d.delay = std::chrono::microseconds(2000);
  auto t = d.make();
  const uint64_t first = push(t, 1);
  for (int i = 2; i <= 6; ++i)
    push(t, i);
  t.drain(first);
  EXPECT_GE(d.count.load(), 1u);
  EXPECT_LT(d.count.load(), 6u) << "six 2 ms calls cannot all be done when the first is";
  t.drain();
  EXPECT_EQ(d.count.load(), 6u);
}

TEST(IssueThread, AFailedCallIsKnownByItsSequenceNumber) {
  fake_driver d;
  d.fail_value = 3;
  auto t = d.make();
  std::vector<uint64_t> seq;
  for (int i = 0; i < 6; ++i)
    seq.push_back(push(t, i));
  t.drain();
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(t.failure_of(seq[size_t(i)]), i == 3 ? 703 : 0) << i;
}

TEST(IssueThread, AFullRingMakesTheProducerWaitWithoutLosingItems) {
  fake_driver d;
  d.delay = std::chrono::microseconds(100);
  auto t = d.make(4);
  for (int i = 0; i < 50; ++i)
    push(t, i);
  t.drain();
  ASSERT_EQ(d.issued.size(), 50u);
  for (int i = 0; i < 50; ++i)
    EXPECT_EQ(d.issued[size_t(i)].value, i);
}

TEST(IssueThread, ProducersOnManyThreadsKeepTheirOwnOrder) {
  fake_driver d;
  auto t = d.make(8);
  constexpr int producers = 4, each = 2000;
  std::vector<std::thread> pool;
  for (int p = 0; p < producers; ++p)
    pool.emplace_back([&, p] {
      for (int i = 0; i < each; ++i)
        push(t, i, p);
    });
  for (auto &p : pool)
    p.join();
  t.drain();
  ASSERT_EQ(d.issued.size(), size_t(producers * each));
  std::vector<int> next(producers, 0);
  for (const call &c : d.issued)
    ASSERT_EQ(c.value, next[size_t(c.producer)]++) << "producer " << c.producer;
}

TEST(IssueThread, StopIssuesWhatIsLeftAndASleepingThreadWakesForWork) {
  fake_driver d;
  {
    auto t = d.make();
    push(t, 1);
    t.drain();
    // Past the thread's spin: it sleeps, and a push must wake it.
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    d.delay = std::chrono::microseconds(500);
    for (int i = 2; i <= 5; ++i)
      push(t, i);
  } // destroyed: stop() issues the rest, then joins
  ASSERT_EQ(d.issued.size(), 5u);
  EXPECT_EQ(d.issued.back().value, 5);
}

} // namespace
