// [[sycl::reqd_work_group_size]] (SYCL 2020 §5.8.1) on a functor's
// operator() and after a kernel lambda's parameter list: the image records the size (SPIR-V ExecutionMode LocalSize,
// the kernel's property), compile_work_group_size returns it (from the
// image, on every backend), an nd_range
// launch with that local size runs, one with another size (or another
// dimensionality) throws errc::nd_range naming the kernel and both sizes,
// and a parallel_for over a range runs in groups of that size.
// reqd_sub_group_size and work_group_size_hint are accepted; no compile warns.
// RUN: %syclcc -O2 %s -o %t 2>&1 | FileCheck %s --allow-empty --check-prefix=BUILD
// BUILD-NOT: warning:
// RUN: %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdio>

using namespace sycl;

class Fixed1D;
class Fixed2D;
class Hinted;
class OverRange;
class Lambda1D;
class LambdaOverRange;

struct Groups1D {
  size_t *Out;
  [[sycl::reqd_work_group_size(8)]] void operator()(nd_item<1> It) const {
    Out[It.get_global_id(0)] = It.get_local_range(0);
  }
};

struct Groups2D {
  size_t *Out;
  [[sycl::reqd_work_group_size(2, 4)]] void operator()(nd_item<2> It) const {
    Out[It.get_global_linear_id()] = It.get_local_range(0) * 10 + It.get_local_range(1);
  }
};

struct RangeKernel {
  size_t *Out;
  [[sycl::reqd_work_group_size(4, 8)]] void operator()(item<2> It) const { Out[It.get_linear_id()] = 7; }
};

struct HintedKernel {
  size_t *Out;
  [[sycl::reqd_sub_group_size(8)]] [[sycl::work_group_size_hint(16)]] void operator()(id<1> I) const {
    Out[I] = 1;
  }
};

/// The errc and message of what Launch throws ("" when it does not).
template <typename F> std::string launch_error(F Launch, errc &Code) {
  try {
    Launch();
  } catch (const sycl::exception &E) {
    Code = errc(E.code().value());
    return E.what();
  }
  return "";
}

int main() {
  queue Q;
  size_t *Out = malloc_shared<size_t>(64, Q);

  kernel K = get_kernel_bundle<bundle_state::executable>(Q.get_context())
                 .get_kernel(get_kernel_id<Fixed2D>());
  range<3> Compiled = K.get_info<info::kernel_device_specific::compile_work_group_size>(Q.get_device());
  std::printf("compile_work_group_size: %zu %zu %zu\n", Compiled[0], Compiled[1], Compiled[2]);
  // CHECK: compile_work_group_size: 1 2 4
  Compiled = get_kernel_bundle<bundle_state::executable>(Q.get_context())
                 .get_kernel(get_kernel_id<Fixed1D>())
                 .get_info<info::kernel_device_specific::compile_work_group_size>(Q.get_device());
  std::printf("1-D: %zu %zu %zu\n", Compiled[0], Compiled[1], Compiled[2]);
  // CHECK: 1-D: 1 1 8

  Q.parallel_for<Fixed1D>(nd_range<1>(32, 8), Groups1D{Out}).wait();
  EXPECT(Out[0] == 8 && Out[31] == 8);
  Q.parallel_for<Fixed2D>(nd_range<2>({4, 8}, {2, 4}), Groups2D{Out}).wait();
  EXPECT(Out[0] == 24 && Out[31] == 24);
  std::printf("right sizes ran\n");
  // CHECK: right sizes ran

  errc Code{};
  std::string Why = launch_error([&] { Q.parallel_for<Fixed1D>(nd_range<1>(32, 16), Groups1D{Out}); }, Code);
  std::printf("wrong size: %d %s\n", Code == errc::nd_range, Why.c_str());
  // CHECK: wrong size: 1 sycl: kernel '{{.*}}Fixed1D' requires the work-group size {8} ({{.*}}reqd_work_group_size{{.*}}), but is launched with the local range {16}
  Why = launch_error([&] { Q.parallel_for<Fixed2D>(nd_range<2>({4, 8}, {4, 2}), Groups2D{Out}); }, Code);
  std::printf("transposed: %d %s\n", Code == errc::nd_range, Why.c_str());
  // CHECK: transposed: 1 {{.*}}requires the work-group size {2, 4} {{.*}}local range {4, 2}
  // Over a range: groups of the kernel's size, which must divide it.
  for (int I = 0; I < 64; ++I)
    Out[I] = 0;
  Q.parallel_for<OverRange>(range<2>(4, 16), RangeKernel{Out}).wait();
  EXPECT(Out[0] == 7 && Out[63] == 7);
  Why = launch_error([&] { Q.parallel_for<OverRange>(range<2>(4, 12), RangeKernel{Out}); }, Code);
  std::printf("indivisible: %d %s\n", Code == errc::nd_range, Why.c_str());
  // CHECK: indivisible: 1 {{.*}}requires the work-group size {4, 8} {{.*}}, which does not divide its global range {4, 12}
  Q.parallel_for<Hinted>(range<1>(64), HintedKernel{Out}).wait();
  EXPECT(Out[0] == 1 && Out[63] == 1);
  std::printf("range forms ran\n");
  // CHECK: range forms ran

  // The lambda form: the same size, the same checks.
  auto Lambda = [=](nd_item<1> It) [[sycl::reqd_work_group_size(16)]] {
    Out[It.get_global_id(0)] = It.get_local_range(0) + 100;
  };
  Q.parallel_for<Lambda1D>(nd_range<1>(64, 16), Lambda).wait();
  EXPECT(Out[0] == 116 && Out[63] == 116);
  Why = launch_error([&] { Q.parallel_for<Lambda1D>(nd_range<1>(64, 8), Lambda); }, Code);
  std::printf("lambda, wrong size: %d %s\n", Code == errc::nd_range, Why.c_str());
  // CHECK: lambda, wrong size: 1 sycl: kernel '{{.*}}Lambda1D' requires the work-group size {16} {{.*}}local range {8}
  auto Nines = [=](item<1> It) [[sycl::reqd_work_group_size(32)]] { Out[It.get_linear_id()] = 9; };
  Q.parallel_for<LambdaOverRange>(range<1>(64), Nines).wait();
  EXPECT(Out[0] == 9 && Out[63] == 9);
  Why = launch_error([&] { Q.parallel_for<LambdaOverRange>(range<1>(48), Nines); }, Code);
  std::printf("lambda, indivisible: %d %s\n", Code == errc::nd_range, Why.c_str());
  // CHECK: lambda, indivisible: 1 {{.*}}requires the work-group size {32} {{.*}}, which does not divide its global range {48}

  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  free(Out, Q);
  return expect_failures();
}
