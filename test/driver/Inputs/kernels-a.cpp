#include "kernels-shared.h"

#include <cstdio>

void work_b(sycl::queue &Q, int *P);

int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(8, Q);
  fill(Q, P, 10);
  scale(Q, P, 2);
  work_b(Q, P + 4);
  for (int I = 0; I < 8; ++I)
    std::printf("%d ", P[I]);
  std::printf("\n");
  sycl::free(P, Q);
}
