// sycl_ext_oneapi_device_global, the basics: the feature macros, the seed's
// example (a class and a `static` int[4]), every device member in a kernel
// (get, the conversions, operator=, operator[] on an array and on a class
// with operator[], operator-> on a pointer and on a class with operator->,
// get_multi_ptr, operators through the conversion), values kept across
// kernels and launches, atomics from 1000 work-items on one instance, and
// variables with each property.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O2 -fsycl-device-code-split=per_kernel %s -o %t.split && %t.split | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <type_traits>

using namespace sycl::ext::oneapi::experimental;

#if !defined(SYCL_EXT_ONEAPI_DEVICE_GLOBAL) || SYCL_EXT_ONEAPI_DEVICE_GLOBAL != 1
#error "SYCL_EXT_ONEAPI_DEVICE_GLOBAL must be 1"
#endif
#ifndef SYCL_EXT_ONEAPI_PROPERTIES
#error "SYCL_EXT_ONEAPI_PROPERTIES must be defined"
#endif

// The seed's example (003 "Examples").
struct MyClass {
  bool flag;
  int x; // not in the seed: lets a later kernel write a second member
};
device_global<MyClass> dm1;
static device_global<int[4]> dm2;

// A class with operator[] and one with operator->.
struct Quad {
  int v[4];
  int &operator[](std::ptrdiff_t i) { return v[i]; }
  const int &operator[](std::ptrdiff_t i) const { return v[i]; }
};
struct Cell {
  int value;
  int twice() const { return 2 * value; }
};
struct Handle {
  Cell *p;
  Cell *operator->() const { return p; }
};

device_global<int> counter;
device_global<int> scalar;
device_global<Quad> quad;
device_global<Cell *> cellp;
device_global<Handle> handle;
device_global<int[8]> viaptr;
device_global<unsigned> hits;
// Properties that change nothing on this device (DG-9).
device_global<int, decltype(properties(host_access_read))> readable;
device_global<int, decltype(properties(host_access_write))> writable;
device_global<int, decltype(properties(host_access_none))> hidden;
device_global<int, decltype(properties(init_mode_reset, implement_in_csr_on))> fpga_only;
device_global<int, decltype(properties(init_mode_reprogram, implement_in_csr_off,
                                       host_access_read_write, device_image_scope))>
    all_props;

// Property queries (DG-4).
using ImageScoped = device_global<int, decltype(properties(device_image_scope, host_access_read))>;
static_assert(ImageScoped::has_property<device_image_scope_key>());
static_assert(ImageScoped::has_property<host_access_key>());
static_assert(!ImageScoped::has_property<init_mode_key>());
static_assert(!decltype(scalar)::has_property<device_image_scope_key>());
static_assert(ImageScoped::get_property<host_access_key>() == host_access_read);
static_assert(ImageScoped::get_property<host_access_key>().value == host_access_enum::read);
static_assert(std::is_same_v<decltype(ImageScoped::get_property<device_image_scope_key>()),
                             device_image_scope_key::value_t>);
static_assert(std::is_same_v<decltype(dm2)::element_type, int>);
static_assert(std::is_same_v<decltype(dm1)::element_type, MyClass>);
static_assert(!std::is_copy_constructible_v<decltype(scalar)> &&
              !std::is_move_constructible_v<decltype(scalar)> &&
              !std::is_copy_assignable_v<decltype(scalar)> &&
              !std::is_move_assignable_v<decltype(scalar)>);
static_assert(is_property_key_of_v<device_image_scope_key, decltype(scalar)>);
static_assert(!is_property_key_of_v<int, decltype(scalar)>);

