// device_global declarations of every legal kind (DG-8): namespace scope,
// `static`, `inline`, an anonymous namespace, a nested namespace, public
// static data members (out of line and inline), `same_name` declared in ::,
// in foo:: and in an anonymous namespace (three distinct instances), and one
// in an anonymous namespace inside a named one. Each is written by a kernel
// with a distinct value, then read back by another kernel and by
// queue::copy.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

device_global<int> plain;
static device_global<int> internal;
inline device_global<int> inl;
namespace {
device_global<int> anon;
}
namespace outer::inner {
device_global<int> nested;
}
struct Foo {
  static device_global<int> d;
};
device_global<int> Foo::d;
struct Bar {
  static inline device_global<int> e; // inline static member
};

device_global<int> same_name;
namespace foo {
device_global<int> same_name;
}
namespace {
// Shadows nothing: ::same_name still names the global one. Only code inside
// this namespace can name this one.
device_global<int> same_name;
void set_anon_same_name(int v) { same_name = v; }
int get_anon_same_name() { return same_name; }
sycl::event copy_anon_same_name(sycl::queue &q, int *dest) { return q.copy(same_name, dest); }
} // namespace
namespace bar {
namespace {
device_global<int> same_name; // bar::(anonymous)::same_name
}
} // namespace bar
device_global<int> untouched; // no kernel writes it

class Write;
class Read;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(16, q);

  q.single_task<Write>([=] {
    plain = 1;
    internal = 2;
    inl = 3;
    anon = 4;
    outer::inner::nested = 5;
    Foo::d = 6;
    Bar::e = 7;
    ::same_name = 8;
    foo::same_name = 9;
    set_anon_same_name(10);
    bar::same_name = 11;
  }).wait();

  q.single_task<Read>([=] {
    out[0] = plain;
    out[1] = internal;
    out[2] = inl;
    out[3] = anon;
    out[4] = outer::inner::nested;
    out[5] = Foo::d;
    out[6] = Bar::e;
    out[7] = ::same_name;
    out[8] = foo::same_name;
    out[9] = get_anon_same_name();
    out[10] = bar::same_name;
    out[11] = untouched;
  }).wait();
  std::printf("kernel:");
  for (int i = 0; i < 12; ++i)
    std::printf(" %d", out[i]);
  std::printf("\n");
  // CHECK: kernel: 1 2 3 4 5 6 7 8 9 10 11 0

  int h[12];
  for (int &v : h)
    v = -1;
  q.copy(plain, &h[0]);
  q.copy(internal, &h[1]);
  q.copy(inl, &h[2]);
  q.copy(anon, &h[3]);
  q.copy(outer::inner::nested, &h[4]);
  q.copy(Foo::d, &h[5]);
  q.copy(Bar::e, &h[6]);
  q.copy(::same_name, &h[7]);
  q.copy(foo::same_name, &h[8]);
  copy_anon_same_name(q, &h[9]);
  q.copy(bar::same_name, &h[10]);
  q.copy(untouched, &h[11]);
  q.wait();
  std::printf("copy:");
  for (int i = 0; i < 12; ++i)
    std::printf(" %d", h[i]);
  std::printf("\n");
  // CHECK: copy: 1 2 3 4 5 6 7 8 9 10 11 0

  sycl::free(out, q);
  return 0;
}
