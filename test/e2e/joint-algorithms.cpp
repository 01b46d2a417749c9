// Joint group algorithms (SYCL 2020 4.17.4) on work-groups and sub-groups:
// joint_reduce (with and without an initial value), joint_inclusive_scan and
// joint_exclusive_scan (both forms, ranges longer and shorter than the
// group, in place), joint_any_of/all_of/none_of; and the group members
// get_linear_id, async_work_group_copy (both directions, strided) and
// wait_for.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <functional>

using namespace sycl;

int main() {
  queue Q;
  constexpr size_t Groups = 4, Local = 32, N = 100; // N > Local: several chunks
  int *In = malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I % 7) + 1;
  int *Red = malloc_shared<int>(Groups * 4, Q);
  int *Incl = malloc_shared<int>(Groups * N, Q);
  int *Excl = malloc_shared<int>(Groups * N, Q);
  int *Flags = malloc_shared<int>(Groups * 4, Q);
  int *Short = malloc_shared<int>(Groups * 8, Q);

  Q.parallel_for(nd_range<1>(range<1>(Groups * Local), range<1>(Local)), [=](nd_item<1> It) {
     group<1> G = It.get_group();
     size_t Gid = G.get_linear_id();
     const int *First = In, *Last = In + N;
     int Sum = joint_reduce(G, First, Last, plus<>());
     int MaxPlus = joint_reduce(G, First, Last, 1000, maximum<int>());
     int Prod = joint_reduce(G, First, First + 5, std::multiplies<>());
     long Wide = joint_reduce(G, First, Last, long(Gid), std::plus<long>());
     int *I0 = Incl + Gid * N, *E0 = Excl + Gid * N;
     int *IEnd = joint_inclusive_scan(G, First, Last, I0, plus<int>());
     int *EEnd = joint_exclusive_scan(G, First, Last, E0, int(Gid), std::plus<>());
     bool Any = joint_any_of(G, First, Last, [](int X) { return X == 7; });
     bool All = joint_all_of(G, First, Last, [](int X) { return X >= 1; });
     bool None = joint_none_of(G, First, Last, [](int X) { return X > 7; });
     bool NotAll = joint_all_of(G, First, Last, [](int X) { return X < 7; });
     // A range shorter than the group, scanned in place.
     int *S = Short + Gid * 8;
     if (It.get_local_id(0) < 8)
       S[It.get_local_id(0)] = 2;
     group_barrier(G);
     joint_inclusive_scan(G, S, S + 8, S, std::multiplies<>(), 3);
     if (G.leader()) {
       Red[Gid * 4 + 0] = Sum;
       Red[Gid * 4 + 1] = MaxPlus;
       Red[Gid * 4 + 2] = Prod;
       Red[Gid * 4 + 3] = int(Wide);
       Flags[Gid * 4 + 0] = Any + 2 * All + 4 * None + 8 * NotAll;
       Flags[Gid * 4 + 1] = int(IEnd - I0);
       Flags[Gid * 4 + 2] = int(EEnd - E0);
     }
   }).wait();

  int Total = 0;
  for (size_t I = 0; I < N; ++I)
    Total += In[I];
  for (size_t Gid = 0; Gid < Groups; ++Gid) {
    EXPECT(Red[Gid * 4 + 0] == Total);
    EXPECT(Red[Gid * 4 + 1] == 1000);
    EXPECT(Red[Gid * 4 + 2] == 1 * 2 * 3 * 4 * 5);
    EXPECT(Red[Gid * 4 + 3] == Total + int(Gid));
    EXPECT(Flags[Gid * 4 + 0] == 1 + 2 + 4);
    EXPECT(Flags[Gid * 4 + 1] == int(N) && Flags[Gid * 4 + 2] == int(N));
    int Run = 0;
    bool ScansOk = true;
    for (size_t I = 0; I < N; ++I) {
      ScansOk &= Excl[Gid * N + I] == int(Gid) + Run;
      Run += In[I];
      ScansOk &= Incl[Gid * N + I] == Run;
    }
    EXPECT(ScansOk);
    EXPECT(Short[Gid * 8 + 0] == 6 && Short[Gid * 8 + 7] == 3 * 256);
  }

  // Sub-groups: each one reduces and scans the same short range.
  // (A joint call takes the same arguments in every work-item of the group:
  // one result range per sub-group.)
  int *SubRed = malloc_shared<int>(Local, Q);
  int *SubScan = malloc_shared<int>(Local * 10, Q);
  int *SubGroups = malloc_shared<int>(1, Q);
  Q.parallel_for(nd_range<1>(range<1>(Local), range<1>(Local)), [=](nd_item<1> It) {
     sub_group SG = It.get_sub_group();
     size_t L = It.get_local_linear_id();
     SubRed[L] = joint_reduce(SG, In, In + 10, plus<int>()) +
                 100 * joint_any_of(SG, In, In + 10, [](int X) { return X == 3; });
     joint_exclusive_scan(SG, In, In + 10, SubScan + SG.get_group_linear_id() * 10, plus<int>());
     if (L == 0)
       SubGroups[0] = int(SG.get_group_linear_range());
   }).wait();
  bool SubOk = SubGroups[0] >= 1 && size_t(SubGroups[0]) <= Local;
  for (size_t L = 0; L < Local; ++L)
    SubOk &= SubRed[L] == 1 + 2 + 3 + 4 + 5 + 6 + 7 + 1 + 2 + 3 + 100;
  for (int G = 0; SubOk && G < SubGroups[0]; ++G)
    SubOk &= SubScan[G * 10 + 0] == 0 && SubScan[G * 10 + 9] == 1 + 2 + 3 + 4 + 5 + 6 + 7 + 1 + 2;
  EXPECT(SubOk);

  // async_work_group_copy: global -> local (strided), local -> global
  // (strided), wait_for; get_linear_id is the group's linear id.
  {
    constexpr size_t M = 40;
    buffer<int> Src{range<1>(Groups * M * 2)}, Dst{range<1>(Groups * M * 3)};
    buffer<size_t> Ids{range<1>(Groups)};
    {
      host_accessor<int> H(Src);
      for (size_t I = 0; I < H.size(); ++I)
        H[I] = int(I);
    }
    Q.submit([&](handler &H) {
      accessor S(Src, H, read_only);
      accessor D(Dst, H, write_only, no_init);
      accessor Id(Ids, H, write_only, no_init);
      local_accessor<int, 1> Tile(range<1>(M), H);
      H.parallel_for(nd_range<2>(range<2>(Groups, 8), range<2>(1, 8)), [=](nd_item<2> It) {
        group<2> G = It.get_group();
        size_t Gid = G.get_linear_id();
        // Every second element of the group's slice.
        device_event E1 = G.async_work_group_copy(
            Tile.get_multi_ptr<access::decorated::no>(),
            S.get_multi_ptr<access::decorated::no>() + Gid * M * 2, M, 2);
        G.wait_for(E1);
        if (G.leader())
          for (size_t K = 0; K < M; ++K)
            Tile[K] = -Tile[K];
        group_barrier(G);
        local_ptr<int> TilePtr = Tile.get_pointer();
        device_event E2 = G.async_work_group_copy(
            D.get_multi_ptr<access::decorated::no>() + Gid * M * 3,
            local_ptr<const int>(TilePtr), M, 3);
        G.wait_for(E1, E2);
        if (G.leader())
          Id[Gid] = G.get_group_linear_id() * 100 + Gid;
      });
    });
    host_accessor D(Dst, read_only);
    host_accessor Id(Ids, read_only);
    bool CopyOk = true;
    for (size_t Gid = 0; Gid < Groups; ++Gid) {
      CopyOk &= Id[Gid] == Gid * 101;
      for (size_t K = 0; K < M; ++K)
        CopyOk &= D[Gid * M * 3 + K * 3] == -int(Gid * M * 2 + K * 2);
    }
    EXPECT(CopyOk);
  }

  for (void *P : {(void *)In, (void *)Red, (void *)Incl, (void *)Excl, (void *)Flags,
                  (void *)Short, (void *)SubRed, (void *)SubScan})
    free(P, Q);
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
