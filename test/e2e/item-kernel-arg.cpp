// parallel_for(range) kernels receive item<Dims> (SYCL 2020 4.9.4.2.1): a
// generic lambda (auto) gets an item; kernels taking id, size_t (1-D) or
// item<Dims, false> get theirs by conversion; item's operators.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <type_traits>

template <typename T> constexpr bool is_item_v = false;
template <int D, bool O> constexpr bool is_item_v<sycl::item<D, O>> = true;

int main() {
  sycl::queue Q;
  constexpr size_t X = 3, Y = 5;
  int *Out = sycl::malloc_shared<int>(X * Y, Q);
  int *Bad = sycl::malloc_shared<int>(1, Q);
  *Bad = 0;

  // auto: an item<2>, with its range and linear id; it converts to id<2>.
  Q.parallel_for(sycl::range<2>(X, Y), [=](auto It) {
     static_assert(std::is_same_v<decltype(It), sycl::item<2>>, "auto receives item<2>");
     sycl::id<2> I = It;
     if (It.get_range() != sycl::range<2>(X, Y) || I != It.get_id() || It[1] != It.get_id(1))
       *Bad += 1;
     Out[It.get_linear_id()] = int(It.get_id(0) * 10 + It.get_id(1));
   }).wait();
  bool Ok = *Bad == 0;
  for (size_t I = 0; I < X * Y; ++I)
    Ok &= Out[I] == int((I / Y) * 10 + I % Y);
  std::printf("auto item<2>: %s\n", Ok ? "ok" : "FAILED");

  // 1-D: auto is item<1>, which converts to size_t and indexes pointers.
  Q.parallel_for(sycl::range<1>(X * Y), [=](auto It) {
     static_assert(is_item_v<decltype(It)>);
     size_t Lin = It;
     Out[It] = int(Lin) * 3;
   }).wait();
  Ok = true;
  for (size_t I = 0; I < X * Y; ++I)
    Ok &= Out[I] == int(I) * 3;
  std::printf("auto item<1> as size_t: %s\n", Ok ? "ok" : "FAILED");

  // Kernels naming their parameter: size_t, id<1>, item<1, false> (which
  // converts to item<1, true>), and const references.
  Q.parallel_for(sycl::range<1>(X * Y), [=](size_t I) { Out[I] = int(I); }).wait();
  Q.parallel_for(sycl::range<1>(X * Y), [=](sycl::id<1> I) { Out[I] += 100; }).wait();
  Q.parallel_for(sycl::range<1>(X * Y), [=](sycl::item<1, false> It) {
     sycl::item<1> WithOffset = It;
     if (WithOffset.get_offset() != sycl::id<1>(0) || WithOffset.get_id() != It.get_id())
       *Bad += 1;
     Out[It.get_linear_id()] += 1000;
   }).wait();
  Q.parallel_for(sycl::range<1>(X * Y), [=](const sycl::item<1> &It) {
     if (!(It == It) || It != It)
       *Bad += 1;
     Out[It] += 10000;
   }).wait();
  Ok = *Bad == 0;
  for (size_t I = 0; I < X * Y; ++I)
    Ok &= Out[I] == int(I) + 11100;
  std::printf("size_t, id, item<1, false>, const item&: %s\n", Ok ? "ok" : "FAILED");

  // With a reduction, a generic lambda gets an item too.
  int *Sum = sycl::malloc_shared<int>(1, Q);
  *Sum = 0;
  Q.parallel_for(sycl::range<1>(X * Y), sycl::reduction(Sum, sycl::plus<int>()),
                 [=](auto It, auto &R) {
                   static_assert(is_item_v<decltype(It)>);
                   R += int(It.get_linear_id());
                 }).wait();
  std::printf("reduction with auto: %d\n", *Sum);
  sycl::free(Sum, Q);
  sycl::free(Out, Q);
  sycl::free(Bad, Q);
}

// CHECK: auto item<2>: ok
// CHECK-NEXT: auto item<1> as size_t: ok
// CHECK-NEXT: size_t, id, item<1, false>, const item&: ok
// CHECK-NEXT: reduction with auto: 105
