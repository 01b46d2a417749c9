// Range reductions at every size around the ways a launch splits its range:
// ranges smaller than one run of lanes per work-item, not a multiple of the
// lanes or of the work-items, and larger than all work-items' runs together
// (1024 groups of 256 work-items), each with several reducers at once (USM
// int and double sums, an identity-less user combiner that only some
// elements combine into, a buffer maximum); a two-dimensional range whose
// items must keep their ids; several combines per element; span reducers
// small enough for lanes and too large for them;
// nd_range work-groups of 1 to 2,000 work-items (every way a group folds)
// with one and several reductions; and an nd_range double dot product that
// keeps the user's geometry.
// Integers exact, doubles exact (sums of halves).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <climits>

using namespace sycl;

struct Earliest { // no known identity: the smallest index
  long long operator()(long long A, long long B) const { return A < B ? A : B; }
};

static void sizes(queue &Q) {
  long long *Sum = malloc_shared<long long>(1, Q);
  double *Half = malloc_shared<double>(1, Q);
  long long *First = malloc_shared<long long>(1, Q);
  for (size_t N : {size_t(1), size_t(7), size_t(8), size_t(9), size_t(255), size_t(1000),
                   size_t(262144 * 8 + 5), size_t(3000017)}) {
    *Sum = 3;
    *Half = 0.5;
    *First = -7; // stays unless an element combines
    int Max = INT_MIN;
    {
      buffer<int> MaxBuf(&Max, 1);
      Q.submit([&](handler &H) {
        H.parallel_for(range<1>(N), reduction(Sum, plus<long long>()),
                       reduction(Half, plus<double>()), reduction(First, Earliest()),
                       reduction(MaxBuf, H, maximum<int>()),
                       [=](id<1> I, auto &S, auto &D, auto &F, auto &M) {
                         long long V = (long long)I[0];
                         S += V;
                         D += double(V % 1000) * 0.5;
                         if (V % 97 == 5)
                           F.combine(V - 1000);
                         M.combine(int(V % 1001) - 500);
                       });
      });
    }
    long long WantSum = 3;
    double WantHalf = 0.5;
    int WantMax = INT_MIN;
    for (size_t K = 0; K < N; ++K) {
      WantSum += (long long)K;
      WantHalf += double(K % 1000) * 0.5;
      WantMax = WantMax > int(K % 1001) - 500 ? WantMax : int(K % 1001) - 500;
    }
    long long WantFirst = N > 5 ? -1000 + 5 : -7;
    if (*Sum != WantSum || *Half != WantHalf || *First != WantFirst || Max != WantMax)
      std::printf("FAILED size %zu: sum %lld/%lld half %f/%f first %lld/%lld max %d/%d\n", N, *Sum,
                  WantSum, *Half, WantHalf, *First, WantFirst, Max, WantMax);
    EXPECT(*Sum == WantSum && *Half == WantHalf && *First == WantFirst && Max == WantMax);
  }
  free(Sum, Q);
  free(Half, Q);
  free(First, Q);
}

// nd_range work-groups of every fold: up to 1,024 work-items in one chunk
// (one small reduction), up to 256 (several), and larger ones chunk by chunk.
static void groups(queue &Q) {
  size_t Max = Q.get_device().get_info<info::device::max_work_group_size>();
  long long *One = malloc_shared<long long>(1, Q);
  long long *Sum = malloc_shared<long long>(1, Q);
  long long *First = malloc_shared<long long>(1, Q);
  double *Half = malloc_shared<double>(1, Q);
  for (size_t L : {size_t(1), size_t(7), size_t(64), size_t(300), size_t(1000), size_t(1024),
                   size_t(2000)}) {
    if (L > Max)
      continue;
    size_t N = L * 5;
    *One = *Sum = 1;
    *First = 1 << 30;
    *Half = 0;
    Q.parallel_for(nd_range<1>(N, L), reduction(One, plus<long long>()),
                   [=](nd_item<1> It, auto &S) { S += (long long)It.get_global_id(0); });
    Q.parallel_for(nd_range<1>(N, L), reduction(Sum, plus<long long>()),
                   reduction(First, Earliest()), reduction(Half, plus<double>()),
                   [=](nd_item<1> It, auto &S, auto &F, auto &D) {
                     long long G = (long long)It.get_global_id(0);
                     S += G;
                     if (It.get_local_id(0) == L / 2)
                       F.combine(G);
                     D += 0.5;
                   });
    Q.wait();
    long long Want = 1 + (long long)N * (N - 1) / 2;
    if (*One != Want || *Sum != Want || *First != (long long)(L / 2) || *Half != 0.5 * N)
      std::printf("FAILED group size %zu: %lld %lld/%lld first %lld half %f\n", L, *One, *Sum,
                  Want, *First, *Half);
    EXPECT(*One == Want && *Sum == Want && *First == (long long)(L / 2) && *Half == 0.5 * N);
  }
  free(One, Q);
  free(Sum, Q);
  free(First, Q);
  free(Half, Q);
}

