// Kernels that use optional features (fp64, fp16, 64-bit atomics) run on
// devices that have them and raise errc::kernel_not_supported, naming the
// kernel and the feature, on devices that do not (SYCL 2020 §5.7); the
// image records what each kernel uses.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %syclcc -O2 %s -o %t/app && %t/app | FileCheck %s
// RUN: smcp-dump %t/app | FileCheck %s --check-prefix=DUMP
#include <sycl/sycl.hpp>

#include <cstdio>

template <typename Name, typename F>
void try_kernel(const char *Label, sycl::queue &Q, sycl::aspect A, const F &K) {
  bool Has = Q.get_device().has(A);
  try {
    Q.single_task<Name>(K).wait();
    std::printf("%s: ran (device has it: %d)\n", Label, Has);
  } catch (const sycl::exception &E) {
    std::printf("%s: kernel_not_supported=%d expected=%d\n", Label,
                E.code() == sycl::errc::kernel_not_supported, !Has);
    std::printf("  %s\n", E.what());
  }
}

class FloatOnly;
class UsesDouble;
class UsesHalf;
class UsesAtomic64;

int main() {
  sycl::queue Q;
  float *F = sycl::malloc_shared<float>(1, Q);
  double *D = sycl::malloc_shared<double>(1, Q);
  unsigned long long *U = sycl::malloc_shared<unsigned long long>(1, Q);
  *U = 0;
  // A double constant folded into float math does not make a kernel fp64.
  try_kernel<FloatOnly>("FloatOnly", Q, sycl::aspect::fp64, [=] { *F = float(1.5 * 2.0); });
  // CHECK: FloatOnly: ran
  try_kernel<UsesDouble>("UsesDouble", Q, sycl::aspect::fp64, [=] { *D = *D * 3.0 + 1.0; });
  // CHECK: UsesDouble: {{ran \(device has it: 1\)|kernel_not_supported=1 expected=1}}
  try_kernel<UsesHalf>("UsesHalf", Q, sycl::aspect::fp16, [=] {
    sycl::half H = sycl::half(*F);
    *F = float(H * H);
  });
  // CHECK: UsesHalf: {{ran \(device has it: 1\)|kernel_not_supported=1 expected=1}}
  try_kernel<UsesAtomic64>("UsesAtomic64", Q, sycl::aspect::atomic64, [=] {
    sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device>(*U)
        .fetch_add(1);
  });
  // CHECK: UsesAtomic64: {{ran \(device has it: 1\)|kernel_not_supported=1 expected=1}}
  sycl::free(F, Q);
  sycl::free(D, Q);
  sycl::free(U, Q);
}

// DUMP: set smcp.kernel_requirements
// DUMP-DAG: _ZTS10UsesDouble: u32 1
// DUMP-DAG: _ZTS8UsesHalf: u32 2
// DUMP-DAG: _ZTS12UsesAtomic64: u32 4
// DUMP-NOT: FloatOnly:
