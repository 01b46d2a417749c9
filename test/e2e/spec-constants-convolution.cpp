// Example 1's convolution with known input, compared with a host
// convolution; then the coefficients change and the kernel follows.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: coefficients 1: 0 mismatches
// CHECK: coefficients 2: 0 mismatches
#include <sycl/sycl.hpp>

#include <array>
#include <cstdio>

using coeff_t = std::array<std::array<float, 3>, 3>;
constexpr sycl::specialization_id<coeff_t> coeff_id;
constexpr size_t N = 10;

int run(sycl::queue &q, const coeff_t &c) {
  sycl::buffer<float, 2> in{sycl::range<2>(N, N)}, out{sycl::range<2>(N, N)};
  {
    sycl::host_accessor a{in};
    for (size_t x = 0; x < N; ++x)
      for (size_t y = 0; y < N; ++y)
        a[x][y] = float(x * 7 + y * 3 % 5);
  }
  q.submit([&](sycl::handler &cgh) {
    sycl::accessor in_acc{in, cgh, sycl::read_only};
    sycl::accessor out_acc{out, cgh, sycl::write_only};
    cgh.set_specialization_constant<coeff_id>(c);
    cgh.parallel_for<class Convolution>(in.get_range(), [=](sycl::item<2> item_id,
                                                             sycl::kernel_handler h) {
      float acc = 0;
      coeff_t coeff = h.get_specialization_constant<coeff_id>();
      for (int i = -1; i <= 1; i++) {
        if (item_id[0] + i < 0 || item_id[0] + i >= in_acc.get_range()[0])
          continue;
        for (int j = -1; j <= 1; j++) {
          if (item_id[1] + j < 0 || item_id[1] + j >= in_acc.get_range()[1])
            continue;
          acc += coeff[i + 1][j + 1] * in_acc[item_id[0] + i][item_id[1] + j];
        }
      }
      out_acc[item_id] = acc;
    });
  });
  sycl::host_accessor a{in, sycl::read_only}, b{out, sycl::read_only};
  int bad = 0;
  for (size_t x = 0; x < N; ++x)
    for (size_t y = 0; y < N; ++y) {
      float acc = 0;
      for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++) {
          long xx = long(x) + i, yy = long(y) + j;
          if (xx < 0 || yy < 0 || xx >= long(N) || yy >= long(N))
            continue;
          acc += c[i + 1][j + 1] * a[xx][yy];
        }
      bad += acc != b[x][y];
    }
  return bad;
}

int main() {
  sycl::queue q;
  std::printf("coefficients 1: %d mismatches\n",
              run(q, {{{1.0f, 2.0f, 1.0f}, {0.0f, 0.0f, 0.0f}, {-1.0f, -2.0f, -1.0f}}}));
  std::printf("coefficients 2: %d mismatches\n",
              run(q, {{{0.5f, 0.0f, 3.0f}, {1.0f, -4.0f, 1.0f}, {2.0f, 0.0f, 0.25f}}}));
}
