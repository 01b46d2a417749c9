// The declarations sycl_ext_oneapi_device_global forbids are compile errors:
// non-static members, private static members (or members of private
// classes), arrays of device_global, function-scope variables, new, and
// names in inline namespaces that hide a device_global or a namespace holding
// one. The extension's legal declarations compile, and device code may use a
// device_global but no other non-const global.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include <sycl/sycl.hpp>

using namespace sycl::ext::oneapi::experimental;

device_global<int> a;
static device_global<int> b;
inline device_global<int> c;
struct Foo {
  static device_global<int> d;
};
device_global<int> Foo::d;

struct Bar {
  device_global<int> e; // expected-error {{a device_global cannot be a non-static data member}}
};

struct Baz {
private:
  static device_global<int> f; // expected-error {{a device_global static member must be public}}
};
device_global<int> Baz::f; // expected-error {{a device_global static member must be public}}

class Outer {
  struct Inner {
    static device_global<int> g; // expected-error {{a device_global static member must be public}}
  };
};

device_global<int[4]> g;
device_global<int> h[4]; // expected-error {{an array of device_global is not allowed}}

device_global<int> same_name;
namespace foo {
device_global<int> same_name;
}
namespace {
device_global<int> same_name;
}
inline namespace other {
device_global<int> same_name; // expected-error {{'same_name' in an inline namespace hides the device_global 'same_name'}}
}
inline namespace other2 {
namespace foo {} // expected-error {{'foo' in an inline namespace hides the namespace holding a device_global 'foo'}}
}

int plain_global;

void host_only() {
  static device_global<int> local; // expected-error {{a device_global must be a namespace-scope variable or a public static member}}
  auto *p = new device_global<int>; // expected-error {{a device_global cannot be created with new}}
  (void)p;
}

int main() {
  sycl::queue q;
  q.single_task([=] { // expected-note {{reached from the SYCL kernel}}
    a = b + c + Foo::d + g[1];
    plain_global = 1; // expected-error {{SYCL device code cannot use the non-const global variable 'plain_global'}}
  });
}
