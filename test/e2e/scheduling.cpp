// The command-group scheduler: RAW/WAR/WAW ordering through accessors,
// host_task ordered with kernels through accessors and events, the host
// accessor as a barrier, in-order queues, depends_on, event queries and
// profiling, asynchronous errors, and the errors of requirements.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <thread>

using namespace sycl;

template <typename F> int errc_of(F Fn) {
  try {
    Fn();
  } catch (const exception &E) {
    std::printf("  (%s)\n", E.what());
    return E.code().value();
  }
  return 0;
}

int main() {
  queue Q;

  // RAW, WAR, WAW on one buffer: submission order, whatever the queue does.
  buffer<int> A(range<1>(64)), C(range<1>(64));
  Q.submit([&](handler &H) {
    accessor W(A, H, write_only, no_init);
    H.parallel_for(range<1>(64), [=](id<1> I) { W[I] = int(I[0]); });
  });
  Q.submit([&](handler &H) { // RAW on A
    accessor R(A, H, read_only);
    accessor W(C, H, write_only, no_init);
    H.parallel_for(range<1>(64), [=](id<1> I) { W[I] = R[I] * 2; });
  });
  Q.submit([&](handler &H) { // WAR on A: the reader above sees the old values
    accessor W(A, H, write_only, no_init);
    H.parallel_for(range<1>(64), [=](id<1> I) { W[I] = -1; });
  });
  Q.submit([&](handler &H) { // WAW on A: the last write wins
    accessor W(A, H, write_only, no_init);
    H.parallel_for(range<1>(64), [=](id<1> I) { W[I] = 7; });
  });
  {
    host_accessor HA(A, read_only);
    host_accessor HC(C, read_only);
    std::printf("raw/war/waw: %d %d %d\n", HC[10], HC[63], HA[5]);
  }
  // CHECK: raw/war/waw: 20 126 7

  // host_task between kernels, through accessors (host_task targets) and events.
  buffer<int> B(range<1>(8));
  Q.submit([&](handler &H) {
    accessor W(B, H, write_only, no_init);
    H.parallel_for(range<1>(8), [=](id<1> I) { W[I] = int(I[0]) + 1; });
  });
  int Seen = 0;
  event HT = Q.submit([&](handler &H) {
    accessor RW(B, H, read_write_host_task);
    H.host_task([=, &Seen] {
      for (int I = 0; I < 8; ++I) {
        Seen += RW[I];
        RW[I] *= 10;
      }
    });
  });
  Q.submit([&](handler &H) {
    accessor RW(B, H, read_write);
    H.parallel_for(range<1>(8), [=](id<1> I) { RW[I] += 1; });
  });
  {
    host_accessor H(B, read_only);
    std::printf("host_task: saw %d, then %d %d\n", Seen, H[0], H[7]);
  }
  // CHECK: host_task: saw 36, then 11 81
  HT.wait();
  std::printf("host_task event: %d\n",
              HT.get_info<info::event::command_execution_status>() ==
                  info::event_command_status::complete);
  // CHECK: host_task event: 1

  // host_task with an interop_handle: the native queue and the device memory of a device accessor.
  Q.submit([&](handler &H) {
    accessor D(B, H, read_only);
    H.host_task([=](interop_handle IH) {
      std::printf("interop: %d %d\n", IH.get_native_queue() != nullptr,
                  IH.get_native_mem(D) != nullptr);
    });
  }).wait();
  // CHECK: interop: 1 1

  // The host accessor is a barrier: a later kernel on the buffer waits for it.
  buffer<int> Flag(range<1>(1));
  {
    host_accessor H(Flag, write_only);
    H[0] = 1;
    Q.submit([&](handler &Cgh) { // submit does not block...
      accessor RW(Flag, Cgh, read_write);
      Cgh.single_task([=] { RW[0] *= 5; });
    });
    H[0] = 2; // ...and the kernel has not run yet
  }
  {
    host_accessor H(Flag, read_only);
    std::printf("barrier: %d\n", H[0]);
  }
  // CHECK: barrier: 10

  // A host task that waits on a USM value; depends_on orders a USM kernel after it.
  int *P = malloc_shared<int>(1, Q);
  *P = 0;
  event E1 = Q.submit([&](handler &H) { H.host_task([=] { *P = 41; }); });
  event E2 = Q.submit([&](handler &H) {
    H.depends_on(E1);
    H.single_task([=] { *P += 1; });
  });
  E2.wait();
  auto WL = E2.get_wait_list();
  std::printf("depends_on: %d, wait list %zu\n", *P, WL.size());
  // CHECK: depends_on: 42, wait list {{[01]}}

  // In-order queues serialise USM commands without events.
  queue IO{Q.get_context(), Q.get_device(), property::queue::in_order()};
  IO.memset(P, 0, sizeof(int));
  IO.single_task([=] { *P += 1; });
  IO.submit([&](handler &H) { H.host_task([=] { *P *= 3; }); });
  IO.single_task([=] { *P += 1; });
  IO.wait();
  std::printf("in_order: %d\n", *P);
  // CHECK: in_order: 4

  // Profiling: submit <= start <= end; a queue without the property throws invalid.
  queue PQ{Q.get_context(), Q.get_device(), property::queue::enable_profiling()};
  event PE = PQ.single_task([=] { *P = 9; });
  PE.wait();
  auto S = PE.get_profiling_info<info::event_profiling::command_submit>();
  auto St = PE.get_profiling_info<info::event_profiling::command_start>();
  auto En = PE.get_profiling_info<info::event_profiling::command_end>();
  std::printf("profiling: %d\n", S <= St && St <= En);
  // CHECK: profiling: 1
  // A reduction is two kernels (the groups', then the fold of their
  // partials): its times span both.
  int *Sum = malloc_shared<int>(1, PQ);
  *Sum = 0;
  event RE = PQ.parallel_for(nd_range<1>(1 << 16, 64), reduction(Sum, plus<int>()),
                             [=](nd_item<1> It, auto &R) { R += int(It.get_global_id(0) % 3); });
  RE.wait();
  auto RS = RE.get_profiling_info<info::event_profiling::command_submit>();
  auto RSt = RE.get_profiling_info<info::event_profiling::command_start>();
  auto REn = RE.get_profiling_info<info::event_profiling::command_end>();
  std::printf("reduction profiling: %d %d\n", *Sum, RS <= RSt && RSt <= REn);
  // CHECK: reduction profiling: 65535 1
  free(Sum, PQ);
  std::printf("no profiling: %d\n",
              errc_of([&] { E2.get_profiling_info<info::event_profiling::command_end>(); }) ==
                  int(errc::invalid));
  // CHECK: no profiling: 1

  // Asynchronous errors: a throwing host task reaches the handler once.
  int Reported = 0;
  queue AQ{Q.get_context(), Q.get_device(), [&](exception_list L) {
             for (auto &E : L) {
               try {
                 std::rethrow_exception(E);
               } catch (const std::runtime_error &X) {
                 std::printf("async: %s\n", X.what());
                 ++Reported;
               }
             }
           }};
  AQ.submit([&](handler &H) { H.host_task([] { throw std::runtime_error("host task failed"); }); });
  AQ.wait_and_throw();
  AQ.wait_and_throw();
  std::printf("reported: %d\n", Reported);
  // CHECK: async: host task failed
  // CHECK: reported: 1

  // Errors of requirements, with the errc the specification names.
  buffer<int> X(range<1>(4));
  std::printf("no_init read: %d\n", errc_of([&] {
                Q.submit([&](handler &H) { accessor R(X, H, read_only, no_init); });
              }) == int(errc::invalid));
  // CHECK: no_init read: 1
  std::printf("out of range: %d\n", errc_of([&] {
                Q.submit([&](handler &H) { accessor R(X, H, range<1>(3), id<1>(2), read_only); });
              }) == int(errc::invalid));
  // CHECK: out of range: 1
  accessor<int, 1, access_mode::read_write> Unbound(X);
  std::printf("unregistered placeholder: %d\n", errc_of([&] {
                Q.submit([&](handler &H) { H.single_task([=] { Unbound[0] = 1; }); });
              }) == int(errc::kernel_argument));
  // CHECK: unregistered placeholder: 1
  std::printf("local in single_task: %d\n", errc_of([&] {
                Q.submit([&](handler &H) {
                  local_accessor<int, 1> L(range<1>(4), H);
                  H.single_task([=] { L[0] = 1; });
                });
              }) == int(errc::kernel_argument));
  // CHECK: local in single_task: 1
  std::printf("two writers: %d\n", errc_of([&] {
                Q.submit([&](handler &H) {
                  accessor D(X, H, read_write);
                  accessor Ht(X, H, read_write_host_task);
                  H.host_task([=] { (void)Ht; });
                });
              }) == int(errc::invalid));
  // CHECK: two writers: 1
  Q.wait();
  free(P, Q);
  return 0;
}
