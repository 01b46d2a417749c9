// buffer_test.cpp - the scheduler's dependency analysis and the data
// movement of each access mode, against the recording adapter: transfers are
// counted by direction, dependencies read from each launch's wait list.
#include "accessor_kernels.h"
#include "core/error.h"
#include "recording_adapter.h"
#include "recording_gpu_test.h"

#include <sycl/accessor.hpp>
#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <future>
#include <map>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <thread>

using smcp::detail::kernel_info;
using smcp::detail::kernel_param_desc;
using smcp::detail::param_kind;
using smcp::test::launch;
namespace rec = smcp::recording;

namespace {

class Buffers : public RecordingGpuTest {
protected:
  void SetUp() override {
    RecordingGpuTest::SetUp();
    rec::clear();
  }
  smcp::test::registered_blob blob{{"k1", "k2", "k3", "k4"}};
};

using read_acc = sycl::accessor<int, 1, sycl::access_mode::read>;
using write_acc = sycl::accessor<int, 1, sycl::access_mode::write>;
using rw_acc = sycl::accessor<int, 1, sycl::access_mode::read_write>;

} // namespace

TEST_F(Buffers, ReadOnlyIsUploadedOnceAndNeverWrittenBack) {
  int host[4] = {1, 2, 3, 4};
  {
    sycl::buffer<int> b(host, sycl::range<1>(4));
    for (const char *k : {"k1", "k2", "k3"})
      q->submit([&](sycl::handler &h) { launch(h, read_acc(b, h), k); });
    q->wait();
    EXPECT_EQ(rec::copies("host->device"), 1u);
  }
  EXPECT_EQ(rec::copies("device->host"), 0u);
  EXPECT_EQ(rec::live_allocations(), 0u);
}

TEST_F(Buffers, ReadWriteIsCopiedInAndBack) {
  int host[4] = {1, 2, 3, 4};
  {
    sycl::buffer<int> b(host, sycl::range<1>(4));
    q->submit([&](sycl::handler &h) { launch(h, rw_acc(b, h), "k1"); });
    q->submit([&](sycl::handler &h) { launch(h, rw_acc(b, h), "k2"); });
  }
  EXPECT_EQ(rec::copies("host->device"), 1u);
  EXPECT_EQ(rec::copies("device->host"), 1u);
}

TEST_F(Buffers, NoInitIsNeverCopiedInButWriteOnlyIs) {
  int host[4] = {};
  {
    sycl::buffer<int> b(host, sycl::range<1>(4));
    q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "k1"); });
    EXPECT_EQ(rec::copies("host->device"), 0u);
  }
  EXPECT_EQ(rec::copies("device->host"), 1u);
  rec::clear();
  {
    sycl::buffer<int> b(host, sycl::range<1>(4));
    q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h), "k1"); }); // keeps old data
    // A ranged no_init write keeps the elements outside its range: copied in.
    q->submit([&](sycl::handler &h) {
      launch(h, write_acc(b, h, sycl::range<1>(2), sycl::no_init), "k2");
    });
  }
  EXPECT_EQ(rec::copies("host->device"), 1u);
  EXPECT_EQ(rec::copies("device->host"), 1u);
}

TEST_F(Buffers, CombinedModesKeepOldData) {
  // Table 4: no_init write + read in one group is read_write, not a discard.
  int host[4] = {};
  sycl::buffer<int> b(host, sycl::range<1>(4));
  q->submit([&](sycl::handler &h) {
    read_acc r(b, h);
    launch(h, write_acc(b, h, sycl::no_init), "k1");
  });
  q->wait();
  EXPECT_EQ(rec::copies("host->device"), 1u);
}

TEST_F(Buffers, ReadersDependOnTheWriterNotOnEachOther) {
  sycl::buffer<int> b{sycl::range<1>(4)};
  q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "k1"); });
  q->submit([&](sycl::handler &h) { launch(h, read_acc(b, h), "k2"); });
  q->submit([&](sycl::handler &h) { launch(h, read_acc(b, h), "k3"); });
  q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h), "k4"); });
  q->wait();
  auto l = rec::launches();
  ASSERT_EQ(l.size(), 4u);
  EXPECT_EQ(l[0].num_wait, 0u);
  EXPECT_EQ(l[1].num_wait, 1u); // RAW on k1
  EXPECT_EQ(l[2].num_wait, 1u); // RAW on k1 only: readers run concurrently
  EXPECT_EQ(l[3].num_wait, 2u); // WAR on k2 and k3 (k1 comes before them)
  EXPECT_EQ(rec::copies("host->device") + rec::copies("device->host"), 0u);
}

