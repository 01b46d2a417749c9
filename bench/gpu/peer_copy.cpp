// Peer-copy bandwidth in SMCP: USM memcpy from one GPU's memory to another's
// (two devices of one context: the CUDA adapter enables peer access between
// them, so the copy goes GPU to GPU). GB/s of bytes copied. Baseline:
// peer_copy.cu (cudaMemcpyPeerAsync). With fewer than two GPUs it says so and
// prints no figure. Usage: peer_copy [log2 bytes, default 28]; run.py selects
// the GPUs with ONEAPI_DEVICE_SELECTOR=cuda:0,1. Prints "name value" lines.
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  const size_t Log2 = gpubench::log2_sizes(argc > 1 ? argv[1] : "28").at(0);
  const size_t Bytes = size_t(1) << Log2;
  auto Gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  if (Gpus.size() < 2) {
    std::fprintf(stderr, "peer_copy: skipped: %zu GPU(s) here, two needed\n", Gpus.size());
    return 0;
  }
  Gpus.resize(2);
  sycl::context Ctx(Gpus);
  sycl::queue Q0(Ctx, Gpus[0], sycl::property::queue::in_order()),
      Q1(Ctx, Gpus[1], sycl::property::queue::in_order());
  auto *A = sycl::malloc_device<unsigned char>(Bytes, Q0);
  auto *B = sycl::malloc_device<unsigned char>(Bytes, Q1);
  std::vector<unsigned char> In(Bytes), Out(Bytes);
  for (size_t I = 0; I < Bytes; ++I)
    In[I] = static_cast<unsigned char>(I * 31 + 7);
  Q0.memcpy(A, In.data(), Bytes).wait();
  const double T = gpubench::per_iteration(5, gpubench::iterations_for(Bytes, 10, 100), [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      Q1.memcpy(B, A, Bytes);
    Q1.wait();
  });
  Q1.memcpy(Out.data(), B, Bytes).wait();
  sycl::free(A, Ctx);
  sycl::free(B, Ctx);
  if (std::memcmp(In.data(), Out.data(), Bytes) != 0) {
    std::fprintf(stderr, "peer_copy: the copy on GPU 1 differs from GPU 0's data\n");
    return 1;
  }
  std::printf("peer_copy_2^%zu_gbps %.3f\n", Log2, Bytes / T / 1e9);
}
