#include "kernels-shared.h"

void work_b(sycl::queue &Q, int *P) {
  fill(Q, P, 100);
  scale(Q, P, 3);
}
