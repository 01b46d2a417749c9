// SGEMM C = A·B, N×N floats, tiled 16×16 through local memory in SMCP:
// local_accessor tiles, an nd_range of 16×16 work-groups, group barriers.
// Dimension 1 is the fastest-varying one (columns), as threadIdx.x is in the
// baseline sgemm.cu. Usage: sgemm [N, default 4096, a multiple of 16].
// Prints "sgemm_gflops value".
#include "sgemm_data.hpp"
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr size_t Tile = 16;

int main(int argc, char **argv) {
  const size_t N = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 4096;
  if (N % Tile) {
    std::fprintf(stderr, "N must be a multiple of %zu\n", Tile);
    return 1;
  }
  sycl::queue Q{sycl::property::queue::in_order()};
  std::fprintf(stderr, "device: %s\n", Q.get_device().get_info<sycl::info::device::name>().c_str());
  std::vector<float> HA, HB, HC(N * N);
  gpubench::sgemm_inputs(N, HA, HB);
  float *A = sycl::malloc_device<float>(N * N, Q), *B = sycl::malloc_device<float>(N * N, Q),
        *C = sycl::malloc_device<float>(N * N, Q);
  Q.memcpy(A, HA.data(), N * N * sizeof(float));
  Q.memcpy(B, HB.data(), N * N * sizeof(float)).wait();

  double T = gpubench::per_iteration(3, 10, [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      Q.submit([&](sycl::handler &H) {
        sycl::local_accessor<float, 2> TA{sycl::range<2>(Tile, Tile), H};
        sycl::local_accessor<float, 2> TB{sycl::range<2>(Tile, Tile), H};
        H.parallel_for<class Sgemm>(sycl::nd_range<2>({N, N}, {Tile, Tile}), [=](sycl::nd_item<2> It) {
          const size_t Row = It.get_global_id(0), Col = It.get_global_id(1);
          const size_t LR = It.get_local_id(0), LC = It.get_local_id(1);
          float Sum = 0;
          for (size_t K0 = 0; K0 < N; K0 += Tile) {
            TA[LR][LC] = A[Row * N + K0 + LC];
            TB[LR][LC] = B[(K0 + LR) * N + Col];
            sycl::group_barrier(It.get_group());
            for (size_t K = 0; K < Tile; ++K)
              Sum += TA[LR][K] * TB[K][LC];
            sycl::group_barrier(It.get_group());
          }
          C[Row * N + Col] = Sum;
        });
      });
    Q.wait();
  });
  Q.memcpy(HC.data(), C, N * N * sizeof(float)).wait();
  if (!gpubench::sgemm_check(N, HA, HB, HC))
    return 1;
  std::printf("sgemm_gflops %.3f\n", 2.0 * N * N * N / T / 1e9);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
}
