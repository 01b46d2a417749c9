// Kernel names of hundreds of bytes (a name type with 40 template arguments,
// a lambda in nested function templates) run: the image names such kernels
// by a short backend symbol (runtime/fatbin/kernel_symbol.h), which the
// runtime asks the backend for, while kernel ids, bundles and smcp-dump show
// the full name. A device_global used by the long kernel still reaches it (its
// image property lists the kernel by name).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: smcp-dump %t | FileCheck %s --check-prefix=DUMP
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>

template <int N> struct Tag {};
template <typename... T> struct Name {};
template <int... I> using Tags = Name<Tag<I>...>;
using LongName = Tags<0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                      21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39>;

sycl::ext::oneapi::experimental::device_global<int> Counter;

template <typename A, typename B, typename C> struct Deep {
  template <typename D> static void run(sycl::queue &Q, int *Out) {
    Q.single_task([=] { Out[1] = 11; }).wait();
  }
};
using DeepT = Deep<Tags<0, 1, 2, 3, 4, 5, 6, 7, 8, 9>, Tags<10, 11, 12, 13, 14, 15, 16, 17>,
                   Tags<18, 19, 20, 21, 22, 23, 24>>;

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(4, Q);
  auto Bump = [=] {
    Counter = Counter + 5;
    Out[0] = Counter;
  };
  Q.single_task<LongName>(Bump).wait();
  DeepT::run<Tags<25, 26, 27>>(Q, Out);
  std::printf("%d %d\n", Out[0], Out[1]);
  // CHECK: 5 11

  sycl::kernel_id Id = sycl::get_kernel_id<LongName>();
  std::printf("name length > 255: %d, mangled: %.12s\n", int(std::strlen(Id.get_name()) > 255),
              Id.get_name());
  // CHECK: name length > 255: 1, mangled: _ZTS4NameIJ3
  auto Bundle = sycl::get_kernel_bundle<LongName, sycl::bundle_state::executable>(Q.get_context());
  sycl::kernel K = Bundle.get_kernel<LongName>();
  std::printf("bundle has it: %d, args: %d\n", int(Bundle.has_kernel<LongName>()),
              int(K.get_info<sycl::info::kernel::num_args>()));
  // CHECK: bundle has it: 1, args: 2
  Q.submit([&](sycl::handler &H) {
     H.use_kernel_bundle(Bundle);
     H.single_task<LongName>(Bump);
   }).wait();
  std::printf("%d\n", Out[0]);
  // CHECK: 10
  sycl::free(Out, Q);
}

// DUMP-DAG: kernel _ZTS4NameIJ3TagILi0EES0_ILi1EE{{.*}}EEEE (symbol _smcp_k_{{[0-9a-f]+}})
// DUMP-DAG: kernel _ZTSZN4DeepI{{.*}} (symbol _smcp_k_{{[0-9a-f]+}})
