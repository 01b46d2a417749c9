// The host-only equivalent of examples/vector_add.cpp, for the compile-time
// comparison: same includes of the standard library, same arithmetic.
#include <cstdio>
#include <vector>

int main() {
  const size_t N = 1 << 20;
  std::vector<float> A(N, 1.0f), B(N, 2.0f), C(N);
  for (size_t I = 0; I < N; ++I)
    C[I] = A[I] + B[I];
  for (size_t I = 0; I < N; ++I)
    if (C[I] != 3.0f) {
      std::printf("wrong result at %zu\n", I);
      return 1;
    }
  std::printf("vector_add: ok\n");
}
