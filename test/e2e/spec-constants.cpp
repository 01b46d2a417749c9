// Specialization constants through the handler and kernel_handler: defaults,
// set values, every kernel form, every value kind (scalars, bool, padded
// and nested structs, arrays, marray-like and vector types), namespace /
// anonymous-namespace / static-member ids, values not carried between
// command groups, and the handler's errors.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O2 -fsycl-device-code-split=per_kernel %s -o %t.split && %t.split | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: env SMCP_CACHE_DIR=off SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefix=TRACE
#include <sycl/sycl.hpp>

#include <array>
#include <cstdio>

struct Padded {
  char C;
  int I;
  short S;
};
struct Nested {
  Padded P;
  double D;
  bool B;
};

constexpr sycl::specialization_id<int> Width{7};
constexpr sycl::specialization_id<bool> Flag{true};
constexpr sycl::specialization_id<double> Scale{0.5};
constexpr sycl::specialization_id<unsigned char> Small{200};
constexpr sycl::specialization_id<long long> Big{-3};
namespace {
constexpr sycl::specialization_id<Padded> Pad{Padded{'a', 5, 3}};
}
struct Holder {
  static constexpr sycl::specialization_id<std::array<float, 3>> Arr{
      std::array<float, 3>{1.f, 2.f, 3.f}};
};
constexpr sycl::specialization_id<Nested> Nest{Nested{Padded{'x', 1, 2}, 2.5, false}};
constexpr sycl::specialization_id<std::array<std::array<int, 2>, 2>> Grid{
    std::array<std::array<int, 2>, 2>{{{1, 2}, {3, 4}}}};
constexpr sycl::specialization_id<sycl::vec<float, 4>> Vec{1.f, 2.f, 3.f, 4.f};
constexpr sycl::specialization_id<sycl::marray<int, 3>> Mar{5, 6, 7};