TEST_F(Buffers, SubBuffersOverlapRangedAccessorsAlwaysDo) {
  sycl::buffer<int> b{sycl::range<1>(16)};
  sycl::buffer<int> lo(b, sycl::id<1>(0), sycl::range<1>(8)), hi(b, sycl::id<1>(8), sycl::range<1>(8));
  sycl::buffer<int> mid(b, sycl::id<1>(4), sycl::range<1>(8));
  q->submit([&](sycl::handler &h) { launch(h, write_acc(lo, h, sycl::no_init), "k1"); });
  q->submit([&](sycl::handler &h) { launch(h, write_acc(hi, h, sycl::no_init), "k2"); });
  q->submit([&](sycl::handler &h) { launch(h, rw_acc(mid, h), "k3"); });
  // Disjoint ranges of one buffer still form one requisite (DAG-6).
  q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::range<1>(4)), "k4"); });
  q->wait();
  auto l = rec::launches();
  ASSERT_EQ(l.size(), 4u);
  EXPECT_EQ(l[1].num_wait, 0u); // disjoint sub-buffers: independent
  EXPECT_EQ(l[2].num_wait, 2u); // straddles both
  EXPECT_EQ(l[3].num_wait, 3u); // k1, k2 and k3: k3 covers neither of the others
  // The kernel sees the sub-buffer's start.
  EXPECT_EQ(static_cast<const char *>(l[1].pointer_args[0]) -
                static_cast<const char *>(l[0].pointer_args[0]),
            8 * 4);
}

TEST_F(Buffers, HostAccessorCopiesBackAndHoldsLaterGroups) {
  sycl::buffer<int> b{sycl::range<1>(4)};
  q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "k1"); });
  {
    sycl::host_accessor ha(b);
    EXPECT_EQ(rec::copies("device->host"), 1u);
    q->submit([&](sycl::handler &h) { launch(h, read_acc(b, h), "k2"); });
    EXPECT_EQ(rec::launches().size(), 1u); // held back by the host accessor
  }
  EXPECT_EQ(rec::launches().size(), 2u);
  EXPECT_EQ(rec::copies("host->device"), 1u); // the host wrote: uploaded again
  q->wait();
}

TEST_F(Buffers, RangeBufferIsNeverWrittenBackUnlessAsked) {
  std::vector<int> out(4, -1);
  {
    sycl::buffer<int> b{sycl::range<1>(4)};
    q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "k1"); });
  }
  EXPECT_EQ(rec::copies("device->host"), 0u);
  {
    sycl::buffer<int> b{sycl::range<1>(4)};
    b.set_final_data(out.data());
    q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "k1"); });
  }
  EXPECT_EQ(rec::copies("device->host"), 1u);
}

TEST_F(Buffers, UnregisteredAccessorIsAKernelArgumentError) {
  sycl::buffer<int> b{sycl::range<1>(4)};
  rw_acc placeholder(b);
  try {
    q->submit([&](sycl::handler &h) { launch(h, placeholder, "k1"); });
    FAIL() << "no error";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_argument);
    EXPECT_NE(std::string(e.what()).find("handler::require"), std::string::npos) << e.what();
  }
  q->submit([&](sycl::handler &h) {
    h.require(placeholder);
    launch(h, placeholder, "k1");
  });
  q->wait();
  EXPECT_EQ(rec::launches().size(), 1u);
}

TEST_F(Buffers, LocalAccessorIsALocalArgument) {
  using local = sycl::local_accessor<float, 1>;
  smcp::test::registered_blob blob{
      {"local_k"},
      {{"local_k",
        sizeof(local),
        {{param_kind::accessor, smcp::abi::accessor_info(smcp::abi::local_target, 1), 0},
         {param_kind::std_layout, int(sizeof(local) - 8), 8}}}}};
  static const kernel_info info{"local_k", unsigned(sizeof(local))};
  q->submit([&](sycl::handler &h) {
    local l(sycl::range<1>(10), h);
    sycl::detail::launch_range r;
    r.global[0] = 16;
    r.local[0] = 8;
    sycl::detail::header_access::launch(h, &info, &l, sizeof(l), r);
  });
  q->wait();
  auto l = rec::launches();
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].local_args[0], 10 * sizeof(float));
  EXPECT_EQ(rec::count("enqueue_launch"), 1u);
}

