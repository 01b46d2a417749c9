// __builtin_sycl_unique_stable_name evaluated in device code: clang puts the
// string in the private address space; the image must still be valid SPIR-V
// and the kernel must read the right name, at -O0 and -O2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %syclcc -O0 %s -o %t/app0 && %t/app0 | FileCheck %s
// RUN: %if target-spir64 %{ smcp-dump %t/app0 --extract=%t && spirv-val %t/image0.spirv %}
// RUN: %syclcc -O2 %s -o %t/app2 && %t/app2 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

template <typename T> struct Tag {};

int main() {
  sycl::queue Q;
  char *Out = sycl::malloc_shared<char>(64, Q);
  Q.single_task([=] {
     const char *Name = __builtin_sycl_unique_stable_name(Tag<int>);
     int I = 0;
     for (; Name[I]; ++I)
       Out[I] = Name[I];
     Out[I] = 0;
   }).wait();
  std::printf("name: %s\n", Out);
  // CHECK: name: _ZTS3TagIiE
  sycl::free(Out, Q);
}
