// Hierarchical parallelism (SYCL 2020 3.9.5, 4.9.4.2.3): parallel_for_work_group
// with and without a work-group size, parallel_for_work_item with and without
// a logical range, h_item's ids and ranges, private_memory, work-group-scope
// variables shared by the group (local memory), work-group-scope code run once
// per group, and the barriers between work-item scopes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %syclcc -O2 %s -o %t/app && %t/app | FileCheck %s
// RUN: %syclcc -O0 %s -o %t/app0 && %t/app0 | FileCheck %s
// RUN: %if target-spir64 %{ smcp-dump %t/app --extract=%t && spirv-val %t/image0.spirv %}
#include <sycl/sycl.hpp>

#include <cstdio>

constexpr size_t Groups = 6, Local = 8;

// Work-group-scope variables are shared: work-items of one scope fill an
// array another scope reads at other indices; a sum computed at work-group
// scope reaches every work-item; private_memory keeps one value per work-item.
static bool shared_and_private(sycl::queue &Q) {
  int *Out = sycl::malloc_shared<int>(Groups * Local, Q);
  int *Sums = sycl::malloc_shared<int>(Groups, Q);
  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group(sycl::range<1>(Groups), sycl::range<1>(Local), [=](sycl::group<1> G) {
       int Shared[Local];
       int Total = 0;
       sycl::private_memory<int> Mine(G);
       G.parallel_for_work_item([&](sycl::h_item<1> It) {
         size_t L = It.get_local_id(0);
         Shared[L] = int(G.get_group_id(0) * 100 + L);
         Mine(It) = int(L) * 2;
       });
       for (size_t I = 0; I < Local; ++I)
         Total += Shared[I];
       G.parallel_for_work_item([&](sycl::h_item<1> It) {
         size_t L = It.get_local_id(0);
         Out[It.get_global_id(0)] = Shared[(L + 1) % Local] + Mine(It) + Total;
       });
       Sums[G.get_group_id(0)] = Total;
     });
   }).wait();
  bool Ok = true;
  for (size_t G = 0; G < Groups; ++G) {
    int Total = int(G * 100 * Local + Local * (Local - 1) / 2);
    Ok &= Sums[G] == Total;
    for (size_t L = 0; L < Local; ++L)
      Ok &= Out[G * Local + L] == int(G * 100 + (L + 1) % Local) + int(L) * 2 + Total;
  }
  sycl::free(Out, Q);
  sycl::free(Sums, Q);
  return Ok;
}

// Work-group-scope code runs once per group: a non-atomic increment per group
// of a per-group counter, a loop at work-group scope with work-item scopes in
// it, and a work-group-scope variable updated between them.
static bool once_per_group(sycl::queue &Q) {
  int *Count = sycl::malloc_shared<int>(Groups, Q);
  int *Trace = sycl::malloc_shared<int>(Groups * Local, Q);
  for (size_t I = 0; I < Groups; ++I)
    Count[I] = 0;
  for (size_t I = 0; I < Groups * Local; ++I)
    Trace[I] = 0;
  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group(sycl::range<1>(Groups), sycl::range<1>(Local), [=](sycl::group<1> G) {
       size_t Id = G.get_group_id(0);
       int Step = 1;
       for (int Round = 0; Round < 3; ++Round) {
         Count[Id] += 1;
         G.parallel_for_work_item([&](sycl::h_item<1> It) {
           Trace[It.get_global_id(0)] += Step;
         });
         Step *= 10;
       }
     });
   }).wait();
  bool Ok = true;
  for (size_t I = 0; I < Groups; ++I)
    Ok &= Count[I] == 3;
  for (size_t I = 0; I < Groups * Local; ++I)
    Ok &= Trace[I] == 111;
  sycl::free(Count, Q);
  sycl::free(Trace, Q);
  return Ok;
}

