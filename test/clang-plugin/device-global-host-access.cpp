// The host_access property removes copy and memcpy directions (DG-12):
// host_access_read keeps only the copies from the variable, host_access_write
// only those to it, host_access_none none; read_write and no property keep
// all. Checked on the queue's overloads (with and without dependencies) and
// the handler's. Also the class's own constraints (DG-2): T must be
// trivially destructible and, before C++20, trivially default constructible;
// a device_global cannot be copied or moved. Both the host and the device
// compile read these headers. Copies need a device-copyable T.
// RUN: %clang_host -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note -ferror-limit=0 %s
// RUN: %clang_device -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note -ferror-limit=0 %s

#include <sycl/sycl.hpp>

#include <string>
#include <vector>

using namespace sycl::ext::oneapi::experimental;

device_global<int, decltype(properties(host_access_read))> r;
device_global<int, decltype(properties(host_access_write))> w;
device_global<int, decltype(properties(host_access_none))> n;
device_global<int, decltype(properties(host_access_read_write))> rw;
device_global<int[2], decltype(properties(device_image_scope, host_access_read))> r2;
device_global<int> plain;

void queue_copies(sycl::queue &q, sycl::event e, const std::vector<sycl::event> &deps) {
  int x = 0;
  int xs[2] = {};

  // host_access_read: to the host only.
  q.copy(r, &x);
  q.copy(r, &x, 1, 0, e);
  q.memcpy(&x, r);
  q.memcpy(&x, r, 4, 0, deps);
  q.copy(r2, xs);
  q.copy(&x, r);             // expected-error {{no matching member function for call to 'copy'}}
  q.copy(&x, r, 1, 0, e);    // expected-error {{no matching member function for call to 'copy'}}
  q.copy(&x, r, 1, 0, deps); // expected-error {{no matching member function for call to 'copy'}}
  q.memcpy(r, &x);           // expected-error {{no matching member function for call to 'memcpy'}}
  q.memcpy(r, &x, 4, 0, e);  // expected-error {{no matching member function for call to 'memcpy'}}
  q.copy(xs, r2);            // expected-error {{no matching member function for call to 'copy'}}

  // host_access_write: to the device only.
  q.copy(&x, w);
  q.copy(&x, w, 1, 0, deps);
  q.memcpy(w, &x);
  q.memcpy(w, &x, 4, 0, e);
  q.copy(w, &x);             // expected-error {{no matching member function for call to 'copy'}}
  q.copy(w, &x, 1, 0, e);    // expected-error {{no matching member function for call to 'copy'}}
  q.memcpy(&x, w);           // expected-error {{no matching member function for call to 'memcpy'}}
  q.memcpy(&x, w, 4, 0, deps); // expected-error {{no matching member function for call to 'memcpy'}}

  // host_access_none: neither.
  q.copy(&x, n);   // expected-error {{no matching member function for call to 'copy'}}
  q.copy(n, &x);   // expected-error {{no matching member function for call to 'copy'}}
  q.memcpy(n, &x); // expected-error {{no matching member function for call to 'memcpy'}}
  q.memcpy(&x, n); // expected-error {{no matching member function for call to 'memcpy'}}
  q.copy(n, &x, 1, 0, e); // expected-error {{no matching member function for call to 'copy'}}

  // read_write and no property: both.
  q.copy(&x, rw);
  q.copy(rw, &x);
  q.memcpy(rw, &x);
  q.memcpy(&x, rw);
  q.copy(&x, plain, 1, 0, e);
  q.copy(plain, &x, 1, 0, deps);
  q.memcpy(plain, &x, 4, 0, deps);
  q.memcpy(&x, plain, 4, 0, e);
}

void handler_copies(sycl::queue &q) {
  int x = 0;
  q.submit([&](sycl::handler &h) {
    h.copy(r, &x);
    h.memcpy(&x, r, 4, 0);
    h.copy(&x, r);   // expected-error {{no matching member function for call to 'copy'}}
    h.memcpy(r, &x); // expected-error {{no matching member function for call to 'memcpy'}}

    h.copy(&x, w, 1);
    h.memcpy(w, &x);
    h.copy(w, &x);   // expected-error {{no matching member function for call to 'copy'}}
    h.memcpy(&x, w); // expected-error {{no matching member function for call to 'memcpy'}}

    h.copy(&x, n);   // expected-error {{no matching member function for call to 'copy'}}
    h.copy(n, &x);   // expected-error {{no matching member function for call to 'copy'}}
    h.memcpy(n, &x); // expected-error {{no matching member function for call to 'memcpy'}}
    h.memcpy(&x, n); // expected-error {{no matching member function for call to 'memcpy'}}

    h.copy(&x, rw);
    h.copy(rw, &x);
    h.memcpy(plain, &x);
    h.memcpy(&x, plain);
  });
}

// T must be trivially destructible.
// expected-error@sycl/ext/oneapi/device_global/device_global.hpp:* {{T must be trivially destructible}}
device_global<std::string> str; // expected-note {{in instantiation of}}

// Before C++20, T must be trivially default constructible.
struct WithDefault {
  int v = 1;
};
// expected-error@sycl/ext/oneapi/device_global/device_global.hpp:* {{T must be trivially default constructible}}
device_global<WithDefault> wd; // expected-note {{in instantiation of}}

// No copies, no moves.
device_global<int> copied(plain); // expected-error {{call to deleted constructor}}
void copy_and_move() {
  device_global<int> &ref = plain; // references are fine
  (void)ref;
  plain = static_cast<device_global<int> &&>(plain); // expected-error {{overload resolution selected deleted operator '='}}
  plain = plain;           // expected-error {{overload resolution selected deleted operator '='}}
}
device_global<int> moved(static_cast<device_global<int> &&>(plain)); // expected-error {{call to deleted constructor}}

// Copies need a device-copyable T (DG-12); the variable itself does not.
struct NotCopyable {
  NotCopyable() = default;
  NotCopyable(const NotCopyable &) {}
  int v;
};
device_global<NotCopyable> nc;
void copy_not_copyable(sycl::queue &q) {
  NotCopyable x;
  // expected-error@sycl/handler.hpp:* {{T must be device copyable}}
  q.copy(&x, nc);
}