TEST_F(Buffers, ManyThreadsSubmitSafely) {
  sycl::buffer<int> b{sycl::range<1>(4)};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i)
        q->submit([&](sycl::handler &h) { launch(h, rw_acc(b, h), "k1"); });
    });
  for (auto &t : threads)
    t.join();
  q->wait();
  auto l = rec::launches();
  ASSERT_EQ(l.size(), 1600u);
  size_t first = 0;
  for (const auto &x : l)
    first += x.num_wait == 0;
  EXPECT_EQ(first, 1u); // every other group waits for the previous writer
}

namespace {

/// Puts the buffer's data on the device (a kernel writes it), so that the
/// commands below start from data that lives on the device only.
template <typename T, int D> void write_on_device(sycl::queue &q, sycl::buffer<T, D> &b) {
  q.submit([&](sycl::handler &h) {
    launch(h, sycl::accessor<T, D, sycl::access_mode::read_write>(b, h), "k1");
  });
}

} // namespace

TEST_F(Buffers, AccessorFillIsOneDeviceFillWithoutTransfers) {
  sycl::buffer<int> b{sycl::range<1>(64)};
  q->submit([&](sycl::handler &h) { h.fill(sycl::accessor(b, h, sycl::write_only), 7); });
  q->wait();
  EXPECT_EQ(rec::count("enqueue_fill"), 1u);
  EXPECT_EQ(rec::copies("host->device") + rec::copies("device->host"), 0u);
  sycl::host_accessor h(b, sycl::read_only);
  EXPECT_EQ(h[0] + h[63], 14);
  EXPECT_EQ(rec::copies("device->host"), 1u); // only the host accessor's
}

TEST_F(Buffers, NoInitFillOfABufferWithHostDataCopiesNothingIn) {
  std::vector<int> data(64, 1);
  {
    sycl::buffer<int> b{data.data(), sycl::range<1>(64)};
    q->submit([&](sycl::handler &h) {
      h.fill(sycl::accessor(b, h, sycl::write_only, sycl::no_init), 3);
    });
  }
  EXPECT_EQ(rec::copies("host->device"), 0u);
  EXPECT_EQ(rec::copies("device->host"), 1u); // the write-back
  EXPECT_EQ(data[0] + data[63], 6);
}

TEST_F(Buffers, AccessorCopyToHostGoesStraightIntoTheUsersMemory) {
  sycl::buffer<int> b{sycl::range<1>(16)};
  q->submit([&](sycl::handler &h) { h.fill(sycl::accessor(b, h, sycl::write_only), 5); });
  rec::clear();
  std::vector<int> out(16, 0);
  q->submit([&](sycl::handler &h) { h.copy(sycl::accessor(b, h, sycl::read_only), out.data()); });
  q->wait();
  EXPECT_EQ(rec::copies("device->host"), 1u);
  EXPECT_EQ(rec::copies("host->device") + rec::copies("host->host"), 0u);
  EXPECT_EQ(out[0] + out[15], 10);
}

TEST_F(Buffers, AccessorToAccessorCopyStaysOnTheDevice) {
  sycl::buffer<int> a{sycl::range<1>(32)}, c{sycl::range<1>(32)};
  q->submit([&](sycl::handler &h) { h.fill(sycl::accessor(a, h, sycl::write_only), 9); });
  q->submit([&](sycl::handler &h) {
    h.copy(sycl::accessor(a, h, sycl::read_only),
           sycl::accessor(c, h, sycl::write_only, sycl::no_init));
  });
  q->wait();
  EXPECT_EQ(rec::copies("device->device"), 1u);
  EXPECT_EQ(rec::copies("host->device") + rec::copies("device->host"), 0u);
  sycl::host_accessor h(c, sycl::read_only);
  EXPECT_EQ(h[31], 9);
}

