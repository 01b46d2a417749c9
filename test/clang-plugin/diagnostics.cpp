// Device-code rules are diagnosed where the violation is, with a note naming
// the kernel that reaches it.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include "Inputs/mini_handler.hpp"
#include <typeinfo>

int counter;                 // a non-const global
const int table[2] = {1, 2}; // const globals are fine

struct Base {
  virtual int get() const { return 1; }
};

int recurse(int N) { return N <= 0 ? 0 : recurse(N - 1); } // expected-error {{SYCL device code cannot call 'recurse' recursively}}

void throws(int V) {
  if (V)
    throw V; // expected-error {{SYCL device code cannot throw exceptions}}
}

void catches() {
  try { // expected-error {{SYCL device code cannot use try/catch}}
    throws(1);
  } catch (...) {
  }
}

void rtti(const Base &B) {
  (void)typeid(B);                 // expected-error {{SYCL device code cannot use 'typeid'}}
  (void)dynamic_cast<const Base *>(&B); // expected-error {{SYCL device code cannot use 'dynamic_cast'}}
  (void)B.get();                   // expected-error {{SYCL device code cannot call the virtual function 'Base::get'}}
}

void vla(int N) {
  int Values[N]; // expected-error {{variable length arrays are not supported for the current target}}
  Values[0] = 0;
}

void assembly() {
  asm volatile("nop"); // expected-error {{SYCL device code cannot use inline assembly}}
}

void submit(mini_handler &H, const Base &B, int N) {
  H.single_task<class Bad>([=] { // expected-note 8 {{reached from the SYCL kernel '_ZTSZ6submitR12mini_handlerRK4BaseiE3Bad' here}}
    counter += table[N]; // expected-error {{SYCL device code cannot use the non-const global variable 'counter'}}
    recurse(N);
    catches();
    rtti(B);
    vla(N); // expected-note {{called by 'operator()'}}
            // expected-note@sycl/detail/kernel_launch.hpp:* {{called by 'kernel_entry_single_task<Bad}}
    assembly();
  });
}

void captures(mini_handler &H) {
  int Local = 0;
  H.single_task<class ByRef>([&] { Local = 1; }); // expected-error {{SYCL kernel captures 'Local' by reference; kernels must capture by value}}
}

// Host code may do all of this freely: nothing below is diagnosed.
void host(const Base &B) {
  counter = recurse(3);
  catches();
  rtti(B);
}
