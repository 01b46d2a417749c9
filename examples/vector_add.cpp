// The first SYCL program: add two vectors on the default device and check
// the result on the host.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  constexpr size_t N = 1 << 20;
  sycl::queue Q;
  std::printf("device: %s\n", Q.get_device().get_info<sycl::info::device::name>().c_str());

  std::vector<float> A(N, 1.0f), B(N), C(N);
  for (size_t I = 0; I < N; ++I)
    B[I] = float(I);

  float *DA = sycl::malloc_device<float>(N, Q);
  float *DB = sycl::malloc_device<float>(N, Q);
  float *DC = sycl::malloc_device<float>(N, Q);
  Q.memcpy(DA, A.data(), N * sizeof(float));
  Q.memcpy(DB, B.data(), N * sizeof(float));
  Q.wait();

  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { DC[I] = DA[I] + DB[I]; }).wait();
  Q.memcpy(C.data(), DC, N * sizeof(float)).wait();

  for (size_t I = 0; I < N; ++I)
    if (C[I] != A[I] + B[I]) {
      std::printf("vector_add: wrong result at %zu: %f\n", I, C[I]);
      return 1;
    }
  std::printf("vector_add: %zu elements correct\n", N);
  sycl::free(DA, Q);
  sycl::free(DB, Q);
  sycl::free(DC, Q);
}