class SeedRead;
class Members;
class MembersBack;
class Increment;
class Atomics;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(32, q);
  Cell *cells = sycl::malloc_shared<Cell>(2, q);
  cells[0].value = 21;
  cells[1].value = 50;

  // The seed's kernel: a fresh instance is zero-initialised.
  q.submit([&](sycl::handler &h) {
    h.single_task<SeedRead>([=] {
      int x = 5;
      if (dm1.get().flag)
        x = dm2[0];
      out[0] = dm1.get().flag ? 1 : 0;
      out[1] = x;
      out[2] = dm1.get().x;
      out[3] = dm2[0] + dm2[1] + dm2[2] + dm2[3];
      dm2[0] = 5;
    });
  }).wait();
  std::printf("seed: flag=%d x=%d dm1.x=%d rest=%d\n", out[0], out[1], out[2], out[3]);
  // CHECK: seed: flag=0 x=5 dm1.x=0 rest=0

  // Every member, written in one kernel.
  q.single_task<Members>([=] {
    dm1.get().flag = true;
    dm1.get().x = 11;
    scalar = 7;                    // operator=
    int &ref = scalar;             // operator T&
    ref += 3;                      // scalar == 10
    scalar.get() *= 2;             // scalar == 20
    int x = scalar + 1;            // through the conversion
    out[4] = x;                    // 21
    out[5] = scalar == 20;         // comparison through the conversion
    out[6] = scalar < 5;
    dm2[3] = 9;
    quad[0] = 100;                 // Quad::operator[] through device_global::operator[]
    quad[3] = 103;
    quad.get().v[1] = 101;
    cellp = cells;                 // device_global<Cell *>
    cellp->value += 1;             // operator-> on a pointer: cells[0] == 22
    out[7] = cellp->twice();       // 44
    handle.get().p = cells + 1;
    handle->value += 5;            // operator-> on a class: cells[1] == 55
    out[8] = handle->twice();      // 110
    auto mp = viaptr.get_multi_ptr<sycl::access::decorated::no>();
    int *raw = &(*mp)[0];
    for (int i = 0; i < 8; ++i)
      raw[i] = i * i;
    const auto &cs = scalar;
    out[9] = cs.get() + static_cast<const int &>(cs); // const get and conversion: 40
  });
  q.wait();
  std::printf("members: %d %d %d %d %d %d\n", out[4], out[5], out[6], out[7], out[8], out[9]);
  // CHECK: members: 21 1 0 44 110 40
  std::printf("cells: %d %d\n", cells[0].value, cells[1].value);
  // CHECK: cells: 22 55

  // Two launches of an incrementing kernel, then a reader: values persist
  // across kernels and launches.
  for (int i = 0; i < 2; ++i)
    q.single_task<Increment>([=] {
      scalar += 1;
      ++counter.get();
      dm2[0]++;
    }).wait();
  q.single_task<MembersBack>([=] {
    out[10] = dm1.get().flag;
    out[11] = dm1.get().x;
    out[12] = scalar;
    out[13] = counter;
    out[14] = dm2[0] * 10 + dm2[3];
    out[15] = quad[0] + quad[1] + quad[2] + quad[3]; // 100+101+0+103
    out[16] = cellp->value;
    out[17] = handle->value;
    int sum = 0;
    const auto cmp = viaptr.get_multi_ptr<sycl::access::decorated::no>();
    for (int i = 0; i < 8; ++i)
      sum += viaptr[i] * (i + 1) + (*cmp)[i];
    out[18] = sum;
  });
  q.wait();
  std::printf("back: flag=%d x=%d scalar=%d counter=%d dm2=%d quad=%d cell=%d handle=%d viaptr=%d\n",
              out[10], out[11], out[12], out[13], out[14], out[15], out[16], out[17], out[18]);
  // sum over i of i*i*(i+2) for i < 8: 784 + 2*140 = 1064.
  // CHECK: back: flag=1 x=11 scalar=22 counter=2 dm2=79 quad=304 cell=22 handle=55 viaptr=1064

  // The host copies see the same instance.
  int hs = -1, hd[4] = {-1, -1, -1, -1};
  MyClass hm{false, -1};
  q.copy(scalar, &hs).wait();
  q.copy(dm2, hd).wait();
  q.copy(dm1, &hm).wait();
  std::printf("host: %d [%d %d %d %d] {%d %d}\n", hs, hd[0], hd[1], hd[2], hd[3], hm.x, hm.flag);
  // CHECK: host: 22 [7 0 0 9] {11 1}

  // 1000 work-items increment one instance through atomic_ref on get().
  for (int launch = 0; launch < 2; ++launch)
    q.parallel_for<Atomics>(sycl::range<1>(1000), [=](sycl::id<1>) {
      sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device,
                       sycl::access::address_space::global_space>
          a(hits.get());
      a.fetch_add(1u);
    }).wait();
  unsigned hh = 0;
  q.copy(hits, &hh).wait();
  std::printf("atomics: %u\n", hh);
  // CHECK: atomics: 2000

  // The properties: kernels use the variables as usual, and the host copies
  // that host_access allows work.
  int w = 30;
  q.copy(&w, writable).wait();
  q.copy(&w, fpga_only).wait();
  q.single_task([=] {
    readable = writable + 1;
    hidden = readable + 1;
    fpga_only += hidden;
    all_props = fpga_only * 2;
  }).wait();
  int rd = -1, fo = -1, ap = -1;
  q.copy(readable, &rd);
  q.memcpy(&fo, fpga_only);
  q.copy(all_props, &ap);
  q.wait();
  std::printf("properties: %d %d %d\n", rd, fo, ap);
  // CHECK: properties: 31 62 124

  sycl::free(out, q);
  sycl::free(cells, q);
  return 0;
}
