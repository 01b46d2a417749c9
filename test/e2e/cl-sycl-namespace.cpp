// SYCL 1.2.1-era code as DPC++ accepts it: <CL/sycl.hpp>, every name
// through cl::sycl::, access::mode accessors, std::cout output and assert in
// host code and in a kernel (holding), with no other include.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <CL/sycl.hpp>

int main() {
  constexpr size_t N = 64;
  cl::sycl::queue Q{cl::sycl::default_selector_v};
  std::vector<float> In(N), Out(N, 0.0f);
  for (size_t I = 0; I < N; ++I)
    In[I] = float(I);
  {
    cl::sycl::buffer<float, 1> InBuf(In.data(), cl::sycl::range<1>(N));
    cl::sycl::buffer<float, 1> OutBuf(Out.data(), cl::sycl::range<1>(N));
    Q.submit([&](cl::sycl::handler &H) {
      auto A = InBuf.get_access<cl::sycl::access::mode::read>(H);
      auto B = OutBuf.get_access<cl::sycl::access::mode::write>(H);
      H.parallel_for<class scale>(cl::sycl::range<1>(N), [=](cl::sycl::id<1> I) {
        assert(A[I] == float(I[0]));
        B[I] = A[I] * 3.0f;
      });
    });
  }
  size_t Wrong = 0;
  for (size_t I = 0; I < N; ++I)
    Wrong += Out[I] != float(I) * 3.0f;
  assert(Wrong == 0);
  std::cout << "device: " << Q.get_device().get_info<cl::sycl::info::device::name>() << "\n";
  std::cout << "wrong: " << Wrong << ", out[5] = " << Out[5] << std::endl;
}
// CHECK: device: {{.+}}
// CHECK: wrong: 0, out[5] = 15
