// jacobi_multi_device.cpp - a 2-D Jacobi solver split by rows over every
// device of the host (ONEAPI_DEVICE_SELECTOR picks them: cuda:0,1 for two
// GPUs), one queue per part. Each part owns a band of rows plus a halo row
// above and below in its device's memory; halos move between neighbours each
// iteration with USM memcpy: device to device within one context (a peer copy
// between two GPUs), through host memory between contexts. The result is
// compared with a one-part run on the first device and must be identical to
// the bit: each cell sees the same arithmetic, wherever it is computed.
//
//   syclcc -O2 jacobi_multi_device.cpp -o jacobi_multi_device
//   ./jacobi_multi_device [N [iterations]] [--parts P] [--contexts] [--no-check]
// --parts P: P parts (default: one per device, and 2 queues on one device when
// there is only one); --contexts: a context per part (halos through the host);
// --no-check: skip the one-part run (timings of the split run alone).
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Options {
  int N = 256, Iterations = 100, Parts = 0;
  bool Contexts = false, Check = true;
};

/// One band of rows on one queue: local row R+1 is global row Begin+R.
struct Part {
  sycl::queue Q;
  int Begin = 0, Rows = 0;
  double *Cur = nullptr, *Next = nullptr;
  sycl::event Last; // the part's latest kernel
};

Options parseOptions(int Argc, char **Argv) {
  Options O;
  int Positional = 0;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--parts" && I + 1 < Argc)
      O.Parts = std::atoi(Argv[++I]);
    else if (A == "--contexts")
      O.Contexts = true;
    else if (A == "--no-check")
      O.Check = false;
    else if (Positional++ == 0)
      O.N = std::atoi(A.c_str());
    else
      O.Iterations = std::atoi(A.c_str());
  }
  return O;
}

/// Queues for Parts parts over Devices in turn: one context for all of them,
/// or one per part.
std::vector<sycl::queue> makeQueues(const std::vector<sycl::device> &Devices, int Parts,
                                    bool Contexts) {
  std::vector<sycl::queue> Queues;
  sycl::context Shared(Devices);
  for (int P = 0; P < Parts; ++P) {
    const sycl::device &D = Devices[size_t(P) % Devices.size()];
    Queues.emplace_back(Contexts ? sycl::context(D) : Shared, D, sycl::property::queue::in_order());
  }
  return Queues;
}

void initialise(Part &P, int N) {
  const int Begin = P.Begin;
  double *Cur = P.Cur, *Next = P.Next;
  // Boundary: the global top row is 1, every other edge 0.
  P.Q.parallel_for(sycl::range<2>(size_t(P.Rows) + 2, size_t(N)), [=](sycl::item<2> It) {
    const int Global = Begin + int(It[0]) - 1;
    const double V = Global == 0 ? 1.0 : 0.0;
    Cur[It.get_linear_id()] = V;
    Next[It.get_linear_id()] = V;
  });
}

/// Copies N values from From's row SrcRow into To's row DstRow, after From's
/// latest kernel: directly within one context, through Stage between two.
void moveRow(Part &From, int SrcRow, Part &To, int DstRow, int N, double *Stage) {
  const size_t Bytes = size_t(N) * sizeof(double);
  const double *Src = From.Cur + size_t(SrcRow) * N;
  double *Dst = To.Cur + size_t(DstRow) * N;
  if (From.Q.get_context() == To.Q.get_context()) {
    To.Q.memcpy(Dst, Src, Bytes, From.Last);
    return;
  }
  sycl::event Staged = From.Q.memcpy(Stage, Src, Bytes);
  To.Q.memcpy(Dst, Stage, Bytes, Staged);
}

void step(Part &P, int N) {
  const int Begin = P.Begin;
  const double *Cur = P.Cur;
  double *Next = P.Next;
  P.Last = P.Q.parallel_for(sycl::range<2>(size_t(P.Rows), size_t(N)), [=](sycl::id<2> I) {
    const size_t R = I[0] + 1, C = I[1], At = R * size_t(N) + C;
    const int Global = Begin + int(I[0]);
    if (Global == 0 || Global == N - 1 || C == 0 || C == size_t(N) - 1)
      Next[At] = Cur[At];
    else
      Next[At] = 0.25 * (Cur[At - N] + Cur[At + N] + Cur[At - 1] + Cur[At + 1]);
  });
}

