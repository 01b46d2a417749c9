// Values the optimiser or clang may hold in integers SPIR-V lacks: a
// marray<bool, 5>, a bool[5], 5- and 3-byte structs copied in a kernel, a
// 3-byte run of bit-fields (an i24 in clang's IR) read and written, and
// _BitInt(40) / _BitInt(24) arithmetic, unsigned and signed. Copies must
// touch exactly their bytes: the neighbours of each copy keep their values.
// A loop folding bool arrays (vectorised into llvm.vector.reduce.*, which the
// SPIR-V lowering expands) runs per work-item.
// RUN: %syclcc -O2 %s -o %t2 && %t2 | FileCheck %s
// RUN: %syclcc -O3 %s -o %t3 && %t3 | FileCheck %s
// RUN: %if target-spir64 %{ rm -rf %t.img && mkdir %t.img && smcp-dump %t3 --extract=%t.img && spirv-val %t.img/image0.spirv %}
#include <sycl/sycl.hpp>

#include <cstdio>

struct Five {
  char C[5];
};
struct Three {
  char A, B, C;
};
struct Nibbles { // one 24-bit bit-field run
  unsigned char A : 4, B : 4, C : 4, D : 4, E : 4, F : 4;
};
struct Data {
  sycl::marray<bool, 5> Mask[3];
  bool Flags[3][5];
  Five F[3];
  Three T[3];
  Nibbles N[3];
  long long Wide[8];
  int AnyAll[4];
};

int main() {
  sycl::queue Q;
  Data *D = sycl::malloc_shared<Data>(1, Q);
  for (int I = 0; I < 3; ++I) {
    for (int K = 0; K < 5; ++K) {
      D->Mask[I][K] = (K + I) % 2;
      D->Flags[I][K] = (K + I) % 3 == 0;
      D->F[I].C[K] = char(10 * I + K);
    }
    D->T[I] = {char(I), char(I + 1), char(I + 2)};
    D->N[I] = {1, 2, 3, 4, 5, 6};
  }
  D->Wide[0] = 0x123456789a;
  D->Wide[1] = -5;
  Q.single_task([=] {
     sycl::marray<bool, 5> M = D->Mask[0];
     for (int K = 0; K < 5; ++K)
       M[K] = !M[K];
     D->Mask[1] = M; // Mask[0] and Mask[2] stay
     bool Copy[5];
     for (int K = 0; K < 5; ++K)
       Copy[K] = D->Flags[0][K];
     for (int K = 0; K < 5; ++K)
       D->Flags[1][K] = Copy[4 - K];
     Five F = D->F[0];
     D->F[1] = F;
     Three T = D->T[0];
     D->T[1] = T;
     Nibbles N = D->N[0];
     N.C = N.E + N.F; // 11, within 4 bits
     D->N[1] = N;
     unsigned _BitInt(40) A = D->Wide[0];
     _BitInt(24) B = D->Wide[1];
     D->Wide[2] = (long long)(A * 3);
     D->Wide[3] = (long long)(A >> 3);
     D->Wide[4] = (long long)(B / 2);
     D->Wide[5] = (long long)(B >> 1);
     D->Wide[6] = (long long)((unsigned _BitInt(24))B % 1000);
     D->Wide[7] = B < 0;
   }).wait();

  for (int I = 0; I < 3; ++I) {
    for (int K = 0; K < 5; ++K)
      std::printf("%d", int(D->Mask[I][K]));
    std::printf(" ");
  }
  std::printf("\n");
  // CHECK: 01010 10101 01010
  for (int I = 0; I < 3; ++I) {
    for (int K = 0; K < 5; ++K)
      std::printf("%d", int(D->Flags[I][K]));
    std::printf(" ");
  }
  std::printf("\n");
  // CHECK-NEXT: 10010 01001 01001
  for (int I = 0; I < 3; ++I)
    std::printf("%d%d%d%d%d %d%d%d | ", D->F[I].C[0], D->F[I].C[1], D->F[I].C[2], D->F[I].C[3],
                D->F[I].C[4], D->T[I].A, D->T[I].B, D->T[I].C);
  std::printf("\n");
  // CHECK-NEXT: 01234 012 | 01234 012 | 2021222324 234 |
  for (int I = 0; I < 3; ++I)
    std::printf("%d %d %d %d %d %d | ", D->N[I].A, D->N[I].B, D->N[I].C, D->N[I].D, D->N[I].E,
                D->N[I].F);
  std::printf("\n");
  // CHECK-NEXT: 1 2 3 4 5 6 | 1 2 11 4 5 6 | 1 2 3 4 5 6 |
  std::printf("%llx %llx %lld %lld %lld %lld\n", D->Wide[2], D->Wide[3], D->Wide[4], D->Wide[5],
              D->Wide[6], D->Wide[7]);
  // CHECK-NEXT: 369d0369ce 2468acf13 -2 -3 211 1
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> Id) {
     int I = Id[0];
     const bool *B = &D->Flags[0][0] + I;
     bool Any = false, All = true;
     for (int K = 0; K < 5; ++K) {
       Any |= B[K];
       All &= B[K];
     }
     D->AnyAll[I] = Any + 2 * All;
   }).wait();
  std::printf("%d %d %d %d\n", D->AnyAll[0], D->AnyAll[1], D->AnyAll[2], D->AnyAll[3]);
  // CHECK-NEXT: 1 1 1 1
  sycl::free(D, Q);
}