TEST_F(Buffers, RangedTwoDimensionalAccessorsCopyTheirRowsOnly) {
  // A 3x2 block at (1, 2) of a 4x8 buffer, to the host and from a 3x2 block
  // of another buffer: each row is one piece (the recording adapter has no
  // rectangular copy), nothing else moves.
  sycl::buffer<int, 2> b{sycl::range<2>(4, 8)};
  {
    sycl::host_accessor h(b, sycl::write_only);
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 8; ++x)
        h[y][x] = y * 10 + x;
  }
  write_on_device(*q, b);
  rec::clear();
  std::vector<int> block(6, -1);
  q->submit([&](sycl::handler &h) {
    h.copy(sycl::accessor(b, h, sycl::range<2>(3, 2), sycl::id<2>(1, 2), sycl::read_only),
           block.data());
  });
  q->wait();
  EXPECT_EQ(block, (std::vector<int>{12, 13, 22, 23, 32, 33}));
  EXPECT_EQ(rec::copies("device->host"), 3u);
  sycl::buffer<int, 2> other{sycl::range<2>(3, 4)};
  q->submit([&](sycl::handler &h) {
    h.fill(sycl::accessor(other, h, sycl::write_only), -1);
  });
  rec::clear();
  q->submit([&](sycl::handler &h) {
    h.copy(sycl::accessor(b, h, sycl::range<2>(3, 2), sycl::id<2>(1, 2), sycl::read_only),
           sycl::accessor(other, h, sycl::range<2>(3, 2), sycl::id<2>(0, 1), sycl::write_only));
  });
  q->wait();
  EXPECT_EQ(rec::copies("device->device"), 3u);
  sycl::host_accessor h(other, sycl::read_only);
  EXPECT_EQ(h[0][0], -1);
  EXPECT_EQ(h[0][1], 12);
  EXPECT_EQ(h[2][2], 33);
  EXPECT_EQ(h[2][3], -1);
}

TEST_F(Buffers, UpdateHostIsOneCopyToTheHost) {
  std::vector<int> data(8, 0);
  sycl::buffer<int> b{data.data(), sycl::range<1>(8)};
  q->submit([&](sycl::handler &h) {
    h.fill(sycl::accessor(b, h, sycl::write_only, sycl::no_init), 4);
  });
  rec::clear();
  q->submit([&](sycl::handler &h) { h.update_host(sycl::accessor(b, h, sycl::read_only)); });
  q->wait();
  EXPECT_EQ(rec::copies("device->host"), 1u);
  EXPECT_EQ(rec::copies("host->device"), 0u);
  EXPECT_EQ(data[7], 4); // the buffer's host copy is the user's memory
}

TEST_F(Buffers, MemoryCommandsRefuseUnregisteredAccessors) {
  sycl::buffer<int> b{sycl::range<1>(8)};
  sycl::accessor<int, 1, sycl::access_mode::write> placeholder(b);
  try {
    q->submit([&](sycl::handler &h) { h.fill(placeholder, 1); });
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("handler::require"), std::string::npos) << e.what();
  }
  q->fill(placeholder, 2).wait(); // the queue shortcut requires it itself
  EXPECT_EQ(sycl::host_accessor(b, sycl::read_only)[7], 2);
}

TEST_F(Buffers, SubBufferNoInitCopiesInOnlyAroundItsRegion) {
  std::vector<int> data(64);
  std::iota(data.begin(), data.end(), 0);
  {
    sycl::buffer<int> whole{data.data(), sycl::range<1>(64)};
    sycl::buffer<int> middle{whole, sycl::id<1>(16), sycl::range<1>(16)};
    q->submit([&](sycl::handler &h) {
      h.fill(sycl::accessor(middle, h, sycl::write_only, sycl::no_init), -1);
    });
    q->wait();
    // Bytes [0, 64) and [128, 256) of the object: two pieces, not the whole.
    EXPECT_EQ(rec::copies("host->device"), 2u);
    rec::clear();
    // A ranged no_init accessor at the start: one piece after it.
    q->submit([&](sycl::handler &h) {
      h.fill(sycl::accessor(whole, h, sycl::range<1>(8), sycl::write_only, sycl::no_init), -2);
    });
    q->wait();
    EXPECT_EQ(rec::copies("host->device"), 0u); // the device copy is already valid
  }
  EXPECT_EQ(data[0], -2);
  EXPECT_EQ(data[7], -2);
  EXPECT_EQ(data[8], 8);
  EXPECT_EQ(data[15], 15);
  EXPECT_EQ(data[16], -1);
  EXPECT_EQ(data[31], -1);
  EXPECT_EQ(data[32], 32);
  EXPECT_EQ(data[63], 63);
}

TEST_F(Buffers, RangedNoInitOnTheHostSideCopiesInAroundIt) {
  std::vector<int> data(32, 1);
  sycl::buffer<int> b{sycl::range<1>(32)};
  q->submit([&](sycl::handler &h) { h.fill(sycl::accessor(b, h, sycl::write_only), 5); });
  rec::clear();
  q->submit([&](sycl::handler &h) {
    h.copy(data.data(), sycl::accessor(b, h, sycl::range<1>(8), sycl::id<1>(24),
                                       sycl::write_only, sycl::no_init));
  });
  q->wait(); // the device copy stays valid: nothing moves in
  EXPECT_EQ(rec::copies("host->device"), 1u); // the user's 8 elements only
  sycl::host_accessor h(b, sycl::read_only);
  EXPECT_EQ(h[23], 5);
  EXPECT_EQ(h[24], 1);
}

