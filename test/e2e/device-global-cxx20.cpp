// C++20 constant initialisation of device_globals (DG-6, 003 "Constant
// initialization"): the spec's variables, most with device_image_scope. Each
// instance starts from the initial value: read by queue::copy before any
// kernel ran, then by a kernel, then by a copy after the kernel changed a
// few of them.
// RUN: %syclcc -std=c++20 -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -std=c++20 -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl::ext::oneapi::experimental;
using Scoped = decltype(properties(device_image_scope));

device_global<int> no_device_image_dg{3};
device_global<int, Scoped> dg_int{5};
device_global<int[3], Scoped> dg_int_arr{5, 2, 3};
device_global<char, Scoped> dg_char{'f'};
device_global<char[3], Scoped> dg_char_arr{'d', '4', 'S'};
device_global<int[3][2], Scoped> dg_multi_dim_arr{3, 4, 5, 6, 7, 8};
// From double literals, as the spec writes them.
device_global<float, Scoped> dg_float{4.5};
device_global<float[6], Scoped> dg_float_arr{4.5, 2.1, 3.5, 9.33, 2.33, 2.1};
device_global<double, Scoped> dg_double{3.56543};
device_global<double[3], Scoped> dg_double_arr{2.2341234, 233.23423, 236.52321};
device_global<bool, Scoped> dg_bool{true};
device_global<bool[3], Scoped> dg_bool_arr{true, false, true};

struct TestStruct {
  int field1;
  bool field2;
  float field3;
  int field4[4];
};
// The spec writes TS1(5, true, ...): parenthesised aggregate initialisation,
// which clang 15 lacks.
constexpr TestStruct TS1{5, true, 2.1, {1, 2, 3, 4}};
constexpr TestStruct TS2{7, false, 2.4, {1, 2, 3, 4}};
constexpr TestStruct TS3{6, false, 4.34534, {5, 6, 7, 8}};
device_global<TestStruct, Scoped> dg_struct{TS3};
device_global<TestStruct[2], Scoped> dg_struct_arr{TS1, TS2};
static device_global<long> dg_static{-77};
device_global<int[4]> dg_partial{9, 8}; // the rest value-initialised

class ReadAll;

