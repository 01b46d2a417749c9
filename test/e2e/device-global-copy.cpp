// device_global copy and memcpy (DG-11, DG-12): the 12 queue overloads, the
// 4 handler forms, start indices in elements against offsets in bytes, USM
// device pointers on either side, a copy before any kernel ran, a copy from
// a variable nothing used, the default count of a multi-dimensional array,
// the errc::invalid range errors, and ordering through events on an
// out-of-order queue and without them on an in-order one.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O2 -fsycl-device-code-split=per_kernel %s -o %t.split && %t.split | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstdio>
#include <vector>

using namespace sycl::ext::oneapi::experimental;

struct Rec {
  int a;
  float b;
  char c[8];
};

device_global<int[4]> early; // copied to before any kernel runs
device_global<int[4]> g4;
device_global<int[8]> g8;
device_global<int[8]> g8m;
device_global<int[3][2]> g32;
device_global<int[4]> fresh; // never used by a kernel, never written
device_global<long[4]> hg;   // handler forms
device_global<int[4]> usm;   // USM on both sides
device_global<Rec> rec;
device_global<int> chain;

static void print(const char *what, const int *v, int n) {
  std::printf("%s:", what);
  for (int i = 0; i < n; ++i)
    std::printf(" %d", v[i]);
  std::printf("\n");
}

// Reads a device_global<int[N]> in a kernel (named by a template argument:
// a kernel must not capture it).
template <auto &G> static void read_in_kernel(sycl::queue &q, int *out, int n) {
  q.single_task([=] {
    for (int i = 0; i < n; ++i)
      out[i] = G[i];
  }).wait();
}

