// device_globals across translation units (DG-14): `SYCL_EXTERNAL
// device_global<int> Foo;` defined here and declared `extern` in
// Inputs/device-global-tu2.cpp name one instance, seen by both TUs' kernels
// and both TUs' host copies. `static` and anonymous-namespace variables of
// the same names in both TUs stay distinct, also when reached through a
// SYCL_EXTERNAL function of the other TU; an `inline` one is shared.
// Separate compiles linked together, and one compile of both files.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %syclcc -O2 -c %S/Inputs/device-global-tu2.cpp -o %t/tu2.o
// RUN: %syclcc -O2 -c %s -o %t/tu1.o
// RUN: %syclcc %t/tu1.o %t/tu2.o -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %syclcc -O0 %s %S/Inputs/device-global-tu2.cpp -o %t/app0
// RUN: %t/app0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

SYCL_EXTERNAL device_global<int> Foo;
SYCL_EXTERNAL device_global<int[2]> Pair;
static device_global<int> Local;
namespace {
device_global<int> Anon;
}
inline device_global<int> Shared;

SYCL_EXTERNAL int tu1_get_local() { return Local; }
SYCL_EXTERNAL int tu2_get_local(); // TU2's Local, from TU2's code
void tu2_write(sycl::queue &q);
void tu2_kernel_read(sycl::queue &q, int *out);
void tu2_copy_read(sycl::queue &q, int *out);
void tu2_copy_write_local(sycl::queue &q, int v);

class Tu1Write;
class Tu1Read;

static void tu1_kernel_read(sycl::queue &q, int *out) {
  q.single_task<Tu1Read>([=] {
    out[0] = Foo;
    out[1] = Local;
    out[2] = Anon;
    out[3] = Shared;
    out[4] = Pair[0] * 10 + Pair[1];
    out[5] = tu2_get_local();
  }).wait();
}

static void print(const char *what, const int *v) {
  std::printf("%s: Foo=%d Local=%d Anon=%d Shared=%d\n", what, v[0], v[1], v[2], v[3]);
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(6, q);

  q.single_task<Tu1Write>([=] {
    Local = 1;
    Anon = 10;
    Shared = 5;
    Pair[0] = 3;
  }).wait();
  tu2_write(q); // Foo = 42, Pair[1] = Pair[0] + 1, TU2's Local = 2, Anon = 20, Shared += 100

  tu1_kernel_read(q, out);
  print("tu1 kernel", out);
  std::printf("tu1 kernel: Pair=%d TU2's Local=%d\n", out[4], out[5]);
  // CHECK: tu1 kernel: Foo=42 Local=1 Anon=10 Shared=105
  // CHECK-NEXT: tu1 kernel: Pair=34 TU2's Local=2
  tu2_kernel_read(q, out);
  print("tu2 kernel", out);
  std::printf("tu2 kernel: TU1's Local=%d\n", out[4]);
  // CHECK-NEXT: tu2 kernel: Foo=42 Local=2 Anon=20 Shared=105
  // CHECK-NEXT: tu2 kernel: TU1's Local=1

  int h[4] = {-1, -1, -1, -1}, p[2] = {-1, -1};
  q.copy(Foo, &h[0]);
  q.copy(Local, &h[1]);
  q.copy(Anon, &h[2]);
  q.copy(Shared, &h[3]);
  q.copy(Pair, p);
  q.wait();
  print("tu1 copy", h);
  std::printf("tu1 copy: Pair=%d %d\n", p[0], p[1]);
  // CHECK-NEXT: tu1 copy: Foo=42 Local=1 Anon=10 Shared=105
  // CHECK-NEXT: tu1 copy: Pair=3 4
  tu2_copy_read(q, h);
  print("tu2 copy", h);
  // CHECK-NEXT: tu2 copy: Foo=42 Local=2 Anon=20 Shared=105

  // Host writes in one TU, kernel reads in the other.
  int seven = 7;
  q.copy(&seven, Foo).wait();
  tu2_copy_write_local(q, 9);
  tu2_kernel_read(q, out);
  print("tu2 kernel after writes", out);
  // CHECK-NEXT: tu2 kernel after writes: Foo=7 Local=9 Anon=20 Shared=105
  tu1_kernel_read(q, out);
  print("tu1 kernel after writes", out);
  // CHECK-NEXT: tu1 kernel after writes: Foo=7 Local=1 Anon=10 Shared=105

  sycl::free(out, q);
  return 0;
}