int main() {
  sycl::queue q;
  auto *out = sycl::malloc_shared<double>(16, q);

  // Defaults, read in a single_task.
  q.submit([&](sycl::handler &h) {
    h.single_task([=](sycl::kernel_handler kh) {
      out[0] = kh.get_specialization_constant<Width>();
      out[1] = kh.get_specialization_constant<Flag>();
      out[2] = kh.get_specialization_constant<Scale>();
      out[3] = kh.get_specialization_constant<Small>();
      out[4] = double(kh.get_specialization_constant<Big>());
      Padded p = kh.get_specialization_constant<Pad>();
      out[5] = p.C * 10000 + p.I * 100 + p.S;
      auto a = kh.get_specialization_constant<Holder::Arr>();
      out[6] = a[0] * 100 + a[1] * 10 + a[2];
      Nested n = kh.get_specialization_constant<Nest>();
      out[7] = n.P.C + n.P.I + n.P.S + n.D + n.B;
      auto g = kh.get_specialization_constant<Grid>();
      out[8] = g[0][0] * 1000 + g[0][1] * 100 + g[1][0] * 10 + g[1][1];
      auto v = kh.get_specialization_constant<Vec>();
      out[9] = v[0] * 1000 + v[1] * 100 + v[2] * 10 + v[3];
      auto m = kh.get_specialization_constant<Mar>();
      out[10] = m[0] * 100 + m[1] * 10 + m[2];
    });
  }).wait();
  for (int i = 0; i <= 10; ++i)
    std::printf("%g ", out[i]);
  std::printf("\n");
  // CHECK: 7 1 0.5 200 -3 970503 123 125.5 1234 1234 567

  // Set values, read in the same single_task.
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<Width>(42);
    h.set_specialization_constant<Flag>(false);
    h.set_specialization_constant<Scale>(-1.25);
    h.set_specialization_constant<Small>(3);
    h.set_specialization_constant<Big>(1LL << 40);
    h.set_specialization_constant<Pad>(Padded{'b', 6, 4});
    h.set_specialization_constant<Holder::Arr>(std::array<float, 3>{4.f, 5.f, 6.f});
    h.set_specialization_constant<Nest>(Nested{Padded{'\0', 0, 0}, 10.0, true});
    h.set_specialization_constant<Grid>(std::array<std::array<int, 2>, 2>{{{9, 8}, {7, 6}}});
    h.set_specialization_constant<Vec>(sycl::vec<float, 4>(4.f, 3.f, 2.f, 1.f));
    h.set_specialization_constant<Mar>(sycl::marray<int, 3>(1, 2, 3));
    h.single_task([=](sycl::kernel_handler kh) {
      out[0] = kh.get_specialization_constant<Width>();
      out[1] = kh.get_specialization_constant<Flag>();
      out[2] = kh.get_specialization_constant<Scale>();
      out[3] = kh.get_specialization_constant<Small>();
      out[4] = double(kh.get_specialization_constant<Big>());
      Padded p = kh.get_specialization_constant<Pad>();
      out[5] = p.C * 10000 + p.I * 100 + p.S;
      auto a = kh.get_specialization_constant<Holder::Arr>();
      out[6] = a[0] * 100 + a[1] * 10 + a[2];
      Nested n = kh.get_specialization_constant<Nest>();
      out[7] = n.P.C + n.P.I + n.P.S + n.D + n.B;
      auto g = kh.get_specialization_constant<Grid>();
      out[8] = g[0][0] * 1000 + g[0][1] * 100 + g[1][0] * 10 + g[1][1];
      auto v = kh.get_specialization_constant<Vec>();
      out[9] = v[0] * 1000 + v[1] * 100 + v[2] * 10 + v[3];
      auto m = kh.get_specialization_constant<Mar>();
      out[10] = m[0] * 100 + m[1] * 10 + m[2];
    });
  }).wait();
  for (int i = 0; i <= 10; ++i)
    std::printf("%g ", out[i]);
  std::printf("\n");
  // CHECK: 42 0 -1.25 3 1.09951e+12 980604 456 11 9876 4321 123

  // handler::get: the default before set, the value after; values do not
  // carry over when the same command-group function runs again.
  int round = 0;
  auto cgf = [&](sycl::handler &h) {
    std::printf("get before set: %d\n", h.get_specialization_constant<Width>());
    if (round++ == 0) {
      h.set_specialization_constant<Width>(5);
      std::printf("get after set: %d\n", h.get_specialization_constant<Width>());
    }
    h.single_task([=](sycl::kernel_handler kh) { out[0] = kh.get_specialization_constant<Width>(); });
  };
  q.submit(cgf).wait();
  std::printf("CG1 kernel: %g\n", out[0]);
  q.submit(cgf).wait();
  std::printf("CG2 kernel: %g\n", out[0]);
  // CHECK: get before set: 7
  // CHECK: get after set: 5
  // CHECK: CG1 kernel: 5
  // CHECK: get before set: 7
  // CHECK: CG2 kernel: 7

  // Every parallel_for form takes the kernel_handler last.
  int *data = sycl::malloc_shared<int>(8, q);
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<Width>(100);
    h.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i, sycl::kernel_handler kh) {
      data[i] = kh.get_specialization_constant<Width>() + int(i[0]);
    });
  });
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<Width>(200);
    h.parallel_for(sycl::range<2>(1, 2), [=](sycl::item<2> it, sycl::kernel_handler kh) {
      data[2 + it.get_linear_id()] = kh.get_specialization_constant<Width>() + int(it[1]);
    });
  });
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<Width>(300);
    h.parallel_for(sycl::nd_range<1>(2, 2), [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
      data[4 + it.get_global_id(0)] = kh.get_specialization_constant<Width>() + int(it.get_local_id(0));
    });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<class Named>(sycl::range<1>(2), [=](auto i, sycl::kernel_handler kh) {
      data[6 + i[0]] = kh.get_specialization_constant<Width>();
    });
  });
  q.wait();
  for (int i = 0; i < 8; ++i)
    std::printf("%d ", data[i]);
  std::printf("\n");
  // CHECK: 100 101 200 201 300 301 7 7

  // Setting a constant the kernel does not use is allowed and has no effect.
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<Scale>(9.0);
    h.single_task([=] { data[0] = 1; });
  }).wait();
  std::printf("unused set: %d\n", data[0]);
  // CHECK: unused set: 1

  sycl::free(data, q);
  sycl::free(out, q);
}
// Values equal to ones used before rebuild nothing: the first launch above
// and the defaults of the CG2 launch share one program.
// TRACE: building image {{[0-9]+}} ({{[0-9]+}} bytes, 0 specialization constant value(s))
// TRACE-NOT: building image {{[0-9]+}} ({{[0-9]+}} bytes, 0 specialization constant value(s))
