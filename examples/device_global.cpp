// sycl_ext_oneapi_device_global: a histogram that lives on the device across
// kernel launches. Each launch adds a batch of samples to the bins with
// atomics; the host sets the bins with a copy before the first batch and
// reads them back once at the end, never passing them as kernel arguments.
#include <sycl/sycl.hpp>

#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

constexpr int Bins = 16;
syclex::device_global<unsigned[Bins]> histogram;

int main() {
  constexpr size_t Batch = 1 << 14, Batches = 8;
  sycl::queue Q;
  std::printf("device: %s\n", Q.get_device().get_info<sycl::info::device::name>().c_str());

  unsigned Start[Bins] = {};
  Start[0] = 1000; // the copy before any kernel: the bins begin from here
  Q.copy(Start, histogram).wait();

  for (size_t B = 0; B < Batches; ++B)
    Q.parallel_for(sycl::range<1>(Batch), [=](sycl::id<1> I) {
      unsigned Sample = unsigned((I[0] * 7 + B * 3) % Bins);
      sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device>(
          histogram[Sample])++;
    });
  Q.wait();

  unsigned Result[Bins];
  Q.copy(histogram, Result).wait();
  unsigned Total = 0;
  for (unsigned Count : Result)
    Total += Count;
  std::printf("bins: %u samples (+1000 preset), bin 0 holds %u\n", Total - 1000, Result[0]);
  bool Ok = Total == Batch * Batches + 1000 && Result[0] == 1000 + Batch * Batches / Bins;
  std::printf("%s\n", Ok ? "device_global histogram: ok" : "device_global histogram: WRONG");
  return Ok ? 0 : 1;
}
