// The accessor and buffer API of SYCL 2020 4.7: the implicit accessor
// conversions (read_write -> read with const or non-const data, read <->
// const read, read_write -> write, placeholder <-> non-placeholder) on device
// and host accessors; buffer::get_access with tags and no_init; the
// local_accessor container members; a 0-dimensional accessor of an empty
// buffer is empty; buffer(shared_ptr<T[]>) with an allocator; std::hash of
// every reference-semantic class; exception(context, ...) and
// queue::submit(cgf, secondary_queue).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdio>
#include <memory>
#include <type_traits>
#include <unordered_set>

using namespace sycl;


using rw_acc = accessor<int, 1, access_mode::read_write>;
using ro_acc = accessor<int, 1, access_mode::read>;
using cro_acc = accessor<const int, 1, access_mode::read>;
using wo_acc = accessor<int, 1, access_mode::write>;
using ph_acc = accessor<int, 1, access_mode::read_write, target::device,
                        access::placeholder::true_t>;
// What converts, and what must not.
static_assert(std::is_convertible_v<rw_acc, cro_acc>);
static_assert(std::is_convertible_v<rw_acc, ro_acc>);
static_assert(std::is_convertible_v<ro_acc, cro_acc>);
static_assert(std::is_convertible_v<cro_acc, ro_acc>);
static_assert(std::is_convertible_v<rw_acc, wo_acc>);
static_assert(std::is_convertible_v<ph_acc, rw_acc>);
static_assert(std::is_convertible_v<rw_acc, ph_acc>);
static_assert(!std::is_convertible_v<cro_acc, rw_acc>);
static_assert(!std::is_convertible_v<ro_acc, rw_acc>);
static_assert(!std::is_convertible_v<wo_acc, rw_acc>);
static_assert(!std::is_convertible_v<wo_acc, ro_acc>);
static_assert(!std::is_convertible_v<rw_acc, accessor<float, 1, access_mode::read>>);
static_assert(!std::is_convertible_v<rw_acc, accessor<int, 2, access_mode::read>>);
static_assert(std::is_convertible_v<host_accessor<int>, host_accessor<const int, 1, access_mode::read>>);
static_assert(std::is_convertible_v<host_accessor<int>, host_accessor<int, 1, access_mode::write>>);
static_assert(!std::is_convertible_v<host_accessor<const int, 1, access_mode::read>, host_accessor<int>>);

// Kernels take the converted accessors.
static void sum_into(handler &H, cro_acc In, wo_acc Out) {
  H.single_task([=] {
    int S = 0;
    for (size_t I = 0; I < In.size(); ++I)
      S += In[I];
    Out[0] = S;
  });
}

