// Kernels that every TU including this header instantiates: an unnamed
// lambda in an inline function and a named kernel in a function template.
#pragma once
#include <sycl/sycl.hpp>

inline void fill(sycl::queue &Q, int *P, int Base) {
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { P[I] = Base + int(I[0]); }).wait();
}

template <typename T> void scale(sycl::queue &Q, T *P, T Factor) {
  Q.parallel_for<class Scale>(sycl::range<1>(4), [=](sycl::id<1> I) { P[I] *= Factor; }).wait();
}
