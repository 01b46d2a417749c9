// device_globals in the ways kernels use them: a pointer to the instance
// stored in memory and dereferenced by a later kernel that never names the
// variable (DG-5), a device function shared by two kernels, a static member
// of a class template and a variable template, sub-word, over-aligned and
// large types, many variables in one kernel, and a kernel that also has
// accessors, a local accessor, a specialization constant and a reduction.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

device_global<int> pointee;
device_global<int> shared_by_fn;
template <typename T> struct Holder {
  static device_global<T> v;
};
template <typename T> device_global<T> Holder<T>::v;
template <int N> device_global<int> vt;
device_global<char> c1;
device_global<bool> b1;
device_global<short[3]> s3;
struct alignas(64) Aligned {
  double d[9];
};
device_global<Aligned> aligned;
device_global<int[4096]> large;
device_global<int> m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11;
device_global<int> counted;
constexpr sycl::specialization_id<int> offset{3};

int bump(int x) {
  shared_by_fn += x;
  return shared_by_fn;
}
template <typename T> T read_holder() { return Holder<T>::v; }

class Mixed;

int main() {
  sycl::queue q;
  auto *out = sycl::malloc_shared<long>(16, q);

  // A pointer to the instance, kept in USM between kernels.
  int **pp = sycl::malloc_shared<int *>(1, q);
  q.single_task([=] {
    pointee = 1;
    *pp = &pointee.get();
  }).wait();
  q.single_task([=] { **pp += 10; }).wait();
  q.single_task([=] { out[0] = *pp == &pointee.get(); }).wait();
  int h = 0;
  q.copy(pointee, &h).wait();
  std::printf("through a pointer: %d same address: %ld\n", h, out[0]);
  // CHECK: through a pointer: 11 same address: 1

  // One device function, two kernels.
  q.single_task([=] { out[1] = bump(2); }).wait();
  q.single_task([=] { out[2] = bump(3); }).wait();
  std::printf("device function: %ld %ld\n", out[1], out[2]);
  // CHECK: device function: 2 5

  // Templates.
  q.single_task([=] {
    Holder<int>::v = 4;
    Holder<long>::v = 5;
    vt<1> = 6;
    vt<2> = 7;
  }).wait();
  q.single_task([=] {
    out[3] = read_holder<int>() * 10 + read_holder<long>();
    out[4] = vt<1> * 10 + vt<2>;
  }).wait();
  int hi = 0, hv = 0;
  long hl = 0;
  q.copy(Holder<int>::v, &hi);
  q.copy(Holder<long>::v, &hl);
  q.copy(vt<2>, &hv);
  q.wait();
  std::printf("templates: kernel %ld %ld copy %d %ld %d\n", out[3], out[4], hi, hl, hv);
  // CHECK: templates: kernel 45 67 copy 4 5 7

  // Small, over-aligned and large types.
  q.single_task([=] {
    c1 = 'z';
    b1 = true;
    s3[1] = -2;
    aligned.get().d[8] = 2.5;
    out[5] = reinterpret_cast<std::uintptr_t>(&aligned.get()) % alignof(Aligned);
    large[4095] = 9;
    large[0] = 8;
  }).wait();
  char hc = 0;
  bool hb = false;
  short hs[3] = {1, 1, 1};
  Aligned ha{};
  int hlarge[2] = {};
  q.copy(c1, &hc);
  q.copy(b1, &hb);
  q.copy(s3, hs);
  q.copy(aligned, &ha);
  q.copy(large, &hlarge[0], 1, 0);
  q.copy(large, &hlarge[1], 1, 4095);
  q.wait();
  std::printf("types: %c %d [%d %d %d] %g misaligned by %ld, large %d %d\n", hc, hb, hs[0], hs[1],
              hs[2], ha.d[8], out[5], hlarge[0], hlarge[1]);
  // CHECK: types: z 1 [0 -2 0] 2.5 misaligned by 0, large 8 9

  // Twelve variables in one kernel, in an order unlike their declarations'.
  q.single_task([=] {
    m11 = 11; m3 = 3; m7 = 7; m0 = 100; m9 = 9; m1 = 1;
    m5 = 5; m10 = 10; m2 = 2; m8 = 8; m6 = 6; m4 = 4;
  }).wait();
  q.single_task([=] {
    long v = 0;
    v = v * 2 + m0; v = v * 2 + m1; v = v * 2 + m2; v = v * 2 + m3;
    v = v * 2 + m4; v = v * 2 + m5; v = v * 2 + m6; v = v * 2 + m7;
    v = v * 2 + m8; v = v * 2 + m9; v = v * 2 + m10; v = v * 2 + m11;
    out[6] = v;
  }).wait();
  int hm[3];
  q.copy(m0, &hm[0]);
  q.copy(m6, &hm[1]);
  q.copy(m11, &hm[2]);
  q.wait();
  std::printf("many: %ld %d %d %d\n", out[6], hm[0], hm[1], hm[2]);
  // 100 * 2^11 + sum_{k=1..11} k * 2^(11-k) = 204800 + 4083
  // CHECK: many: 208883 100 6 11

  // Accessors, a local accessor, a spec constant and a reduction besides.
  {
    sycl::buffer<int> in_buf(64), out_buf(64);
    {
      sycl::host_accessor a(in_buf, sycl::write_only);
      for (int i = 0; i < 64; ++i)
        a[i] = i;
    }
    int *sum = sycl::malloc_shared<int>(1, q);
    *sum = 0;
    q.submit([&](sycl::handler &cgh) {
      sycl::accessor in(in_buf, cgh, sycl::read_only);
      sycl::accessor res(out_buf, cgh, sycl::write_only);
      sycl::local_accessor<int> loc(16, cgh);
      cgh.set_specialization_constant<offset>(5);
      cgh.parallel_for<Mixed>(sycl::nd_range<1>(64, 16), sycl::reduction(sum, sycl::plus<int>()),
                              [=](sycl::nd_item<1> it, auto &r, sycl::kernel_handler kh) {
                                size_t g = it.get_global_id(0), l = it.get_local_id(0);
                                loc[l] = in[g];
                                sycl::group_barrier(it.get_group());
                                sycl::atomic_ref<int, sycl::memory_order::relaxed,
                                                 sycl::memory_scope::device,
                                                 sycl::access::address_space::global_space>(
                                    counted.get())
                                    .fetch_add(1);
                                res[g] = loc[15 - l] + kh.get_specialization_constant<offset>();
                                r += in[g];
                              });
    }).wait();
    int hcnt = 0;
    q.copy(counted, &hcnt).wait();
    sycl::host_accessor ha2(out_buf);
    std::printf("mixed: counted %d sum %d res %d %d\n", hcnt, *sum, ha2[0], ha2[63]);
    // CHECK: mixed: counted 64 sum 2016 res 20 53
    sycl::free(sum, q);
  }

  // get_multi_ptr with decorated::yes.
  q.single_task([=] {
    auto p = shared_by_fn.get_multi_ptr<sycl::access::decorated::yes>();
    *p = *p * 10;
  }).wait();
  q.copy(shared_by_fn, &h).wait();
  std::printf("decorated: %d\n", h);
  // CHECK: decorated: 50

  sycl::free(pp, q);
  sycl::free(out, q);
  return 0;
}
