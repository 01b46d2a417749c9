// sycl::reduction over USM: range and nd_range, several reductions in one
// kernel, every standard operator with its known identity, user operators
// with and without an identity, initialize_to_identity, and sizes far larger
// than a work-group; integers exact, floats within 1e-6 relative.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <climits>
#include <cmath>
#include <cstdio>

constexpr sycl::specialization_id<int> Scale(1);

struct Pair {
  int Lo, Hi;
};
struct MinMax { // a user operation with no known identity
  Pair operator()(const Pair &A, const Pair &B) const {
    return {A.Lo < B.Lo ? A.Lo : B.Lo, A.Hi > B.Hi ? A.Hi : B.Hi};
  }
};

int main() {
  sycl::queue Q;
  constexpr size_t N = 1000003; // not a multiple of any work-group size
  int *I = sycl::malloc_shared<int>(8, Q);
  float *F = sycl::malloc_shared<float>(1, Q);
  double *D = sycl::malloc_shared<double>(1, Q);
  Pair *P = sycl::malloc_shared<Pair>(1, Q);
  bool *B = sycl::malloc_shared<bool>(2, Q);
  I[0] = 10;            // plus, original value kept
  I[1] = 12345;         // plus with initialize_to_identity
  I[2] = INT_MAX;       // minimum
  I[3] = INT_MIN;       // maximum
  I[4] = -1;            // bit_and
  I[5] = 0;             // bit_or
  I[6] = 0;             // bit_xor
  I[7] = 1;             // multiplies
  *F = 0.5f;
  *D = 0;
  *P = {1 << 30, -(1 << 30)};
  B[0] = true;
  B[1] = false;

  Q.parallel_for(sycl::range<1>(N), sycl::reduction(I + 0, sycl::plus<int>()),
                 sycl::reduction(I + 1, sycl::plus<int>(),
                                 {sycl::property::reduction::initialize_to_identity()}),
                 sycl::reduction(I + 2, sycl::minimum<int>()),
                 sycl::reduction(I + 3, sycl::maximum<int>()),
                 [=](sycl::id<1> Id, auto &Sum, auto &Sum2, auto &Min, auto &Max) {
                   int X = int(Id[0] % 1000) - 500;
                   Sum += X;
                   Sum2.combine(1);
                   Min.combine(X * 3);
                   Max.combine(X * 3);
                 })
      .wait();
  long long WantSum = 10;
  for (size_t K = 0; K < N; ++K)
    WantSum += int(K % 1000) - 500;
  std::printf("plus %d, init-to-identity %d, min %d, max %d\n", I[0] == WantSum, I[1], I[2],
              I[3]);
  // CHECK: plus 1, init-to-identity 1000003, min -1500, max 1497

  // nd_range with an item, bitwise and multiplicative operators, floats.
  Q.parallel_for(sycl::nd_range<1>(4096, 128), sycl::reduction(I + 4, sycl::bit_and<int>()),
                 sycl::reduction(I + 5, sycl::bit_or<int>()),
                 sycl::reduction(I + 6, sycl::bit_xor<int>()),
                 sycl::reduction(I + 7, sycl::multiplies<int>()),
                 sycl::reduction(F, sycl::plus<float>()), sycl::reduction(D, sycl::plus<double>()),
                 [=](sycl::nd_item<1> It, auto &And, auto &Or, auto &Xor, auto &Mul, auto &FS,
                     auto &DS) {
                   int G = int(It.get_global_id(0));
                   And &= ~(1 << (G % 16));
                   Or |= 1 << (G % 20);
                   Xor ^= G;
                   Mul *= G % 1024 == 1 ? 2 : 1;
                   FS += 0.25f;
                   DS += 1e-3;
                 })
      .wait();
  int WantXor = 0;
  for (int G = 0; G < 4096; ++G)
    WantXor ^= G;
  std::printf("and %d, or %d, xor %d, mul %d, float %.2f, double %.4f\n", I[4], I[5],
              I[6] == WantXor, I[7], *F, *D);
  // CHECK: and -65536, or 1048575, xor 1, mul 16, float 1024.50, double 4.0960

  // User operations: with an explicit identity, and without any.
  Q.parallel_for(sycl::range<2>(300, 301), sycl::reduction(P, MinMax()),
                 sycl::reduction(B, true, sycl::logical_and<bool>()),
                 sycl::reduction(B + 1, sycl::logical_or<bool>()),
                 [=](sycl::item<2> It, auto &MM, auto &All, auto &Any) {
                   int V = int(It.get_linear_id()) - 45000;
                   MM.combine({V, V});
                   All.combine(V > -50000);
                   Any.combine(V == 12345);
                 })
      .wait();
  std::printf("minmax %d %d, all %d, any %d\n", P->Lo, P->Hi, B[0], B[1]);
  // CHECK: minmax -45000 45299, all 1, any 1

  // Buffers: the first element is the variable; its value is written back.
  int Total = 5;
  long long Wide = 0;
  {
    sycl::buffer<int> TotalBuf(&Total, 1);
    sycl::buffer<long long> WideBuf(&Wide, 1);
    Q.submit([&](sycl::handler &H) {
      H.parallel_for(sycl::range<1>(10000), sycl::reduction(TotalBuf, H, sycl::plus<int>()),
                     [=](sycl::id<1> Id, auto &S) { S += int(Id[0] % 3); });
    });
    Q.submit([&](sycl::handler &H) {
      H.parallel_for(sycl::nd_range<1>(2048, 256),
                     sycl::reduction(WideBuf, H, (long long)0, sycl::plus<long long>(),
                                     {sycl::property::reduction::initialize_to_identity()}),
                     [=](sycl::nd_item<1> It, auto &S) { S += (long long)It.get_global_id(0) << 32; });
    });
  }
  std::printf("buffers: %d %d\n", Total, Wide == (2047LL * 2048 / 2) << 32);
  // CHECK: buffers: 10004 1

  // A kernel_handler after the reducers reads specialization constants.
  int Scaled = 0;
  {
    sycl::buffer<int> ScaledBuf(&Scaled, 1);
    Q.submit([&](sycl::handler &H) {
      H.set_specialization_constant<Scale>(3);
      H.parallel_for(sycl::range<1>(100), sycl::reduction(ScaledBuf, H, sycl::plus<int>()),
                     [=](sycl::id<1>, auto &S, sycl::kernel_handler KH) {
                       S += KH.get_specialization_constant<Scale>();
                     });
    });
  }
  std::printf("kernel_handler: %d\n", Scaled);
  // CHECK: kernel_handler: 300

  sycl::free(I, Q);
  sycl::free(F, Q);
  sycl::free(D, Q);
  sycl::free(P, Q);
  sycl::free(B, Q);
}