int main() {
  queue Q;
  sizes(Q);
  groups(Q);

  // Two dimensions: every item once, with its own id and linear id.
  long long *Lin = malloc_shared<long long>(2, Q);
  Lin[0] = Lin[1] = 0;
  constexpr size_t Rows = 1001, Cols = 37;
  Q.parallel_for(range<2>(Rows, Cols), reduction(Lin, plus<long long>()),
                 reduction(Lin + 1, plus<long long>()),
                 [=](item<2> It, auto &L, auto &Bad) {
                   L += (long long)It.get_linear_id();
                   Bad += It.get_id(0) * Cols + It.get_id(1) != It.get_linear_id() ||
                          It.get_range(1) != Cols;
                 })
      .wait();
  EXPECT(Lin[0] == (long long)(Rows * Cols) * (Rows * Cols - 1) / 2 && Lin[1] == 0);

  // Several combines per element, and a span reducer per lane.
  int *Count = malloc_shared<int>(1, Q);
  int *Hist = malloc_shared<int>(4, Q);
  *Count = 0;
  for (int K = 0; K < 4; ++K)
    Hist[K] = 0;
  constexpr size_t M = 100003;
  Q.parallel_for(range<1>(M), reduction(Count, plus<int>()),
                 reduction(span<int, 4>(Hist, 4), plus<int>()), [=](id<1> I, auto &C, auto &H) {
                   ++C;
                   C += 2;
                   H[I[0] % 4] += 1;
                 })
      .wait();
  EXPECT(*Count == 3 * int(M));
  EXPECT(Hist[0] == 25001 && Hist[1] == 25001 && Hist[2] == 25001 && Hist[3] == 25000);

  // A span too large for lanes (one set of reducers per work-item).
  int *Wide = malloc_shared<int>(16, Q);
  for (int K = 0; K < 16; ++K)
    Wide[K] = K;
  Q.parallel_for(range<1>(M), reduction(span<int, 16>(Wide, 16), plus<int>()),
                 [=](id<1> I, auto &H) { H[I[0] % 16] += 2; })
      .wait();
  EXPECT(Wide[0] == 0 + 2 * 6251 && Wide[2] == 2 + 2 * 6251 && Wide[3] == 3 + 2 * 6250 &&
         Wide[15] == 15 + 2 * 6250);
  free(Wide, Q);

  // nd_range: the user's geometry (global ids and local ranges as given).
  double *X = malloc_shared<double>(1 << 16, Q);
  double *Dot = malloc_shared<double>(1, Q);
  int *Geo = malloc_shared<int>(1, Q);
  for (int K = 0; K < 1 << 16; ++K)
    X[K] = 0.5 * (K % 16);
  *Dot = 1;
  *Geo = 0;
  Q.parallel_for(nd_range<1>(1 << 16, 64), reduction(Dot, plus<double>()),
                 reduction(Geo, plus<int>()), [=](nd_item<1> It, auto &D, auto &G) {
                   size_t I = It.get_global_id(0);
                   D += X[I] * X[I];
                   G += It.get_local_range(0) != 64 || It.get_global_range(0) != 1 << 16;
                 })
      .wait();
  double WantDot = 1;
  for (int K = 0; K < 1 << 16; ++K)
    WantDot += X[K] * X[K];
  EXPECT(*Dot == WantDot && *Geo == 0);

  free(Lin, Q);
  free(Count, Q);
  free(Hist, Q);
  free(X, Q);
  free(Dot, Q);
  free(Geo, Q);
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
