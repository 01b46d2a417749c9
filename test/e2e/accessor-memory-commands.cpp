// handler::copy / fill / update_host on accessors run as device commands on
// the accessor's region: ranged 2-D and 3-D accessors (rectangular copies and
// per-row fills), accessor to accessor, host memory in a shared_ptr, a
// 12-byte fill pattern; and a sub-buffer no_init accessor copies in only the
// data around its region.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: env SMCP_TRACE=1 %t 2>&1 >/dev/null | grep "copy host->device" | FileCheck %s --check-prefix=TRACE
#include <sycl/sycl.hpp>

#include <cstdio>
#include <memory>
#include <numeric>
#include <vector>

using namespace sycl;

struct rgb {
  int r, g, b;
};

int main() {
  queue q;
  // 2-D: a 3x4 block at (2, 1) of an 8x8 buffer into a 3x4 block at (0, 2) of a 4x6 one.
  std::vector<int> a(64);
  std::iota(a.begin(), a.end(), 0);
  buffer<int, 2> src{a.data(), range<2>(8, 8)};
  buffer<int, 2> dst{range<2>(4, 6)};
  q.submit([&](handler &h) { h.fill(accessor(dst, h, write_only, no_init), -1); });
  q.submit([&](handler &h) {
    h.copy(accessor(src, h, range<2>(3, 4), id<2>(2, 1), read_only),
           accessor(dst, h, range<2>(3, 4), id<2>(0, 2), write_only));
  });
  {
    host_accessor d(dst, read_only);
    // CHECK: 2-D block: -1 -1 17 18 19 20 / 33 36 / -1
    std::printf("2-D block: %d %d %d %d %d %d / %d %d / %d\n", d[0][0], d[0][1], d[0][2],
                d[0][3], d[0][4], d[0][5], d[2][2], d[2][5], d[3][5]);
  }
  // A ranged 2-D fill: rows 1-2, columns 3-5 of dst.
  q.submit([&](handler &h) { h.fill(accessor(dst, h, range<2>(2, 3), id<2>(1, 3), write_only), 7); });
  {
    host_accessor d(dst, read_only);
    // CHECK: 2-D fill: 25 7 7 7 / 7 -1
    std::printf("2-D fill: %d %d %d %d / %d %d\n", d[1][2], d[1][3], d[1][4], d[1][5], d[2][5],
                d[3][5]);
  }
  // 3-D: a 2x2x2 corner of a 4x4x4 buffer to a shared_ptr on the host.
  buffer<int, 3> cube{range<3>(4, 4, 4)};
  q.submit([&](handler &h) {
    accessor c(cube, h, write_only, no_init);
    h.parallel_for(range<3>(4, 4, 4), [=](item<3> it) {
      c[it] = int(it[0] * 100 + it[1] * 10 + it[2]);
    });
  });
  std::shared_ptr<int> corner(new int[8], std::default_delete<int[]>());
  q.submit([&](handler &h) {
    h.copy(accessor(cube, h, range<3>(2, 2, 2), id<3>(1, 2, 2), read_only), corner);
  });
  q.wait();
  int *c = corner.get();
  // CHECK: 3-D corner: 122 123 132 133 222 223 232 233
  std::printf("3-D corner: %d %d %d %d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4], c[5], c[6],
              c[7]);
  // A pattern no backend fill takes (12 bytes).
  buffer<rgb> pixels{range<1>(5)};
  q.submit([&](handler &h) { h.fill(accessor(pixels, h, write_only), rgb{1, 2, 3}); });
  {
    host_accessor p(pixels, read_only);
    // CHECK: rgb fill: 1 2 3 / 1 2 3
    std::printf("rgb fill: %d %d %d / %d %d %d\n", p[0].r, p[0].g, p[0].b, p[4].r, p[4].g, p[4].b);
  }
  // update_host writes back into the user's memory of a buffer.
  std::vector<int> mirror(16, 0);
  {
    buffer<int> m{mirror.data(), range<1>(16)};
    q.submit([&](handler &h) { h.fill(accessor(m, h, write_only, no_init), 4); });
    q.submit([&](handler &h) { h.update_host(accessor(m, h, read_only)); }).wait();
    // CHECK: update_host: 4 4
    std::printf("update_host: %d %d\n", mirror[0], mirror[15]);
  }
  // A sub-buffer no_init: the bytes around it come in, not over it.
  std::vector<int> big(1024, 1);
  {
    buffer<int> whole{big.data(), range<1>(1024)};
    buffer<int> part{whole, id<1>(256), range<1>(512)};
    q.submit([&](handler &h) { h.fill(accessor(part, h, write_only, no_init), 9); });
  }
  // TRACE: copy host->device, 1024 bytes
  // TRACE-NEXT: copy host->device, 1024 bytes
  // CHECK: sub-buffer no_init: 1 9 9 1
  std::printf("sub-buffer no_init: %d %d %d %d\n", big[255], big[256], big[767], big[768]);
}
