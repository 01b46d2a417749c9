// Host code that cannot compile for spir64 (x86 intrinsics, inline asm,
// exceptions, RTTI, iostreams, virtual calls) does not break the device
// compile: the plugin hands code generation only what kernels reach.
// RUN: %clang_device -O2 -c -emit-llvm -o /dev/null -Xclang -verify %s
// expected-no-diagnostics

#include "Inputs/mini_handler.hpp"
#include <immintrin.h>
#include <iostream>
#include <stdexcept>
#include <typeinfo>
#include <vector>

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};
struct Square : Shape {
  double S = 2;
  double area() const override { return S * S; }
};

float host_sum(const float *P) {
  __m128 V = _mm_loadu_ps(P);
  float Out[4];
  _mm_storeu_ps(Out, V);
  return Out[0] + Out[1] + Out[2] + Out[3];
}

int host_rdtsc() {
  unsigned Lo, Hi;
  asm volatile("rdtsc" : "=a"(Lo), "=d"(Hi));
  return int(Lo);
}

int main() {
  std::vector<float> Data(4, 1.0f);
  try {
    Square Sq;
    const Shape &S = Sq;
    std::cout << typeid(S).name() << S.area() << host_sum(Data.data()) << host_rdtsc();
  } catch (const std::exception &E) {
    std::cerr << E.what();
  }
  mini_handler H;
  float *Usm = nullptr;
  H.single_task<class K>([=] { Usm[0] = 1.0f; });
}
