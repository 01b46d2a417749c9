// STREAM triad a[i] = b[i] + s*c[i] in SMCP: float and double, USM (an
// in-order queue, as a CUDA stream orders launches) and buffers (accessor
// dependencies order them). GB/s counts the three arrays. Baseline: triad.cu.
// Usage: triad [log2 sizes, default 25,28]. Prints "name value" lines.
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int Rounds = 5;

template <typename T> class CountWrong;

/// Elements of A that are not Want, counted on the device.
template <typename T> int count_wrong(sycl::queue &Q, const T *A, size_t N, T Want) {
  int *Wrong = sycl::malloc_device<int>(1, Q);
  Q.memset(Wrong, 0, sizeof(int));
  Q.parallel_for<CountWrong<T>>(sycl::range<1>(N), [=](sycl::id<1> I) {
    if (A[I] != Want)
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*Wrong)++;
  });
  int Result = 0;
  Q.memcpy(&Result, Wrong, sizeof(int)).wait();
  sycl::free(Wrong, Q);
  return Result;
}

template <typename T> class TriadUsm;
template <typename T> class TriadBuffer;
template <typename T> class InitBuffer;
template <typename T> class CheckBuffer;

template <typename T> double triad_usm(sycl::queue &Q, size_t N, int &Wrong) {
  T *A = sycl::malloc_device<T>(N, Q), *B = sycl::malloc_device<T>(N, Q),
    *C = sycl::malloc_device<T>(N, Q);
  Q.fill(B, T(1), N);
  Q.fill(C, T(2), N);
  Q.wait();
  const T S = 3;
  double T1 = gpubench::per_iteration(Rounds, gpubench::iterations_for(3 * N * sizeof(T)), [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      Q.parallel_for<TriadUsm<T>>(sycl::range<1>(N), [=](sycl::id<1> I) { A[I] = B[I] + S * C[I]; });
    Q.wait();
  });
  Wrong = count_wrong(Q, A, N, T(7));
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return T1;
}

template <typename T> double triad_buffer(sycl::queue &Q, size_t N, int &Wrong) {
  sycl::buffer<T> A{sycl::range<1>(N)}, B{sycl::range<1>(N)}, C{sycl::range<1>(N)};
  Q.submit([&](sycl::handler &H) {
    sycl::accessor AB(B, H, sycl::write_only, sycl::no_init);
    sycl::accessor AC(C, H, sycl::write_only, sycl::no_init);
    H.parallel_for<InitBuffer<T>>(sycl::range<1>(N), [=](sycl::id<1> I) {
      AB[I] = T(1);
      AC[I] = T(2);
    });
  });
  const T S = 3;
  double T1 = gpubench::per_iteration(Rounds, gpubench::iterations_for(3 * N * sizeof(T)), [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      Q.submit([&](sycl::handler &H) {
        sycl::accessor AA(A, H, sycl::write_only, sycl::no_init);
        sycl::accessor AB(B, H, sycl::read_only);
        sycl::accessor AC(C, H, sycl::read_only);
        H.parallel_for<TriadBuffer<T>>(sycl::range<1>(N),
                                       [=](sycl::id<1> I) { AA[I] = AB[I] + S * AC[I]; });
      });
    Q.wait();
  });
  Wrong = 0;
  {
    sycl::buffer<int> WrongBuf{&Wrong, sycl::range<1>(1)}; // written back as it goes
    Q.submit([&](sycl::handler &H) {
      sycl::accessor AA(A, H, sycl::read_only);
      sycl::accessor W(WrongBuf, H, sycl::read_write);
      H.parallel_for<CheckBuffer<T>>(sycl::range<1>(N), [=](sycl::id<1> I) {
        if (AA[I] != T(7))
          sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(W[0])++;
      });
    });
  }
  return T1;
}

template <typename T> bool run(sycl::queue &InOrder, sycl::queue &Q, size_t Log2, const char *Type) {
  const size_t N = size_t(1) << Log2;
  const double Bytes = 3.0 * N * sizeof(T);
  int WrongUsm = 0, WrongBuffer = 0;
  double TUsm = triad_usm<T>(InOrder, N, WrongUsm);
  double TBuffer = triad_buffer<T>(Q, N, WrongBuffer);
  if (WrongUsm || WrongBuffer) {
    std::fprintf(stderr, "triad %s 2^%zu wrong: %d (USM), %d (buffers) elements\n", Type, Log2,
                 WrongUsm, WrongBuffer);
    return false;
  }
  std::printf("triad_%s_2^%zu_usm_gbps %.3f\n", Type, Log2, Bytes / TUsm / 1e9);
  std::printf("triad_%s_2^%zu_buffer_gbps %.3f\n", Type, Log2, Bytes / TBuffer / 1e9);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  const std::vector<size_t> Sizes = gpubench::log2_sizes(argc > 1 ? argv[1] : "25,28");
  sycl::queue Q;
  sycl::queue InOrder{Q.get_context(), Q.get_device(), sycl::property::queue::in_order()};
  std::fprintf(stderr, "device: %s\n", Q.get_device().get_info<sycl::info::device::name>().c_str());
  bool Fp64 = Q.get_device().has(sycl::aspect::fp64);
  for (size_t Log2 : Sizes) {
    if (!run<float>(InOrder, Q, Log2, "float") || (Fp64 && !run<double>(InOrder, Q, Log2, "double")))
      return 1;
  }
}
