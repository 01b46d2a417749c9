// Every kernel form of the foundation: single_task and parallel_for over
// range<1|2|3> with id and item parameters; unnamed lambdas, named lambdas,
// functors, and kernels in a function template instantiated for several
// types; captures of scalars, structs, arrays and USM pointers.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

struct Params {
  int Scale;
  double Bias;
  char Tag;
};

struct AddOne {
  int *Data;
  void operator()(sycl::id<1> I) const { Data[I] += 1; }
};

template <typename T> bool fill_and_check(sycl::queue &Q, T Value) {
  constexpr size_t N = 37;
  T *Data = sycl::malloc_shared<T>(N, Q);
  Q.parallel_for<class Fill>(sycl::range<1>(N), [=](sycl::item<1> It) {
     Data[It.get_id(0)] = Value + T(It.get_linear_id());
   }).wait();
  bool Ok = true;
  for (size_t I = 0; I < N; ++I)
    Ok &= Data[I] == Value + T(I);
  sycl::free(Data, Q);
  return Ok;
}

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(64, Q);

  // single_task, unnamed lambda, struct and array captures.
  Params P{3, 0.5, 'x'};
  int Table[4] = {10, 20, 30, 40};
  Q.single_task([=] { Out[0] = P.Scale * Table[3] + int(P.Bias * 2) + (P.Tag == 'x'); });
  Q.wait();
  std::printf("single_task: %d\n", Out[0]);
  // CHECK: single_task: 122

  // parallel_for over range<1> with id, named lambda.
  Q.parallel_for<class Squares>(sycl::range<1>(8), [=](sycl::id<1> I) { Out[I] = int(I * I); })
      .wait();
  std::printf("range1:");
  for (int I = 0; I < 8; ++I)
    std::printf(" %d", Out[I]);
  std::printf("\n");
  // CHECK: range1: 0 1 4 9 16 25 36 49

  // range<2> with item: linear id and ranges.
  Q.parallel_for(sycl::range<2>(3, 4), [=](sycl::item<2> It) {
     Out[It.get_linear_id()] = int(It[0] * 100 + It[1] + It.get_range(1) * 1000);
   }).wait();
  std::printf("range2: %d %d %d\n", Out[0], Out[5], Out[11]);
  // CHECK: range2: 4000 4101 4203

  // range<3> with id.
  Q.parallel_for(sycl::range<3>(2, 3, 4), [=](sycl::id<3> I) {
     Out[(I[0] * 3 + I[1]) * 4 + I[2]] = int(I[0] * 100 + I[1] * 10 + I[2]);
   }).wait();
  std::printf("range3: %d %d %d\n", Out[0], Out[7], Out[23]);
  // CHECK: range3: 0 13 123

  // A functor object, through handler::parallel_for.
  for (int I = 0; I < 8; ++I)
    Out[I] = I;
  Q.submit([&](sycl::handler &H) { H.parallel_for(sycl::range<1>(8), AddOne{Out}); }).wait();
  std::printf("functor: %d %d\n", Out[0], Out[7]);
  // CHECK: functor: 1 8

  // Templated kernels for several types.
  std::printf("templates: %d %d %d\n", fill_and_check<int>(Q, 5), fill_and_check<float>(Q, 1.5f),
              fill_and_check<double>(Q, -2.0));
  // CHECK: templates: 1 1 1

  // Events: wait on the event itself, then wait_and_throw.
  sycl::event E = Q.single_task<class Last>([=] { Out[0] = 77; });
  E.wait();
  Q.wait_and_throw();
  std::printf("event: %d\n", Out[0]);
  // CHECK: event: 77
  sycl::free(Out, Q);
}
