// Constant variables with static storage read in kernels, by value and by
// address: function-scope statics of main() (whose kernel lambda reads them)
// and of the kernel itself, namespace-scope tables (one reached only through
// another table's initializer), class-scope static members of a class and of
// a class template; arrays and scalars, indexed at run time so that nothing
// folds them away.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

namespace tables {
static const int Primes[4] = {2, 3, 5, 7};
constexpr int Answer = 42;
const int Squares[3] = {1, 4, 9};
static const int *const Rows[2] = {&Squares[0], &Squares[1]};
} // namespace tables

struct Scales {
  static constexpr float Factor[2] = {0.5f, 2.0f};
  static const int Offset;
};
const int Scales::Offset = 100;

template <typename T> struct Limits {
  static constexpr T Bounds[2] = {T(-8), T(8)};
};

int read(const int *P) { return *P; }
int readRef(const int &R) { return R; }

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(32, Q);
  static const int Table[4] = {1, 2, 3, 4};
  static constexpr int Seven = 7;
  static const double Half = 0.5;

  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     static const int Local[4] = {10, 20, 30, 40};
     Out[I] = Table[I % 4];
     Out[4 + I] = Local[3 - I];
     Out[8 + I] = tables::Primes[I] + tables::Rows[I % 2][1];
     Out[12 + I] = int(Scales::Factor[I % 2] * 10) + Limits<int>::Bounds[I % 2];
     if (I == 0) {
       Out[16] = read(&Seven);
       Out[17] = read(&tables::Answer);
       Out[18] = readRef(Scales::Offset);
       Out[19] = int(*&Half * 10);
     }
   }).wait();

  for (int I = 0; I < 20; ++I)
    std::printf("%d%c", Out[I], I % 4 == 3 ? '\n' : ' ');
  sycl::free(Out, Q);
}

// CHECK: 1 2 3 4
// CHECK-NEXT: 40 30 20 10
// CHECK-NEXT: 6 12 9 16
// CHECK-NEXT: -3 28 -3 28
// CHECK-NEXT: 7 42 100 5
