// SGEMM C = A·B, N×N floats, tiled 16×16 through local memory in SMCP: an
// nd_range of 16×16 work-groups, group barriers, and the tiles in either kind
// of local memory: local_accessors (sgemm_gflops), whose range is a run-time
// value, so the rows of a tile are a run-time stride apart (as in an extern
// __shared__ block), or group_local_memory arrays (sgemm_glm_gflops), whose
// layout is known at compile time (as __shared__ arrays). Dimension 1 is the
// fastest-varying one (columns), as threadIdx.x is in the baseline sgemm.cu.
// Usage: sgemm [N, default 4096, a multiple of 16].
#include "sgemm_data.hpp"
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr size_t Tile = 16;

/// One work-item's element of C, the tiles of A and B staged through TA and
/// TB (local_accessors or arrays: both index as [row][column]).
template <typename Tiles>
void sgemm_item(sycl::nd_item<2> It, Tiles &TA, Tiles &TB, const float *A, const float *B,
                float *C, size_t N) {
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
}

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

  auto Measure = [&](const char *Figure, auto Submit) {
    double T = gpubench::per_iteration(3, 10, [&](int Iters) {
      for (int I = 0; I < Iters; ++I)
        Submit();
      Q.wait();
    });
    Q.memcpy(HC.data(), C, N * N * sizeof(float)).wait();
    if (!gpubench::sgemm_check(N, HA, HB, HC))
      std::exit(1);
    std::printf("%s %.3f\n", Figure, 2.0 * N * N * N / T / 1e9);
    Q.memset(C, 0, N * N * sizeof(float)).wait();
  };
  const sycl::nd_range<2> Range({N, N}, {Tile, Tile});
  Measure("sgemm_gflops", [&] {
    Q.submit([&](sycl::handler &H) {
      sycl::local_accessor<float, 2> TA{sycl::range<2>(Tile, Tile), H};
      sycl::local_accessor<float, 2> TB{sycl::range<2>(Tile, Tile), H};
      H.parallel_for<class Sgemm>(Range, [=](sycl::nd_item<2> It) {
        sgemm_item(It, TA, TB, A, B, C, N);
      });
    });
  });
  Measure("sgemm_glm_gflops", [&] {
    Q.parallel_for<class SgemmGroupLocal>(Range, [=](sycl::nd_item<2> It) {
      using TileArray = float[Tile][Tile];
      TileArray &TA = *sycl::ext::oneapi::group_local_memory_for_overwrite<TileArray>(It.get_group());
      TileArray &TB = *sycl::ext::oneapi::group_local_memory_for_overwrite<TileArray>(It.get_group());
      sgemm_item(It, TA, TB, A, B, C, N);
    });
  });
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
}
