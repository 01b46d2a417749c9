// Allocation, calls through function pointers, kernel functions returning a
// value, and recursion only where it runs: diagnosed where they are, with a
// note naming the kernel that reaches them.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include "Inputs/mini_handler.hpp"
#include <new>

int twice(int V) { return 2 * V; }

int *allocates(int N) {
  return new int[N]; // expected-error {{SYCL device code cannot allocate memory with 'new'}}
}

void frees(int *P) {
  delete[] P; // expected-error {{SYCL device code cannot free memory with 'delete'}}
}

int indirect(int (*F)(int), int V) {
  return F(V); // expected-error {{SYCL device code cannot call through a function pointer}}
}

struct Holder {
  int Value;
  int get() const { return Value; }
};

int member_pointer(const Holder &H, int (Holder::*M)() const) {
  return (H.*M)(); // expected-error {{SYCL device code cannot call through a function pointer}}
}

// Recursive, but evaluated at compile time only: not device code.
constexpr unsigned factorial(unsigned N) { return N <= 1 ? 1 : N * factorial(N - 1); }
template <unsigned V> struct constant { static constexpr unsigned value = V; };

// Recursive at run time.
unsigned fib(unsigned N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); } // expected-error {{SYCL device code cannot call 'fib' recursively}}

void submit(mini_handler &H, int N) {
  H.single_task<class Rules>([=] { // expected-note 5 {{reached from the SYCL kernel '_ZTSZ6submitR12mini_handleriE5Rules' here}}
    int *P = allocates(N);
    frees(P);
    alignas(int) unsigned char Storage[sizeof(int)];
    int *Placed = new (Storage) int(N); // placement new allocates nothing: fine
    (void)Placed;
    (void)indirect(twice, N);
    (void)member_pointer(Holder{N}, &Holder::get);
    constexpr unsigned F5 = factorial(5);
    static_assert(factorial(4) == 24, "");
    unsigned Table[constant<factorial(3)>::value] = {F5};
    (void)Table;
    (void)fib(N);
    // A generic lambda's body has no callees until instantiated: only its
    // instantiation (a direct call of a lambda here) is checked.
    auto Apply = [](auto F, int V) { return F(V); };
    (void)Apply([](int V) { return V + 1; }, N);
  });
}

void returns(mini_handler &H) {
  H.single_task<class Returns>([=] { return 1; }); // expected-error {{a SYCL kernel function must return void, not 'int'}} expected-note {{the function of the SYCL kernel '_ZTSZ7returnsR12mini_handlerE7Returns'}}
}

// Host code may do all of this freely.
void host() {
  int *P = allocates(3);
  frees(P);
  (void)indirect(twice, 2);
  (void)fib(10);
}
