// jacobi.cpp - a 2-D Jacobi solver split over MPI ranks, one SYCL queue per
// rank. Each rank owns a band of rows plus a halo row above and below, in
// device memory; halos are exchanged each iteration by passing the device's
// USM pointers to MPI where MPI is CUDA-aware and the device a CUDA GPU, and
// through host USM rows otherwise (Debian's Open MPI is not CUDA-aware). Rank
// 0 gathers the grid and prints a hash of its bytes: the same for any number
// of ranks (each cell sees the same arithmetic).
//
// Each rank's device: ONEAPI_DEVICE_SELECTOR's when it is set, otherwise the
// GPU numbered by the rank's local id on its host (OMPI_COMM_WORLD_LOCAL_RANK,
// modulo the GPUs), otherwise the default device.
//
//   syclcc -O2 $(mpicxx --showme:compile) jacobi.cpp $(mpicxx --showme:link) -o jacobi
//   mpirun -np 2 ./jacobi [N] [iterations]
//   mpirun -np 2 ./jacobi --which-device   (each rank's device, nothing run)
#include <sycl/sycl.hpp>

#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h> // Open MPI's MPIX_CUDA_AWARE_SUPPORT
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

/// FNV-1a over the grid's bytes.
uint64_t hashBytes(const std::vector<double> &Grid) {
  uint64_t H = 1469598103934665603ull;
  auto *Bytes = reinterpret_cast<const unsigned char *>(Grid.data());
  for (size_t I = 0; I < Grid.size() * sizeof(double); ++I)
    H = (H ^ Bytes[I]) * 1099511628211ull;
  return H;
}

sycl::device rankDevice() {
  const char *Local = std::getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  if (std::getenv("ONEAPI_DEVICE_SELECTOR") || !Local)
    return sycl::device();
  auto Gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  if (Gpus.empty())
    return sycl::device();
  return Gpus[size_t(std::atoi(Local)) % Gpus.size()];
}

/// Whether MPI may be given this device's USM pointers: a CUDA-aware MPI and
/// a CUDA device.
bool mpiTakesDevicePointers(const sycl::device &D) {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return D.get_backend() == sycl::backend::ext_oneapi_cuda && MPIX_Query_cuda_support() == 1;
#else
  (void)D;
  return false;
#endif
}

/// Sends row Send to rank To while receiving row Recv from rank From (either
/// may be MPI_PROC_NULL): straight from device memory, or through the host
/// rows Stage[0] (outgoing) and Stage[1] (incoming).
void exchangeRow(sycl::queue &Q, double *Send, int To, double *Recv, int From, int N, int Tag,
                 double *const Stage[2]) {
  if (!Stage[0]) {
    MPI_Sendrecv(Send, N, MPI_DOUBLE, To, Tag, Recv, N, MPI_DOUBLE, From, Tag, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    return;
  }
  const size_t Bytes = size_t(N) * sizeof(double);
  if (To != MPI_PROC_NULL)
    Q.memcpy(Stage[0], Send, Bytes).wait();
  MPI_Sendrecv(Stage[0], N, MPI_DOUBLE, To, Tag, Stage[1], N, MPI_DOUBLE, From, Tag,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (From != MPI_PROC_NULL)
    Q.memcpy(Recv, Stage[1], Bytes).wait();
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank = 0, Ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Ranks);
  if (argc > 1 && std::string(argv[1]) == "--which-device") { // each rank's choice, and stop
    std::printf("rank %d: %s\n", Rank, rankDevice().get_info<sycl::info::device::name>().c_str());
    MPI_Finalize();
    return 0;
  }
  const int N = argc > 1 ? std::atoi(argv[1]) : 256;
  const int Iterations = argc > 2 ? std::atoi(argv[2]) : 200;
  if (N % Ranks != 0) {
    if (Rank == 0)
      std::fprintf(stderr, "jacobi: N=%d must be a multiple of the %d ranks\n", N, Ranks);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int Rows = N / Ranks; // this rank's band; local row r+1 is global Rank*Rows+r
  const size_t Cells = size_t(Rows + 2) * N;

  sycl::queue Q(rankDevice());
  double *Cur = sycl::malloc_device<double>(Cells, Q);
  double *Next = sycl::malloc_device<double>(Cells, Q);
  const bool Direct = mpiTakesDevicePointers(Q.get_device());
  double *Stage[2] = {nullptr, nullptr};
  if (!Direct) {
    Stage[0] = sycl::malloc_host<double>(N, Q);
    Stage[1] = sycl::malloc_host<double>(N, Q);
  }
  // Boundary: the global top row is 1, every other edge 0.
  Q.parallel_for(sycl::range<2>(Rows + 2, N), [=](sycl::item<2> It) {
     int Global = Rank * Rows + int(It[0]) - 1;
     double V = Global == 0 ? 1.0 : 0.0;
     Cur[It.get_linear_id()] = V;
     Next[It.get_linear_id()] = V;
   }).wait();

  const int Up = Rank > 0 ? Rank - 1 : MPI_PROC_NULL;
  const int Down = Rank + 1 < Ranks ? Rank + 1 : MPI_PROC_NULL;
  for (int It = 0; It < Iterations; ++It) {
    // Halos: my first row to the rank above, the row below mine into my
    // bottom halo; then my last row to the rank below, its row into my top halo.
    exchangeRow(Q, Cur + N, Up, Cur + size_t(Rows + 1) * N, Down, N, 0, Stage);
    exchangeRow(Q, Cur + size_t(Rows) * N, Down, Cur, Up, N, 1, Stage);
    Q.parallel_for(sycl::range<2>(Rows, N), [=](sycl::id<2> I) {
       size_t R = I[0] + 1, C = I[1];
       int Global = Rank * Rows + int(I[0]);
       size_t At = R * N + C;
       if (Global == 0 || Global == N - 1 || C == 0 || C == size_t(N) - 1)
         Next[At] = Cur[At];
       else
         Next[At] = 0.25 * (Cur[At - N] + Cur[At + N] + Cur[At - 1] + Cur[At + 1]);
     }).wait();
    std::swap(Cur, Next);
  }

  std::vector<double> Band(size_t(Rows) * N), Grid(Rank == 0 ? size_t(N) * N : 0);
  Q.memcpy(Band.data(), Cur + N, Band.size() * sizeof(double)).wait();
  MPI_Gather(Band.data(), Rows * N, MPI_DOUBLE, Grid.data(), Rows * N, MPI_DOUBLE, 0,
             MPI_COMM_WORLD);
  if (Rank == 0) {
    std::printf("rank 0 on %s, halos %s\n",
                Q.get_device().get_info<sycl::info::device::name>().c_str(),
                Direct ? "from device memory (CUDA-aware MPI)" : "staged through host memory");
    std::printf("jacobi %dx%d, %d iterations, %d rank(s): [4][N/2] %.12f, grid hash %016llx\n", N,
                N, Iterations, Ranks, Grid[size_t(4) * N + N / 2],
                static_cast<unsigned long long>(hashBytes(Grid)));
  }
  for (double *P : Stage)
    if (P)
      sycl::free(P, Q);
  sycl::free(Cur, Q);
  sycl::free(Next, Q);
  MPI_Finalize();
}