/// Runs the solver over the queues' parts; the grid, and the seconds the
/// iterations took.
std::vector<double> solve(std::vector<sycl::queue> Queues, int N, int Iterations,
                          double &Seconds) {
  const int Parts = int(Queues.size());
  std::vector<Part> P;
  for (int I = 0; I < Parts; ++I) {
    const int Begin = int(int64_t(N) * I / Parts);
    P.push_back(Part{Queues[size_t(I)], Begin, int(int64_t(N) * (I + 1) / Parts) - Begin});
    const size_t Cells = size_t(P[I].Rows + 2) * N;
    P[I].Cur = sycl::malloc_device<double>(Cells, P[I].Q);
    P[I].Next = sycl::malloc_device<double>(Cells, P[I].Q);
    initialise(P[I], N);
  }
  // Host rows between contexts: one per part and direction.
  std::vector<double> Stage(size_t(Parts) * 2 * N);
  for (auto &X : P)
    X.Q.wait();
  const auto Start = std::chrono::steady_clock::now();
  for (int It = 0; It < Iterations; ++It) {
    for (int I = 0; I < Parts; ++I) {
      if (I > 0) // my top halo: the last row of the part above
        moveRow(P[I - 1], P[I - 1].Rows, P[I], 0, N, &Stage[size_t(2 * I) * N]);
      if (I + 1 < Parts) // my bottom halo: the first row of the part below
        moveRow(P[I + 1], 1, P[I], P[I].Rows + 1, N, &Stage[size_t(2 * I + 1) * N]);
    }
    for (auto &X : P)
      step(X, N);
    for (auto &X : P)
      std::swap(X.Cur, X.Next);
  }
  for (auto &X : P)
    X.Q.wait();
  Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  std::vector<double> Grid(size_t(N) * N);
  for (auto &X : P) {
    X.Q.memcpy(&Grid[size_t(X.Begin) * N], X.Cur + N, size_t(X.Rows) * N * sizeof(double)).wait();
    sycl::free(X.Cur, X.Q);
    sycl::free(X.Next, X.Q);
  }
  return Grid;
}

} // namespace

int main(int Argc, char **Argv) {
  const Options O = parseOptions(Argc, Argv);
  std::vector<sycl::device> Devices = sycl::device::get_devices(sycl::info::device_type::gpu);
  if (Devices.empty())
    Devices = {sycl::device()};
  const int Parts = O.Parts > 0 ? O.Parts : std::max<int>(2, int(Devices.size()));
  if (O.N < 3 || O.N < Parts || O.Iterations < 0) {
    std::fprintf(stderr, "jacobi_multi_device: N=%d must be at least 3 and the %d parts\n", O.N,
                 Parts);
    return 2;
  }
  for (const auto &D : Devices)
    std::printf("device: %s\n", D.get_info<sycl::info::device::name>().c_str());
  double Split = 0, One = 0;
  auto Grid = solve(makeQueues(Devices, Parts, O.Contexts), O.N, O.Iterations, Split);
  std::printf("jacobi %dx%d, %d iterations, %d parts on %zu device(s)%s: %.3f ms/iteration\n",
              O.N, O.N, O.Iterations, Parts, std::min(Devices.size(), size_t(Parts)),
              O.Contexts ? ", a context each" : "", 1e3 * Split / std::max(1, O.Iterations));
  if (!O.Check)
    return 0;
  auto Reference = solve(makeQueues({Devices[0]}, 1, false), O.N, O.Iterations, One);
  std::printf("one part on one device: %.3f ms/iteration\n",
              1e3 * One / std::max(1, O.Iterations));
  if (std::memcmp(Grid.data(), Reference.data(), Grid.size() * sizeof(double)) != 0) {
    std::printf("FAILED: the split grid differs from the one-device grid\n");
    return 1;
  }
  std::printf("identical to the one-device run ([4][N/2] = %.12f)\n",
              Grid[size_t(4) * O.N + O.N / 2]);
  return 0;
}