// A logical range larger than the physical one: every logical id once, with
// the logical and physical ids and ranges h_item reports.
static bool logical_range(sycl::queue &Q) {
  constexpr size_t LogX = 5, LogY = 6, PhysX = 2, PhysY = 3, GX = 2, GY = 3;
  constexpr size_t N = GX * LogX * GY * LogY;
  int *Hits = sycl::malloc_shared<int>(N, Q);
  int *Bad = sycl::malloc_shared<int>(1, Q);
  for (size_t I = 0; I < N; ++I)
    Hits[I] = 0;
  *Bad = 0;
  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group(sycl::range<2>(GX, GY), sycl::range<2>(PhysX, PhysY),
                               [=](sycl::group<2> G) {
       G.parallel_for_work_item(sycl::range<2>(LogX, LogY), [&](sycl::h_item<2> It) {
         sycl::id<2> Glob = It.get_global_id();
         bool Good = It.get_logical_local_range() == sycl::range<2>(LogX, LogY) &&
                     It.get_local_range() == It.get_logical_local_range() &&
                     It.get_physical_local_range() == sycl::range<2>(PhysX, PhysY) &&
                     It.get_global_range() == sycl::range<2>(GX * LogX, GY * LogY) &&
                     It.get_physical_local_id() == G.get_local_id() &&
                     Glob[0] == G.get_group_id(0) * LogX + It.get_logical_local_id(0) &&
                     Glob[1] == G.get_group_id(1) * LogY + It.get_logical_local_id(1) &&
                     It.get_global().get_linear_id() == Glob[0] * GY * LogY + Glob[1] &&
                     It.get_local() == It.get_logical_local() &&
                     It.get_physical_local().get_id() == It.get_physical_local_id();
         if (!Good)
           sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*Bad)++;
         sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(
             Hits[It.get_global().get_linear_id()])++;
       });
     });
   }).wait();
  bool Ok = *Bad == 0;
  for (size_t I = 0; I < N; ++I)
    Ok &= Hits[I] == 1;
  sycl::free(Hits, Q);
  sycl::free(Bad, Q);
  return Ok;
}

// Without a work-group size the implementation picks one; the work-item
// scope without a range covers that physical group exactly once.
static bool implicit_size(sycl::queue &Q) {
  constexpr size_t NumGroups = 5;
  size_t *Sizes = sycl::malloc_shared<size_t>(NumGroups, Q);
  int *Items = sycl::malloc_shared<int>(NumGroups, Q);
  sycl::buffer<int, 1> Buf{sycl::range<1>(NumGroups)};
  Q.submit([&](sycl::handler &H) {
     sycl::accessor Acc(Buf, H, sycl::write_only, sycl::no_init);
     H.parallel_for_work_group(sycl::range<1>(NumGroups), [=](sycl::group<1> G) {
       int N = 0;
       G.parallel_for_work_item([&](sycl::h_item<1> It) {
         sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group>(N)++;
         (void)It;
       });
       Items[G[0]] = N;
       Sizes[G.get_group_linear_id()] = G.get_local_range(0);
       Acc[G.get_group_id()] = int(G.get_group_id(0)) * 7;
     });
   }).wait();
  sycl::host_accessor HA(Buf);
  bool Ok = true;
  for (size_t I = 0; I < NumGroups; ++I)
    Ok &= Sizes[I] == Sizes[0] && Sizes[0] >= 1 && Items[I] == int(Sizes[0]) && HA[I] == int(I) * 7;
  sycl::free(Sizes, Q);
  sycl::free(Items, Q);
  return Ok;
}

// A named functor as the work-group function, three dimensions, and a
// kernel name.
struct Fill3D {
  int *Out;
  void operator()(sycl::group<3> G) const {
    size_t Base = G.get_group_linear_id() * 1000;
    G.parallel_for_work_item([&](sycl::h_item<3> It) {
      Out[It.get_global().get_linear_id()] = int(Base + It.get_physical_local().get_linear_id());
    });
  }
};

static bool functor_3d(sycl::queue &Q) {
  constexpr size_t N = 2 * 2 * 2 * 2 * 2 * 2;
  int *Out = sycl::malloc_shared<int>(N, Q);
  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group<class Named3D>(sycl::range<3>(2, 2, 2), sycl::range<3>(2, 2, 2),
                                              Fill3D{Out});
   }).wait();
  bool Ok = true;
  for (size_t X = 0; X < 4; ++X)
    for (size_t Y = 0; Y < 4; ++Y)
      for (size_t Z = 0; Z < 4; ++Z) {
        size_t Group = (X / 2) * 4 + (Y / 2) * 2 + Z / 2;
        size_t Local = (X % 2) * 4 + (Y % 2) * 2 + Z % 2;
        Ok &= Out[(X * 4 + Y) * 4 + Z] == int(Group * 1000 + Local);
      }
  sycl::free(Out, Q);
  return Ok;
}

int main() {
  sycl::queue Q;
  std::printf("shared and private: %s\n", shared_and_private(Q) ? "ok" : "FAILED");
  std::printf("once per group: %s\n", once_per_group(Q) ? "ok" : "FAILED");
  std::printf("logical range: %s\n", logical_range(Q) ? "ok" : "FAILED");
  std::printf("implicit size: %s\n", implicit_size(Q) ? "ok" : "FAILED");
  std::printf("functor 3d: %s\n", functor_3d(Q) ? "ok" : "FAILED");
}

// CHECK: shared and private: ok
// CHECK-NEXT: once per group: ok
// CHECK-NEXT: logical range: ok
// CHECK-NEXT: implicit size: ok
// CHECK-NEXT: functor 3d: ok