int main() {
  sycl::queue q;

  // Before any kernel: the copies give the initial values.
  {
    int i = 0, ia[3] = {}, md[6] = {}, ip[4] = {-1, -1, -1, -1};
    char c = 0, ca[3] = {};
    float f = 0, fa[6] = {};
    double d = 0, da[3] = {};
    bool b = false, ba[3] = {};
    TestStruct s{}, sa[2]{};
    long l = 0;
    int nd = 0;
    q.copy(no_device_image_dg, &nd);
    q.copy(dg_int, &i);
    q.copy(dg_int_arr, ia);
    q.copy(dg_char, &c);
    q.copy(dg_char_arr, ca);
    q.copy(dg_multi_dim_arr, md);
    q.copy(dg_float, &f);
    q.copy(dg_float_arr, fa);
    q.copy(dg_double, &d);
    q.copy(dg_double_arr, da);
    q.copy(dg_bool, &b);
    q.copy(dg_bool_arr, ba);
    q.copy(dg_struct, &s);
    q.copy(dg_struct_arr, sa);
    q.copy(dg_static, &l);
    q.copy(dg_partial, ip);
    q.wait();
    std::printf("copy: %d %d [%d %d %d] %c [%c%c%c] [%d %d %d %d %d %d]\n", nd, i, ia[0], ia[1],
                ia[2], c, ca[0], ca[1], ca[2], md[0], md[1], md[2], md[3], md[4], md[5]);
    std::printf("copy: %g [%g %g %g %g %g %g] %.5f [%.7f %.5f %.5f]\n", f, fa[0], fa[1], fa[2],
                fa[3], fa[4], fa[5], d, da[0], da[1], da[2]);
    std::printf("copy: %d [%d %d %d] {%d %d %.5f %d %d %d %d} {%d %d %g %d} {%d %d %g %d}\n", b,
                ba[0], ba[1], ba[2], s.field1, s.field2, s.field3, s.field4[0], s.field4[1],
                s.field4[2], s.field4[3], sa[0].field1, sa[0].field2, sa[0].field3,
                sa[0].field4[3], sa[1].field1, sa[1].field2, sa[1].field3, sa[1].field4[0]);
    std::printf("copy: %ld [%d %d %d %d]\n", l, ip[0], ip[1], ip[2], ip[3]);
    // CHECK: copy: 3 5 [5 2 3] f [d4S] [3 4 5 6 7 8]
    // CHECK-NEXT: copy: 4.5 [4.5 2.1 3.5 9.33 2.33 2.1] 3.56543 [2.2341234 233.23423 236.52321]
    // CHECK-NEXT: copy: 1 [1 0 1] {6 0 4.34534 5 6 7 8} {5 1 2.1 4} {7 0 2.4 1}
    // CHECK-NEXT: copy: -77 [9 8 0 0]
  }

  // A kernel reads them, and changes some.
  double *out = sycl::malloc_shared<double>(32, q);
  q.single_task<ReadAll>([=] {
    out[0] = no_device_image_dg;
    out[1] = dg_int;
    out[2] = dg_int_arr[0] * 100 + dg_int_arr[1] * 10 + dg_int_arr[2];
    out[3] = dg_char;
    out[4] = dg_char_arr[0] * 10000 + dg_char_arr[1] * 100 + dg_char_arr[2];
    out[5] = dg_multi_dim_arr[2][1];
    out[6] = dg_multi_dim_arr[0][1] * 10 + dg_multi_dim_arr[1][0];
    out[7] = dg_float;
    out[8] = dg_float_arr[3];
    out[9] = dg_double;
    out[10] = dg_double_arr[1];
    out[11] = dg_bool;
    out[12] = dg_bool_arr[0] * 100 + dg_bool_arr[1] * 10 + dg_bool_arr[2];
    const TestStruct &s = dg_struct;
    out[13] = s.field1 * 1000 + s.field2 * 100 + s.field4[3];
    out[14] = s.field3;
    out[15] = dg_struct_arr[0].field1 * 10 + dg_struct_arr[1].field1;
    out[16] = dg_struct_arr[0].field2 * 10 + dg_struct_arr[1].field2;
    out[17] = dg_static;
    out[18] = dg_partial[0] * 1000 + dg_partial[1] * 100 + dg_partial[2] * 10 + dg_partial[3];
    dg_int += 10;
    dg_multi_dim_arr[2][1] = 80;
    dg_struct.get().field4[0] = 50;
    dg_static = 123;
    no_device_image_dg = no_device_image_dg * 2;
  });
  q.wait();
  std::printf("kernel: %g %g %g %c %.0f %g %g\n", out[0], out[1], out[2], char(out[3]), out[4],
              out[5], out[6]);
  std::printf("kernel: %g %g %.5f %.5f %g %g %g %.5f %g %g %g %g\n", out[7], out[8], out[9],
              out[10], out[11], out[12], out[13], out[14], out[15], out[16], out[17], out[18]);
  // 'd' '4' 'S' = 100 52 83.
  // CHECK: kernel: 3 5 523 f 1005283 8 45
  // CHECK-NEXT: kernel: 4.5 9.33 3.56543 233.23423 1 101 6008 4.34534 57 10 -77 9800

  int i = 0, md[6] = {}, nd = 0;
  TestStruct s{};
  long l = 0;
  q.copy(dg_int, &i);
  q.copy(dg_multi_dim_arr, md);
  q.copy(dg_struct, &s);
  q.copy(dg_static, &l);
  q.copy(no_device_image_dg, &nd);
  q.wait();
  std::printf("after: %d [%d %d %d %d %d %d] %d %d %ld %d\n", i, md[0], md[1], md[2], md[3], md[4],
              md[5], s.field4[0], s.field4[1], l, nd);
  // CHECK: after: 15 [3 4 5 6 7 80] 50 6 123 6
  sycl::free(out, q);
  return 0;
}
