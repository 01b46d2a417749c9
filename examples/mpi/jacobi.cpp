// jacobi.cpp - a 2-D Jacobi solver split over MPI ranks, one SYCL queue per
// rank. Each rank owns a band of rows plus a halo row above and below; halos
// are exchanged each iteration by passing USM pointers straight to MPI. Rank
// 0 gathers the grid and prints a hash of its bytes: the same for any number
// of ranks (each cell sees the same arithmetic).
//
//   syclcc -O2 $(mpicxx --showme:compile) jacobi.cpp $(mpicxx --showme:link) -o jacobi
//   mpirun -np 2 ./jacobi [N] [iterations]
#include <sycl/sycl.hpp>

#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank = 0, Ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Ranks);
  const int N = argc > 1 ? std::atoi(argv[1]) : 256;
  const int Iterations = argc > 2 ? std::atoi(argv[2]) : 200;
  if (N % Ranks != 0) {
    if (Rank == 0)
      std::fprintf(stderr, "jacobi: N=%d must be a multiple of the %d ranks\n", N, Ranks);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int Rows = N / Ranks; // this rank's band; local row r+1 is global Rank*Rows+r
  const size_t Cells = size_t(Rows + 2) * N;

  sycl::queue Q;
  double *Cur = sycl::malloc_shared<double>(Cells, Q);
  double *Next = sycl::malloc_shared<double>(Cells, Q);
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
    // Halos: my first row to the rank above, its last row into my top halo,
    // and the same downwards. USM pointers go to MPI as they are.
    MPI_Sendrecv(Cur + N, N, MPI_DOUBLE, Up, 0, Cur + size_t(Rows + 1) * N, N, MPI_DOUBLE, Down, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(Cur + size_t(Rows) * N, N, MPI_DOUBLE, Down, 1, Cur, N, MPI_DOUBLE, Up, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
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

  std::vector<double> Grid(Rank == 0 ? size_t(N) * N : 0);
  MPI_Gather(Cur + N, Rows * N, MPI_DOUBLE, Grid.data(), Rows * N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (Rank == 0)
    std::printf("jacobi %dx%d, %d iterations, %d rank(s): [4][N/2] %.12f, grid hash %016llx\n", N,
                N, Iterations, Ranks, Grid[size_t(4) * N + N / 2],
                static_cast<unsigned long long>(hashBytes(Grid)));
  sycl::free(Cur, Q);
  sycl::free(Next, Q);
  MPI_Finalize();
}
