// Accessors (SYCL 2020 4.7.6): CTAD tags, ranged accessors with offsets,
// 1-3 dimensions with id/size_t/nested subscripts, queries and pointers,
// placeholders with require, accessors inside captured structs,
// host_accessor, local_accessor in an nd_range kernel, and the handler's
// memory commands on accessors.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <numeric>
#include <vector>

using namespace sycl;

struct Pair {
  accessor<int, 1, access_mode::read> In;
  accessor<int, 1, access_mode::write> Out;
  int Scale;
};

int main() {
  queue Q;

  // CTAD types (ACC-2, ACC-5).
  buffer<int> B(range<1>(16));
  Q.submit([&](handler &H) {
    accessor R(B, H, read_only);
    accessor W(B, H, write_only, no_init);
    accessor RW(B, H);
    static_assert(std::is_same_v<decltype(R), accessor<int, 1, access_mode::read, target::device>>);
    static_assert(std::is_same_v<decltype(W), accessor<int, 1, access_mode::write>>);
    static_assert(std::is_same_v<decltype(RW), accessor<int, 1, access_mode::read_write>>);
    static_assert(std::is_same_v<decltype(R)::value_type, const int>);
    static_assert(std::is_same_v<decltype(R[0]), const int &>);
  });

  // Ranged accessors: acc[0] is buf[offset]; get_pointer ignores the offset;
  // a ranged no_init write keeps the elements outside its range.
  {
    host_accessor H(B, write_only);
    for (int I = 0; I < 16; ++I)
      H[I] = I;
  }
  Q.submit([&](handler &H) {
    accessor A(B, H, range<1>(4), id<1>(8), write_only, no_init);
    H.single_task([=] {
      for (size_t I = 0; I < A.size(); ++I)
        A[I] = 100 + int(A.get_offset()[0]) + int(I);
      A.get_pointer()[0] += 1000; // the buffer's start, not the range's
    });
  });
  {
    host_accessor H(B, read_only);
    std::printf("ranged: %d %d %d %d %d\n", H[0], H[7], H[8], H[11], H[12]);
  }
  // CHECK: ranged: 1000 7 108 111 12

  // 2-D and 3-D: id, nested subscripts, ranges, offsets and queries.
  buffer<int, 2> M(range<2>(4, 6));
  buffer<int, 3> C(range<3>(2, 3, 4));
  Q.submit([&](handler &H) {
    accessor A(M, H, write_only, no_init);
    accessor A3(C, H, write_only, no_init);
    H.parallel_for(range<2>(4, 6), [=](id<2> I) {
      A[I[0]][I[1]] = int(I[0] * 10 + I[1]);
      if (I[0] < 2 && I[1] < 3)
        for (size_t K = 0; K < 4; ++K)
          A3[I[0]][I[1]][K] = int(I[0] * 100 + I[1] * 10 + K);
    });
  });
  Q.submit([&](handler &H) {
    accessor A(M, H, range<2>(2, 3), id<2>(1, 2), read_write);
    H.parallel_for(A.get_range(), [=](id<2> I) { A[I] = -A[I]; });
  });
  {
    host_accessor H(M, read_only);
    host_accessor H3(C, read_only);
    std::printf("2-D: %d %d %d %d size %zu bytes %zu\n", H[0][5], H[id<2>(1, 2)], H[2][4],
                H[3][4], H.size(), H.byte_size());
    std::printf("3-D: %d %d\n", H3[1][2][3], H3[id<3>(0, 1, 2)]);
  }
  // CHECK: 2-D: 5 -12 -24 34 size 24 bytes 96
  // CHECK: 3-D: 123 12

  // Placeholder accessors with require; accessors inside a captured struct.
  buffer<int> In(range<1>(8)), Out(range<1>(8));
  {
    host_accessor H(In, write_only);
    std::iota(H.begin(), H.end(), 1);
  }
  accessor<int, 1, access_mode::read> PIn(In);
  accessor<int, 1, access_mode::write> POut(Out);
  std::printf("placeholder: %d\n", PIn.is_placeholder());
  // CHECK: placeholder: 1
  Q.submit([&](handler &H) {
    H.require(PIn);
    H.require(POut);
    Pair P{PIn, POut, 3};
    H.parallel_for(range<1>(8), [=](id<1> I) { P.Out[I] = P.In[I] * P.Scale; });
  });
  {
    host_accessor H(Out, read_only);
    std::printf("struct: %d %d sum %d\n", H[0], H[7], std::accumulate(H.begin(), H.end(), 0));
  }
  // CHECK: struct: 3 24 sum 108

  // local_accessor in an nd_range kernel: a per-group sum.
  buffer<int> Sums(range<1>(4));
  Q.submit([&](handler &H) {
    local_accessor<int, 1> Scratch(range<1>(16), H);
    accessor S(Sums, H, write_only, no_init);
    H.parallel_for(nd_range<1>(range<1>(64), range<1>(16)), [=](nd_item<1> It) {
      const size_t L = It.get_local_id(0);
      Scratch[L] = int(It.get_global_id(0));
      group_barrier(It.get_group());
      if (L == 0) {
        int T = 0;
        for (int K = 0; K < 16; ++K)
          T += Scratch[K];
        S[It.get_group(0)] = T;
      }
    });
  });
  {
    host_accessor H(Sums, read_only);
    std::printf("local: %d %d\n", H[0], H[3]);
  }
  // CHECK: local: 120 888

  // Memory commands: fill, copy to/from host memory and between accessors, update_host.
  buffer<int> F(range<1>(6)), G(range<1>(6));
  std::vector<int> Host(6, 0);
  Q.submit([&](handler &H) { H.fill(accessor(F, H, write_only), 5); });
  Q.submit([&](handler &H) { H.copy(accessor(F, H, read_only), Host.data()); });
  Q.wait();
  std::printf("fill+copy: %d %d\n", Host[0], Host[5]);
  // CHECK: fill+copy: 5 5
  std::vector<int> Src = {1, 2, 3, 4, 5, 6};
  Q.submit([&](handler &H) { H.copy(Src.data(), accessor(G, H, write_only)); });
  Q.submit([&](handler &H) {
    H.copy(accessor(G, H, range<1>(3), id<1>(3), read_only), accessor(F, H, range<1>(3), write_only));
  });
  Q.submit([&](handler &H) { H.update_host(accessor(F, H, read_only)); });
  {
    host_accessor H(F, read_only);
    std::printf("acc copy: %d %d %d %d\n", H[0], H[2], H[3], H[5]);
  }
  // CHECK: acc copy: 4 6 5 5

  // Queue shortcuts on a placeholder accessor (they require it themselves).
  accessor<int, 1, access_mode::read_write> PF(F);
  Q.fill(PF, 9);
  Q.copy(PF, Host.data());
  Q.wait();
  Q.copy(Src.data(), PF);
  Q.update_host(PF);
  Q.wait();
  std::printf("shortcuts: %d %d\n", Host[3], host_accessor(F, read_only)[5]);
  // CHECK: shortcuts: 9 6
  return 0;
}