int main() {
  sycl::queue q;

  // Before any kernel ran: copy in, a kernel reads it.
  {
    int h[4] = {41, 42, 43, 44};
    q.copy(h, early).wait();
    int *out = sycl::malloc_shared<int>(4, q);
    q.single_task([=] {
      for (int i = 0; i < 4; ++i)
        out[i] = early[i];
    }).wait();
    print("early", out, 4);
    // CHECK: early: 41 42 43 44
    sycl::free(out, q);
  }
  int *out = sycl::malloc_shared<int>(16, q);

  // A copy from a variable nothing used gives its zero-initialised value.
  {
    int h[4] = {-1, -1, -1, -1};
    q.copy(fresh, h).wait();
    print("fresh", h, 4);
    // CHECK: fresh: 0 0 0 0
  }

  // Start indices count elements, offsets count bytes.
  {
    int h[4] = {1, 2, 3, 4};
    q.copy(h, g4, 2, 1).wait();
    q.single_task([=] {
      for (int i = 0; i < 4; ++i)
        out[i] = g4[i];
    }).wait();
    print("copy 2 at 1", out, 4);
    // CHECK: copy 2 at 1: 0 1 2 0
    int back[4] = {-1, -1, -1, -1};
    q.memcpy(back, g4, 8, 4).wait();
    print("memcpy 8 bytes at 4", back, 4);
    // CHECK: memcpy 8 bytes at 4: 1 2 -1 -1
    int m[2] = {7, 8};
    q.memcpy(g4, m, 8, 8).wait(); // bytes 8..15: elements 2 and 3
    q.copy(g4, back, 3, 1).wait(); // elements 1..3
    print("memcpy at byte 8, copy 3 from 1", back, 4);
    // CHECK: memcpy at byte 8, copy 3 from 1: 1 7 8 -1
    q.copy(h, g4, 0, 4).wait(); // an empty copy at the end is in range
  }

  // The six copy overloads of the queue, chained through their events.
  {
    int a[8] = {10, 11, 12, 13, 14, 15, 16, 17};
    int b[2] = {100, 101};
    int c[1] = {200};
    int d[2] = {300, 301};
    int e[1] = {400};
    sycl::event e1 = q.copy(a, g8); // the whole variable
    sycl::event e2 = q.copy(b, g8, 2, 3, e1);
    sycl::event e3 = q.copy(c, g8, 1, 7, std::vector<sycl::event>{e2});
    sycl::event e4 = q.memcpy(g8, d, 8, 4, e3);
    sycl::event e5 = q.memcpy(g8, e, 4, 20, std::vector<sycl::event>{e4});
    e5.wait();
    read_in_kernel<g8>(q, out, 8);
    print("to g8", out, 8);
    // CHECK: to g8: 10 300 301 100 101 400 16 200

    int r1[8], r2[3], r3[2], r4[8], r5[2], r6[1];
    sycl::event f1 = q.copy(g8, r1);
    sycl::event f2 = q.copy(g8, r2, 3, 2, f1);
    sycl::event f3 = q.copy(g8, r3, 2, 6, std::vector<sycl::event>{f1, f2});
    sycl::event f4 = q.memcpy(r4, g8);
    sycl::event f5 = q.memcpy(r5, g8, 8, 8, f4);
    sycl::event f6 = q.memcpy(r6, g8, 4, 28, std::vector<sycl::event>{f5});
    sycl::event::wait({f3, f6});
    print("copy all", r1, 8);
    print("copy 3 from 2", r2, 3);
    print("copy 2 from 6", r3, 2);
    print("memcpy all", r4, 8);
    print("memcpy 8 bytes at 8", r5, 2);
    print("memcpy 4 bytes at 28", r6, 1);
    // CHECK-NEXT: copy all: 10 300 301 100 101 400 16 200
    // CHECK-NEXT: copy 3 from 2: 301 100 101
    // CHECK-NEXT: copy 2 from 6: 16 200
    // CHECK-NEXT: memcpy all: 10 300 301 100 101 400 16 200
    // CHECK-NEXT: memcpy 8 bytes at 8: 301 100
    // CHECK-NEXT: memcpy 4 bytes at 28: 200

    // memcpy to a device_global with the default size.
    int m[8] = {-1, -2, -3, -4, -5, -6, -7, -8};
    q.memcpy(g8m, m).wait();
    read_in_kernel<g8m>(q, out, 8);
    print("memcpy default", out, 8);
    // CHECK: memcpy default: -1 -2 -3 -4 -5 -6 -7 -8
  }

  // The handler's four forms, with and without their default arguments.
  {
    long a[4] = {5, 6, 7, 8};
    long b[2] = {50, 60};
    long r[4] = {-1, -1, -1, -1}, s[2] = {-1, -1}, t[4] = {-1, -1, -1, -1}, u[1] = {-1};
    q.submit([&](sycl::handler &h) { h.copy(a, hg); }).wait();
    q.submit([&](sycl::handler &h) { h.memcpy(hg, b, sizeof(long), 3 * sizeof(long)); }).wait();
    q.submit([&](sycl::handler &h) { h.copy(b, hg, 1, 0); }).wait();
    q.submit([&](sycl::handler &h) { h.copy(hg, r); }).wait();
    q.submit([&](sycl::handler &h) { h.copy(hg, s, 2, 2); }).wait();
    q.submit([&](sycl::handler &h) { h.memcpy(t, hg); }).wait();
    q.submit([&](sycl::handler &h) { h.memcpy(u, hg, sizeof(long), sizeof(long)); }).wait();
    std::printf("handler: %ld %ld %ld %ld | %ld %ld | %ld %ld %ld %ld | %ld\n", r[0], r[1], r[2],
                r[3], s[0], s[1], t[0], t[1], t[2], t[3], u[0]);
    // CHECK: handler: 50 6 7 50 | 7 50 | 50 6 7 50 | 6
    q.submit([&](sycl::handler &h) {
      h.single_task([=] {
        for (int i = 0; i < 4; ++i)
          out[i] = int(hg[i]);
      });
    }).wait();
    print("handler kernel", out, 4);
    // CHECK: handler kernel: 50 6 7 50
  }

  // USM device memory as source and destination.
  {
    int *dsrc = sycl::malloc_device<int>(4, q);
    int *ddst = sycl::malloc_device<int>(4, q);
    int init[4] = {21, 22, 23, 24};
    q.memcpy(dsrc, init, sizeof init).wait();
    q.copy(dsrc, usm).wait();
    q.single_task([=] {
      for (int i = 0; i < 4; ++i)
        usm[i] += 100;
    }).wait();
    q.copy(usm, ddst, 2, 1).wait();
    q.memcpy(ddst + 2, usm, 8, 0).wait();
    int back[4] = {};
    q.memcpy(back, ddst, sizeof back).wait();
    print("usm", back, 4);
    // CHECK: usm: 122 123 121 122
    int *shared = sycl::malloc_shared<int>(4, q);
    q.memcpy(usm, dsrc + 2, 8, 8).wait(); // usm = 121 122 23 24
    q.copy(usm, shared).wait();
    print("usm shared", shared, 4);
    // CHECK: usm shared: 121 122 23 24
    sycl::free(dsrc, q);
    sycl::free(ddst, q);
    sycl::free(shared, q);
  }

  // A multi-dimensional array's default count is all its elements.
  {
    int m[7] = {1, 2, 3, 4, 5, 6, 99};
    q.copy(m, g32).wait();
    q.single_task([=] {
      out[0] = g32[0][0];
      out[1] = g32[1][0];
      out[2] = g32[2][1];
      g32[2][1] = 60;
    }).wait();
    print("g32 kernel", out, 3);
    // CHECK: g32 kernel: 1 3 6
    int r[7] = {-1, -1, -1, -1, -1, -1, -1};
    q.copy(g32, r).wait();
    print("g32 copy", r, 7);
    // CHECK: g32 copy: 1 2 3 4 5 60 -1
  }

  // A struct, with a memcpy of one member.
  {
    Rec h{3, 1.5f, "abcdefg"};
    q.copy(&h, rec).wait();
    float nb = 2.25f;
    q.memcpy(rec, &nb, sizeof(float), offsetof(Rec, b)).wait();
    q.single_task([=] {
      rec.get().a += 1;
      rec.get().c[0] = 'X';
    }).wait();
    Rec r{};
    q.copy(rec, &r).wait();
    std::printf("rec: %d %g %s\n", r.a, r.b, r.c);
    // CHECK: rec: 4 2.25 Xbcdefg
  }

  // Out-of-range counts, start indices, sizes and offsets: errc::invalid.
  {
    int h[8] = {};
    auto expect_invalid = [](const char *what, auto f) {
      try {
        f();
        std::printf("%s: no exception\n", what);
      } catch (const sycl::exception &e) {
        std::printf("%s: invalid=%d\n", what, e.code() == sycl::errc::invalid);
      }
    };
    expect_invalid("copy 5", [&] { q.copy(h, g4, 5); });
    expect_invalid("copy 2 at 3", [&] { q.copy(h, g4, 2, 3); });
    expect_invalid("copy 1 at 4", [&] { q.copy(h, g4, 1, 4); });
    expect_invalid("copy from 2 at 3", [&] { q.copy(g4, h, 2, 3); });
    expect_invalid("copy from 7 of g32", [&] { q.copy(g32, h, 7); });
    expect_invalid("memcpy 4 at 16", [&] { q.memcpy(g4, h, 4, 16); });
    expect_invalid("memcpy 17", [&] { q.memcpy(g4, h, 17); });
    expect_invalid("memcpy from 2 at 15", [&] { q.memcpy(h, g4, 2, 15); });
    expect_invalid("copy with event", [&] { q.copy(h, g4, 3, 2, sycl::event{}); });
    expect_invalid("memcpy with events", [&] { q.memcpy(h, g4, 8, 12, std::vector<sycl::event>{}); });
    expect_invalid("handler copy 5", [&] { q.submit([&](sycl::handler &cgh) { cgh.copy(h, g4, 5); }); });
    expect_invalid("handler memcpy 4 at 16",
                   [&] { q.submit([&](sycl::handler &cgh) { cgh.memcpy(h, g4, 4, 16); }); });
    // CHECK: copy 5: invalid=1
    // CHECK-NEXT: copy 2 at 3: invalid=1
    // CHECK-NEXT: copy 1 at 4: invalid=1
    // CHECK-NEXT: copy from 2 at 3: invalid=1
    // CHECK-NEXT: copy from 7 of g32: invalid=1
    // CHECK-NEXT: memcpy 4 at 16: invalid=1
    // CHECK-NEXT: memcpy 17: invalid=1
    // CHECK-NEXT: memcpy from 2 at 15: invalid=1
    // CHECK-NEXT: copy with event: invalid=1
    // CHECK-NEXT: memcpy with events: invalid=1
    // CHECK-NEXT: handler copy 5: invalid=1
    // CHECK-NEXT: handler memcpy 4 at 16: invalid=1
    q.wait();
    // The failed commands left g4 as it was.
    q.copy(g4, h).wait();
    print("g4 after errors", h, 4);
    // CHECK: g4 after errors: 0 1 7 8
  }

  // Ordering through events alone on an out-of-order queue: copy in, a
  // kernel that depends on the copy, a copy out that depends on the kernel.
  {
    sycl::queue ooo(q.get_context(), q.get_device());
    int results[3];
    for (int round = 0; round < 3; ++round) {
      int in = round + 1, res = -1;
      sycl::event c1 = ooo.copy(&in, chain);
      sycl::event k = ooo.submit([&](sycl::handler &h) {
        h.depends_on(c1);
        h.single_task([=] {
          int v = chain;
          // Some work, so that a copy-out not waiting for the kernel would
          // see the copied-in value.
          for (int i = 0; i < 100000; ++i)
            v = (v * 3 + 1) % 1000003;
          chain = v;
        });
      });
      ooo.copy(chain, &res, 1, 0, k).wait();
      results[round] = res;
    }
    int expect[3];
    for (int round = 0; round < 3; ++round) {
      int v = round + 1;
      for (int i = 0; i < 100000; ++i)
        v = (v * 3 + 1) % 1000003;
      expect[round] = v;
    }
    std::printf("ordered: %d %d %d\n", results[0] == expect[0], results[1] == expect[1],
                results[2] == expect[2]);
    // CHECK: ordered: 1 1 1
    // The first queue shares the instance: same device, same context.
    int other = -1;
    q.copy(chain, &other).wait();
    std::printf("other queue: %d\n", other == expect[2]);
    // CHECK: other queue: 1
  }

  // An in-order queue orders the same three commands without events.
  {
    sycl::queue in_order(q.get_context(), q.get_device(), sycl::property::queue::in_order());
    int in = 5, res = -1;
    in_order.copy(&in, chain);
    in_order.single_task([=] {
      int v = chain;
      for (int i = 0; i < 100000; ++i)
        v = (v * 3 + 1) % 1000003;
      chain = v;
    });
    in_order.copy(chain, &res);
    in_order.wait();
    int v = 5;
    for (int i = 0; i < 100000; ++i)
      v = (v * 3 + 1) % 1000003;
    std::printf("in order: %d\n", res == v);
    // CHECK: in order: 1
  }

  sycl::free(out, q);
  return 0;
}
