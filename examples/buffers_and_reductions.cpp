// Buffers and accessors, an nd_range kernel with work-group memory and a
// barrier, and a reduction: the data stays in buffers, the runtime moves it
// as the accessors' modes say, and the results are checked on the host.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  constexpr size_t N = 1 << 16, Group = 256;
  std::vector<float> Input(N);
  for (size_t I = 0; I < N; ++I)
    Input[I] = float(I % 100) * 0.5f;
  std::vector<float> Reversed(N);
  float Sum = 0;

  sycl::queue Q;
  std::printf("device: %s\n", Q.get_device().get_info<sycl::info::device::name>().c_str());
  {
    sycl::buffer<float> In(Input.data(), sycl::range<1>(N));
    sycl::buffer<float> Out(Reversed.data(), sycl::range<1>(N));
    sycl::buffer<float> Total(&Sum, 1);

    // Reverse each work-group's block through work-group memory.
    Q.submit([&](sycl::handler &H) {
      sycl::accessor Src(In, H, sycl::read_only);
      sycl::accessor Dst(Out, H, sycl::write_only, sycl::no_init);
      H.parallel_for(sycl::nd_range<1>(N, Group), [=](sycl::nd_item<1> It) {
        auto Block = sycl::ext::oneapi::group_local_memory_for_overwrite<float[Group]>(It.get_group());
        size_t L = It.get_local_id(0), Base = It.get_group(0) * Group;
        (*Block)[L] = Src[Base + L];
        sycl::group_barrier(It.get_group());
        Dst[Base + L] = (*Block)[Group - 1 - L];
      });
    });
    // Sum the input.
    Q.submit([&](sycl::handler &H) {
      sycl::accessor Src(In, H, sycl::read_only);
      H.parallel_for(sycl::range<1>(N), sycl::reduction(Total, H, sycl::plus<float>()),
                     [=](sycl::id<1> I, auto &S) { S += Src[I]; });
    });
  } // the buffers write back here

  double Want = 0;
  int Bad = 0;
  for (size_t I = 0; I < N; ++I) {
    Want += Input[I];
    size_t Base = I / Group * Group;
    Bad += Reversed[I] != Input[Base + Group - 1 - (I - Base)];
  }
  std::printf("reverse: %s, sum: %.1f (%s)\n", Bad ? "WRONG" : "correct", Sum,
              Sum == float(Want) ? "correct" : "WRONG");
  return Bad || Sum != float(Want);
}
