// sycl::stream (SYCL 2020 4.16): scalars, strings, manipulators, SYCL types
// and vec from kernels; the output appears once the kernel has finished
// (event wait, queue wait), grouped by work-item in global linear order, and
// what does not fit in the buffer is dropped with a note.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue Q;
  std::printf("begin\n");
  std::fflush(stdout);

  // Many work-items, several items each: each work-item's line stays whole.
  Q.submit([&](sycl::handler &H) {
     sycl::stream Out(4096, 128, H);
     H.parallel_for(sycl::range<2>(2, 3), [=](sycl::item<2> It) {
       Out << "item " << It.get_linear_id() << ": " << It.get_id() << " of " << It.get_range()
           << sycl::endl;
     });
   }).wait();
  // CHECK: begin
  // CHECK-NEXT: item 0: {0, 0} of {2, 3}
  // CHECK-NEXT: item 1: {0, 1} of {2, 3}
  // CHECK-NEXT: item 2: {0, 2} of {2, 3}
  // CHECK-NEXT: item 3: {1, 0} of {2, 3}
  // CHECK-NEXT: item 4: {1, 1} of {2, 3}
  // CHECK-NEXT: item 5: {1, 2} of {2, 3}

  Q.submit([&](sycl::handler &H) {
     sycl::stream Out(1024, 256, H);
     H.single_task([=] {
       Out << -42 << " " << 42u << " " << 'c' << " " << true << " " << (long long)-1 << sycl::endl;
       Out << sycl::hex << 255 << " " << sycl::showbase << 255 << " " << sycl::oct << 8
           << sycl::noshowbase << sycl::dec << " " << sycl::showpos << 7 << sycl::noshowpos
           << sycl::endl;
       Out << "[" << sycl::setw(5) << 42 << "][" << sycl::setw(4) << "ab" << "][" << 1 << "]"
           << sycl::endl;
       Out << 1.5f << " " << 0.1 << " " << 100.0 << " " << 1e6 << " " << 1.0e-5 << " " << -0.0f
           << sycl::endl;
       Out << sycl::fixed << sycl::setprecision(3) << 3.14159 << " " << 2.0f << " "
           << sycl::scientific << 1234.5f << " " << 0.00012 << sycl::defaultfloat << sycl::endl;
       Out << sycl::float4(1, 2.5f, 3, 4) << " " << sycl::int2(-1, 7) << " " << sycl::id<1>(9)
           << sycl::endl;
     });
   }).wait();
  // CHECK-NEXT: -42 42 c true -1
  // CHECK-NEXT: ff 0xff 010 +7
  // CHECK-NEXT: [   42][  ab][1]
  // CHECK-NEXT: 1.5 0.1 100 1e+06 1e-05 -0
  // CHECK-NEXT: 3.142 2.000 1.234e+03 1.200e-04
  // CHECK-NEXT: {1, 2.5, 3, 4} {-1, 7} {9}

  // nd_range and a queue wait (not the event's); the stream's queries.
  Q.submit([&](sycl::handler &H) {
    sycl::stream Out(2048, 64, H);
    if (Out.get_size() != 2048 || Out.get_work_item_buffer_size() != 64)
      std::printf("wrong stream sizes\n");
    H.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
      Out << "group " << It.get_group_linear_id() << " local " << It.get_local_id(0) << "\n";
    });
  });
  Q.wait();
  // CHECK-NEXT: group 0 local 0
  // CHECK-NEXT: group 0 local 1
  // CHECK-NEXT: group 1 local 0
  // CHECK-NEXT: group 1 local 1

  // Output beyond the buffer is dropped, and said so.
  Q.submit([&](sycl::handler &H) {
     sycl::stream Out(16, 16, H);
     H.parallel_for(sycl::range<1>(200), [=](sycl::id<1>) { Out << "0123456789\n"; });
   }).wait();
  // CHECK: 0123456789
  // CHECK: [sycl::stream: output beyond the stream's {{[0-9]+}}-byte buffer was dropped]
  std::printf("end\n");
  // CHECK: end
}