TEST_F(Buffers, FirstDeviceAllocationRunsOutsideTheGraphLock) {
  // While one thread's buffer is being allocated inside the adapter, another
  // thread's command group on another buffer goes through and completes.
  sycl::buffer<char> big{sycl::range<1>(rec::blocking_alloc_bytes)};
  sycl::buffer<int> small{sycl::range<1>(4)};
  std::thread blocked([&] {
    q->submit([&](sycl::handler &h) {
      h.fill(sycl::accessor(big, h, sycl::write_only, sycl::no_init), 'x');
    });
  });
  ASSERT_TRUE(rec::wait_for_blocked_launch(std::chrono::seconds(10)));
  sycl::queue other(q->get_context(), q->get_device());
  auto done = std::async(std::launch::async, [&] {
    other.submit([&](sycl::handler &h) { h.fill(sycl::accessor(small, h, sycl::write_only), 1); })
        .wait();
    return true;
  });
  const bool finished = done.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  rec::release_blocked_launches();
  blocked.join();
  EXPECT_TRUE(finished) << "a submission waited for another thread's allocation";
  EXPECT_EQ(sycl::host_accessor(big, sycl::read_only)[4241], 'x');
}

TEST_F(Buffers, AnAccessorOutlivingItsBufferIsRefused) {
  int host[4] = {1, 2, 3, 4};
  auto orphan = [&] {
    sycl::buffer<int> b(host, sycl::range<1>(4));
    return rw_acc(b); // a placeholder, kept past the buffer
  }();
  try {
    q->submit([&](sycl::handler &h) {
      h.require(orphan);
      launch(h, orphan, "k1");
    });
    FAIL() << "a command group used an accessor of a destroyed buffer";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("no longer exists"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(rec::launches().empty());
}

TEST_F(Buffers, HostAccessorAfterAFailedCopyIsRefused) {
  std::vector<std::string> seen;
  sycl::queue fq(q->get_device(), [&](sycl::exception_list errors) {
    for (auto &e : errors)
      seen.push_back(smcp::rt::exception_text(e));
  });
  sycl::buffer<int> b{sycl::range<1>(4)};
  fq.submit([&](sycl::handler &h) { launch(h, write_acc(b, h), "k1"); });
  rec::fail_next_copy_to_host();
  try {
    sycl::host_accessor ha(b);
    FAIL() << "a host accessor showed what a failed copy left";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::runtime);
    EXPECT_NE(std::string(e.what()).find("injected command failure"), std::string::npos)
        << e.what();
  }
  // The buffer stays usable (the refused accessor let go of it), and the
  // failure reached the copy's queue's handler once.
  q->submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "k2"); });
  EXPECT_EQ(sycl::host_accessor(b, sycl::read_only).size(), 4u);
  fq.wait_and_throw();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_NE(seen[0].find("injected command failure"), std::string::npos) << seen[0];
}

namespace {
/// A queue on `d` whose asynchronous errors land in `seen`, as text.
sycl::queue collecting_queue(const sycl::device &d, std::vector<std::string> &seen) {
  return sycl::queue(d, [&seen](sycl::exception_list errors) {
    for (auto &e : errors)
      seen.push_back(smcp::rt::exception_text(e));
  });
}

size_t launches_of(const std::string &kernel) {
  size_t n = 0;
  for (const auto &l : rec::launches())
    n += l.kernel == kernel;
  return n;
}
} // namespace