int main() {
  queue Q;
  constexpr size_t N = 16;

  // Conversions in the command group: read_write -> const read and -> write.
  buffer<int> In{range<1>(N)}, Out{range<1>(1)};
  {
    host_accessor<int> H(In);
    for (size_t I = 0; I < N; ++I)
      H[I] = int(I + 1);
  }
  Q.submit([&](handler &H) {
    rw_acc A(In, H);
    rw_acc B(Out, H);
    sum_into(H, A, B); // both implicit
  });
  {
    host_accessor<int> H(Out);
    EXPECT(H[0] == int(N * (N + 1) / 2));
  }
  // Converted accessors compare equal to their source; a conversion inside
  // the kernel reads the same data.
  Q.submit([&](handler &H) {
    rw_acc A(In, H);
    cro_acc C = A;
    ro_acc R = C;
    EXPECT(C == cro_acc(A) && C.size() == N && R.get_range() == range<1>(N));
    accessor<int, 1, access_mode::write> W(Out, H);
    H.single_task([=] {
      ro_acc Again = A; // on the device too
      W[0] = Again[3] + R[4];
    });
  });
  EXPECT(host_accessor<int>(Out)[0] == 4 + 5);

  // Host accessors: read_write -> const read.
  {
    host_accessor<int> H(In);
    host_accessor<const int, 1, access_mode::read> C = H;
    EXPECT(C[7] == 8 && &C[7] == &H[7]);
  }

  // get_access with tags and no_init: the old contents are not copied in.
  Q.submit([&](handler &H) {
    auto W = In.get_access(H, write_only, no_init);
    static_assert(std::is_same_v<decltype(W), accessor<int, 1, access_mode::write, target::device>>);
    auto R = Out.get_access(H, read_only);
    static_assert(std::is_same_v<decltype(R), accessor<int, 1, access_mode::read, target::device>>);
    H.parallel_for(range<1>(N), [=](id<1> I) { W[I] = int(I[0]) * R[0]; });
  });
  {
    auto H = In.get_host_access(read_only);
    EXPECT(H[2] == 18 && H[15] == 135);
  }
  // Tag forms with a range and an offset.
  Q.submit([&](handler &H) {
    auto W = In.get_access(H, range<1>(4), id<1>(2), write_only);
    EXPECT(W.get_offset() == id<1>(2) && W.size() == 4);
    H.single_task([=] {
      for (auto &X : W)
        X = -1;
    });
  });
  {
    host_accessor<int, 1, access_mode::read> H(In);
    EXPECT(H[1] == 9 && H[2] == -1 && H[5] == -1 && H[6] == 54);
  }

  // local_accessor: const and reverse iterators, over one work-group.
  buffer<int> Rev{range<1>(8)};
  Q.submit([&](handler &H) {
    local_accessor<int, 1> L(range<1>(8), H);
    local_accessor<int, 0> Zero(H);
    accessor<int, 1, access_mode::write> W(Rev, H);
    EXPECT(Zero.size() == 1 && !Zero.empty() && L.max_size() >= 8);
    static_assert(std::is_same_v<decltype(L.crbegin()), std::reverse_iterator<const int *>>);
    static_assert(std::is_same_v<local_accessor<int, 1>::difference_type, std::ptrdiff_t>);
    H.parallel_for(nd_range<1>(range<1>(8), range<1>(8)), [=](nd_item<1> It) {
      L[It.get_local_id(0)] = int(It.get_local_id(0)) * 10;
      group_barrier(It.get_group());
      if (It.get_local_id(0) == 0) {
        size_t K = 0;
        for (auto P = L.crbegin(); P != L.crend(); ++P)
          W[K++] = *P + int(L.cend() - L.cbegin());
        Zero = 5; // operator= of a 0-dimensional local accessor
        int &Z = Zero;
        Z -= 5;
        for (auto P = L.rbegin(); P != L.rend(); ++P)
          Z += *P;
        W[0] += Z; // 70 + 8 + 280
      }
    });
  });
  {
    host_accessor<int> H(Rev);
    EXPECT(H[0] == 358 && H[1] == 68 && H[7] == 8);
  }

  // 0-dimensional accessors: one element, none of an empty buffer; a default
  // accessor is empty.
  buffer<int> Empty{range<1>(0)};
  {
    host_accessor<int, 0> H0(Empty);
    EXPECT(H0.empty() && H0.size() == 0);
    host_accessor<int, 0> H1(Out);
    EXPECT(!H1.empty() && H1.size() == 1);
  }
  EXPECT((accessor<int, 0>().empty()));
  EXPECT((accessor<int, 1>().empty()));
  Q.submit([&](handler &H) {
    accessor<int, 0> A(Empty, H);
    EXPECT(A.empty() && A.byte_size() == 0);
  });

  // buffer(shared_ptr<T[]>, range, allocator): written back into the array.
  std::shared_ptr<int[]> Arr(new int[4]{1, 2, 3, 4});
  {
    buffer<int, 1, buffer_allocator<int>> B(Arr, range<1>(4), buffer_allocator<int>{});
    Q.submit([&](handler &H) {
      accessor A(B, H, read_write);
      H.single_task([=] {
        for (int I = 0; I < 4; ++I)
          A[I] *= 100;
      });
    });
  }
  EXPECT(Arr[0] == 100 && Arr[3] == 400);

  // std::hash agrees with operator== for every reference-semantic class.
  {
    auto Same = [](const auto &A, const auto &B) {
      using T = std::decay_t<decltype(A)>;
      return A == B && std::hash<T>()(A) == std::hash<T>()(B);
    };
    buffer<int> Copy = In;
    EXPECT(Same(In, Copy) && std::hash<buffer<int>>()(In) != std::hash<buffer<int>>()(Out));
    queue Q2 = Q;
    EXPECT(Same(Q, Q2) && Same(Q.get_device(), Q2.get_device()) &&
           Same(Q.get_context(), Q2.get_context()) &&
           Same(Q.get_device().get_platform(), Q2.get_device().get_platform()));
    event E = Q.single_task([] {});
    event E2 = E;
    EXPECT(Same(E, E2));
    E.wait();
    host_accessor<int> HA(In);
    auto HB = HA;
    EXPECT(Same(HA, HB));
    std::unordered_set<buffer<int>> Set{In, Copy, Out};
    EXPECT(Set.size() == 2);

    auto Bundle = get_kernel_bundle<bundle_state::executable>(Q.get_context());
    auto Bundle2 = Bundle;
    EXPECT(Same(Bundle, Bundle2));
    EXPECT(Bundle.begin() != Bundle.end() && Same(*Bundle.begin(), *Bundle2.begin()));
    auto Ids = Bundle.get_kernel_ids();
    EXPECT(!Ids.empty() && Same(Ids[0], Ids[0]));
    kernel K = Bundle.get_kernel(Ids[0]);
    kernel K2 = Bundle.get_kernel(Ids[0]);
    EXPECT(Same(K, K2));
  }
  Q.submit([&](handler &H) {
    rw_acc A(In, H);
    rw_acc B = A;
    local_accessor<int> L(range<1>(4), H), L2 = L;
    EXPECT(std::hash<rw_acc>()(A) == std::hash<rw_acc>()(B));
    EXPECT(L == L2 && std::hash<local_accessor<int>>()(L) == std::hash<local_accessor<int>>()(L2));
    H.single_task([=] { B[0] = A[0]; });
  });

  // Accessor properties: no_init, and nothing else.
  Q.submit([&](handler &H) {
    accessor A(Out, H, write_only, no_init);
    accessor B(In, H, read_only);
    EXPECT(A.has_property<property::no_init>() && !B.has_property<property::no_init>());
    EXPECT(!A.has_property<property::buffer::use_host_ptr>());
    (void)A.get_property<property::no_init>();
    bool Threw = false;
    try {
      (void)B.get_property<property::no_init>();
    } catch (const exception &E) {
      Threw = E.code() == errc::invalid;
    }
    EXPECT(Threw);
    local_accessor<int> L(range<1>(2), H);
    EXPECT(!L.has_property<property::no_init>());
    H.single_task([=] { A[0] = B[1]; });
  });
  {
    host_accessor<int, 1, access_mode::read> R(Out);
    EXPECT(!R.has_property<property::no_init>() && R[0] == 9);
  }
  EXPECT((host_accessor(Out, read_write, no_init).has_property<property::no_init>()));

  // exception(context, ...): every form carries the context.
  {
    context C = Q.get_context();
    exception E1(C, errc::invalid, std::string("a"));
    exception E2(C, errc::invalid, "b");
    exception E3(C, errc::runtime);
    exception E4(C, int(errc::build), sycl_category(), std::string("d"));
    exception E5(C, int(errc::build), sycl_category(), "e");
    exception E6(C, int(errc::kernel), sycl_category());
    EXPECT(E1.has_context() && E1.get_context() == C && std::string(E2.what()) == "b");
    EXPECT(E3.code() == errc::runtime && E4.code() == errc::build && E5.has_context());
    EXPECT(std::string(E4.what()) == "d" && E6.code() == errc::kernel && E6.get_context() == C);
  }

  // submit(cgf, secondary): a failure on the primary queue goes to the
  // secondary one; success stays on the primary.
  {
    queue Secondary(Q.get_context(), Q.get_device());
    int Calls = 0;
    buffer<int> One{range<1>(1)};
    event E = Q.submit(
        [&](handler &H) {
          if (Calls++ == 0)
            throw exception(errc::runtime, "primary refuses");
          accessor A(One, H, write_only, no_init);
          H.single_task([=] { A[0] = 77; });
        },
        Secondary);
    E.wait();
    EXPECT(Calls == 2 && host_accessor<int>(One)[0] == 77);
    Q.submit([&](handler &H) {
      ++Calls;
      accessor A(One, H, write_only);
      H.single_task([=] { A[0] = 78; });
    }, Secondary);
    EXPECT(Calls == 3 && host_accessor<int>(One)[0] == 78);
  }

  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