// A kernel whose launch fails (asynchronously: it launches from the pool
// once a host task ends): the two kernels that read what it should have
// written do not run, the failure reaches the handler once, a host accessor
// refuses naming it, an unrelated buffer is unaffected, and a fresh write
// makes the buffer usable again.
TEST_F(Buffers, CommandsReadingAFailedKernelsOutputDoNotRun) {
  std::vector<std::string> seen;
  sycl::queue fq = collecting_queue(q->get_device(), seen);
  sycl::buffer<int> b{sycl::range<1>(4)}, c{sycl::range<1>(4)};
  std::promise<void> go;
  std::shared_future<void> gate = go.get_future().share();
  fq.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::read_write_host_task);
    h.host_task([=] { gate.wait(); });
  });
  fq.submit([&](sycl::handler &h) { launch(h, write_acc(b, h), "k1"); }); // fails
  fq.submit([&](sycl::handler &h) { launch(h, rw_acc(b, h), "k2"); });
  fq.submit([&](sycl::handler &h) { launch(h, read_acc(b, h), "k3"); });
  fq.submit([&](sycl::handler &h) { launch(h, write_acc(c, h), "k4"); }); // runs at once
  rec::fail_next_launch();
  go.set_value();
  fq.wait_and_throw();
  EXPECT_EQ(launches_of("k1") + launches_of("k2") + launches_of("k3"), 0u);
  EXPECT_EQ(launches_of("k4"), 1u);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_NE(seen[0].find("injected launch failure"), std::string::npos) << seen[0];
  try {
    sycl::host_accessor ha(b, sycl::read_only);
    FAIL() << "a host accessor showed what a command that never ran left";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::runtime);
    EXPECT_NE(std::string(e.what()).find("injected launch failure"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(sycl::host_accessor(c, sycl::read_only).size(), 4u);
  fq.submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "k1"); });
  fq.submit([&](sycl::handler &h) { launch(h, read_acc(b, h), "k2"); });
  EXPECT_EQ(sycl::host_accessor(b, sycl::read_only).size(), 4u);
  EXPECT_EQ(launches_of("k1"), 1u);
  EXPECT_EQ(launches_of("k2"), 1u);
  fq.wait_and_throw();
  EXPECT_EQ(seen.size(), 1u);
}

// A launch that fails as it is submitted throws there, and only there: the
// kernel reading its output does not run and reports nothing more.
TEST_F(Buffers, AKernelAfterALaunchThatThrewDoesNotRun) {
  std::vector<std::string> seen;
  sycl::queue fq = collecting_queue(q->get_device(), seen);
  sycl::buffer<int> b{sycl::range<1>(4)};
  rec::fail_next_launch();
  EXPECT_THROW(fq.submit([&](sycl::handler &h) { launch(h, write_acc(b, h), "k1"); }),
               sycl::exception);
  fq.submit([&](sycl::handler &h) { launch(h, rw_acc(b, h), "k2"); });
  fq.wait_and_throw();
  EXPECT_EQ(launches_of("k2"), 0u);
  EXPECT_TRUE(seen.empty()) << seen[0];
  EXPECT_THROW(sycl::host_accessor(b, sycl::read_only), sycl::exception);
}

// A host task that throws while it writes the buffer is a failed command
// too: the kernel reading the buffer after it does not run.
TEST_F(Buffers, AKernelAfterAHostTaskThatThrewDoesNotRun) {
  std::vector<std::string> seen;
  sycl::queue fq = collecting_queue(q->get_device(), seen);
  sycl::buffer<int> b{sycl::range<1>(4)};
  fq.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::write_only_host_task);
    h.host_task([=] { throw std::runtime_error("host task failed on purpose"); });
  });
  fq.submit([&](sycl::handler &h) { launch(h, rw_acc(b, h), "k2"); });
  fq.wait_and_throw();
  EXPECT_EQ(launches_of("k2"), 0u);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_NE(seen[0].find("host task failed on purpose"), std::string::npos) << seen[0];
  EXPECT_THROW(sycl::host_accessor(b, sycl::read_only), sycl::exception);
}

// Host work reading a failed kernel's output does not run either: the host
// task after it is skipped (without a second report) and the kernel after
// that too.
TEST_F(Buffers, AHostTaskAfterAFailedKernelDoesNotRun) {
  std::vector<std::string> seen;
  sycl::queue fq = collecting_queue(q->get_device(), seen);
  sycl::buffer<int> b{sycl::range<1>(4)};
  std::atomic<bool> ran{false};
  rec::fail_next_launch();
  EXPECT_THROW(fq.submit([&](sycl::handler &h) { launch(h, write_acc(b, h), "k1"); }),
               sycl::exception);
  fq.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::read_write_host_task);
    h.host_task([&ran, a] { ran = a.size() == 4; });
  });
  fq.submit([&](sycl::handler &h) { launch(h, read_acc(b, h), "k2"); });
  fq.wait_and_throw();
  EXPECT_FALSE(ran.load());
  EXPECT_EQ(launches_of("k2"), 0u);
  EXPECT_TRUE(seen.empty()) << seen[0];
  EXPECT_THROW(sycl::host_accessor(b, sycl::read_only), sycl::exception);
}
