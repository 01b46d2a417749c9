// Group functions and algorithms (SYCL 2020 §4.17.3–4.17.4) for work-groups
// and sub-groups.
//
// Work-groups: the work-items exchange values through static work-group
// scratch memory per call site (group-local memory,
// device-passes/LowerGroupLocalMemory.cpp), atomics and a few barriers;
// scans of work-groups larger than the scratch array go chunk by chunk with
// a carried partial result. No backend support for collective operations is
// needed (PoCL has none).
// Every work-item of the group must make the same calls, as the
// specification requires.
//
// Sub-groups exchange values through the sub-group built-ins (shuffles of
// 32-bit words: warp shuffles on NVPTX); where sub-groups have one
// work-item (group.hpp) the exchanges are the identity. Work-group
// reductions go through sub-group reductions where sub-groups are wider.
#pragma once

#include "ext/oneapi/group_local_memory.hpp"
#include "atomic_ref.hpp"
#include "functional.hpp"
#include "group.hpp"

namespace sycl {
namespace detail {

constexpr size_t scratch_size = 1024;

template <typename T> __attribute__((always_inline)) T *group_scratch(size_t Count) {
#ifdef __SYCL_DEVICE_ONLY__
  return static_cast<T *>(__smcp_group_local_alloc(sizeof(T) * Count, alignof(T)));
#else
  (void)Count;
  return nullptr;
#endif
}

/// Combines X into *Acc atomically: a compare-exchange loop on the value's
/// bits, so any operation on any 4- or 8-byte type works.
template <typename T, typename Op>
__attribute__((always_inline)) void atomic_combine(T *Acc, T X, Op Combine) {
  using Bits = std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;
  atomic_ref<Bits, memory_order::relaxed, memory_scope::work_group> Ref(
      *reinterpret_cast<Bits *>(Acc));
  Bits Old = Ref.load();
  while (!Ref.compare_exchange_strong(Old, bit_cast<Bits>(Combine(bit_cast<T>(Old), X)))) {
  }
}

enum class shuffle_kind { index, xor_mask, down, up };

template <shuffle_kind K> __attribute__((always_inline)) unsigned shuffle_word(unsigned W, unsigned Arg) {
#ifdef __SYCL_DEVICE_ONLY__
  if constexpr (K == shuffle_kind::index)
    return __smcp_sub_group_shuffle(W, Arg);
  else if constexpr (K == shuffle_kind::xor_mask)
    return __smcp_sub_group_shuffle_xor(W, Arg);
  else if constexpr (K == shuffle_kind::down)
    return __smcp_sub_group_shuffle_down(W, Arg);
  else
    return __smcp_sub_group_shuffle_up(W, Arg);
#else
  (void)Arg;
  return W;
#endif
}

/// Any trivially copyable value, exchanged word by word.
template <shuffle_kind K, typename T> __attribute__((always_inline)) T sub_group_shuffle(T X, unsigned Arg) {
  static_assert(std::is_trivially_copyable_v<T>, "sub-group shuffles need trivially copyable types");
  constexpr size_t Words = (sizeof(T) + 3) / 4;
  unsigned Buf[Words] = {};
  __builtin_memcpy(Buf, &X, sizeof(T));
  for (size_t I = 0; I < Words; ++I)
    Buf[I] = shuffle_word<K>(Buf[I], Arg);
  T R = X;
  __builtin_memcpy(&R, Buf, sizeof(T));
  return R;
}

/// Combines the values of the sub-group's first Count lanes in lane order
/// (a tree over shuffles down) and gives every lane the result.
template <typename T, typename Op>
__attribute__((always_inline)) T sub_group_reduce(T X, uint32_t Lane, uint32_t Count, Op Combine) {
  for (uint32_t Off = 1; Off < sub_group_width(); Off <<= 1) {
    T Y = sub_group_shuffle<shuffle_kind::down>(X, Off);
    if (Lane + Off < Count)
      X = Combine(X, Y);
  }
  return sub_group_shuffle<shuffle_kind::index>(X, 0);
}

/// Inclusive scan over the sub-group's lanes (Hillis-Steele over shuffles up).
template <typename T, typename Op>
__attribute__((always_inline)) T sub_group_inclusive_scan(T X, uint32_t Lane, Op Combine) {
  for (uint32_t Off = 1; Off < sub_group_width(); Off <<= 1) {
    T Y = sub_group_shuffle<shuffle_kind::up>(X, Off);
    if (Lane >= Off)
      X = Combine(Y, X);
  }
  return X;
}

constexpr uint32_t max_sub_group_partials = 128;

/// Work-group reduction through sub-group reductions: each sub-group's
/// leader leaves its partial result, the first sub-group combines them.
/// Two barriers, no atomics (used where sub-groups are wide).
template <int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_reduce_by_sub_groups(group<Dims> G, T X, Op Combine) {
  uint32_t W = sub_group_width();
  uint32_t L = uint32_t(G.get_local_linear_id()), Size = uint32_t(G.get_local_linear_range());
  uint32_t Lane = L % W, SubGroup = L / W, SubGroups = (Size + W - 1) / W;
  T *Partials = group_scratch<T>(max_sub_group_partials);
  uint32_t Count = Size - SubGroup * W < W ? Size - SubGroup * W : W;
  T Partial = sub_group_reduce(X, Lane, Count, Combine);
  if (Lane == 0)
    Partials[SubGroup] = Partial;
  group_barrier(G);
  if (SubGroup == 0) {
    T Acc = Partials[Lane < SubGroups ? Lane : 0];
    for (uint32_t I = Lane + W; I < SubGroups; I += W)
      Acc = Combine(Acc, Partials[I]);
    Acc = sub_group_reduce(Acc, Lane, SubGroups < W ? SubGroups : W, Combine);
    if (Lane == 0)
      Partials[0] = Acc;
  }
  group_barrier(G);
  T Result = Partials[0];
  group_barrier(G); // the scratch may be reused by the next call
  return Result;
}

/// Values[0] combined with each of Values[1..Size), Size >= 1: in eight
/// independent accumulators when there are enough values, so that a CPU
/// overlaps (vectorises) the combines instead of waiting on each one. The
/// order of combination is not the values' order: for the commutative
/// operations that group algorithms and reductions take.
template <typename T, typename Op>
__attribute__((always_inline)) T fold_in_lanes(const T *Values, size_t Size, Op Combine) {
  constexpr size_t Lanes = 8;
  if (Size < 2 * Lanes) {
    T Acc = Values[0];
    for (size_t K = 1; K < Size; ++K)
      Acc = Combine(Acc, Values[K]);
    return Acc;
  }
  T Acc[Lanes];
  for (size_t J = 0; J < Lanes; ++J)
    Acc[J] = Values[J];
  size_t K = Lanes;
  for (; K + Lanes <= Size; K += Lanes)
    for (size_t J = 0; J < Lanes; ++J)
      Acc[J] = Combine(Acc[J], Values[K + J]);
  for (; K < Size; ++K)
    Acc[0] = Combine(Acc[0], Values[K]);
  for (size_t J = 1; J < Lanes; ++J)
    Acc[0] = Combine(Acc[0], Acc[J]);
  return Acc[0];
}

/// Work-group reduction where sub-groups have one work-item (CPUs; SPIR-V
/// targets): the first scratch_size work-items leave their values in the
/// scratch array, any further ones combine into it (compare-exchange; only
/// groups over scratch_size work-items have such work-items), and the
/// leader folds the array. One path with four barriers and none under a
/// condition: CPU compilers run each stretch between barriers as a loop over
/// the work-items (PoCL per local size, where the atomic stretch is empty for
/// groups the array holds), so a value per work-item costs a vector copy and
/// one fold (31 GB/s on PoCL for one float per work-item, where a
/// compare-exchange per work-item made 0.4).
template <int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_reduce_by_scratch(group<Dims> G, T X, Op Combine) {
  T *Values = group_scratch<T>(scratch_size);
  T *Result = group_scratch<T>(1);
  const size_t L = G.get_local_linear_id(), Size = G.get_local_linear_range();
  if (L < scratch_size)
    Values[L] = X;
  group_barrier(G);
  if (L >= scratch_size)
    atomic_combine(&Values[L % scratch_size], X, Combine);
  group_barrier(G);
  if (G.leader())
    *Result = fold_in_lanes(Values, Size < scratch_size ? Size : scratch_size, Combine);
  group_barrier(G);
  T R = *Result;
  group_barrier(G); // the scratch may be reused by the next call
  return R;
}

/// Work-group reduction through one atomically combined value: for groups
/// of more sub-groups than max_sub_group_partials on wide targets, where
/// scratch arrays would take the shared memory the kernel needs.
template <int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_reduce_by_atomics(group<Dims> G, T X, Op Combine) {
  T *Acc = group_scratch<T>(1);
  if (G.leader())
    *Acc = X;
  group_barrier(G);
  if (!G.leader())
    atomic_combine(Acc, X, Combine);
  group_barrier(G);
  T Result = *Acc;
  group_barrier(G); // the scratch may be reused by the next call
  return Result;
}

/// Work-group reduction: sub-group shuffles where sub-groups are wide
/// (GPUs; the width is a constant per target), the scratch array where they
/// have one work-item.
template <int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_reduce(group<Dims> G, T X, Op Combine) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "SMCP's work-group reductions support 4- and 8-byte types");
  if (sub_group_width() == 1)
    return group_reduce_by_scratch(G, X, Combine);
  if (G.get_local_linear_range() <= size_t(max_sub_group_partials) * sub_group_width())
    return group_reduce_by_sub_groups(G, X, Combine);
  return group_reduce_by_atomics(G, X, Combine);
}

/// Scans where sub-groups are wide (GPUs): each sub-group scans its lanes
/// with shuffles, the leader turns the full sub-groups' totals into the
/// prefix before each sub-group, and each work-item combines its sub-group's
/// prefix with its own result. Exclusive results (Inclusive == false) start
/// from Init.
template <bool Inclusive, int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_scan_by_sub_groups(group<Dims> G, T X, T Init, bool HasInit,
                                                          Op Combine) {
  uint32_t W = sub_group_width();
  uint32_t L = uint32_t(G.get_local_linear_id()), Size = uint32_t(G.get_local_linear_range());
  uint32_t Lane = L % W, SubGroup = L / W, SubGroups = (Size + W - 1) / W;
  T *Prefixes = group_scratch<T>(max_sub_group_partials);
  T Scan = sub_group_inclusive_scan(X, Lane, Combine);
  if (Lane == W - 1) // a full sub-group's total (the last one's is never needed)
    Prefixes[SubGroup] = Scan;
  group_barrier(G);
  if (L == 0) {
    T Acc = Init;
    for (uint32_t S = 0; S + 1 < SubGroups; ++S) {
      T Total = Prefixes[S];
      Prefixes[S] = Acc;
      Acc = S == 0 && !HasInit ? Total : Combine(Acc, Total);
    }
    Prefixes[SubGroups - 1] = Acc;
  }
  group_barrier(G);
  T Prefix = Prefixes[SubGroup];
  bool HasPrefix = SubGroup > 0 || HasInit;
  T Result = Scan;
  if constexpr (Inclusive) {
    if (HasPrefix)
      Result = Combine(Prefix, Scan);
  } else {
    T Before = sub_group_shuffle<shuffle_kind::up>(Scan, 1);
    Result = Lane == 0 ? Prefix : Combine(Prefix, Before);
  }
  group_barrier(G); // the scratch may be reused by the next call
  return Result;
}

/// The leader's part of a scan through the scratch array: Values[1..N] hold
/// a chunk's values; afterwards Values[K] holds the result before the
/// chunk's K-th value (exclusive) and Values[K + 1] the one including it,
/// starting from Carry (when HaveCarry), which ends as the chunk's result.
template <typename T, typename Op>
__attribute__((always_inline)) void scan_in_place(T *Values, size_t N, T &Carry, bool &HaveCarry,
                                                  Op Combine) {
  Values[0] = Carry;
  for (size_t K = 1; K <= N; ++K) {
    Carry = HaveCarry ? Combine(Carry, Values[K]) : Values[K];
    HaveCarry = true;
    Values[K] = Carry;
  }
}

/// Scans where sub-groups have one work-item (CPUs), of groups the scratch
/// array (Values: scratch_size + 1 values) holds: every work-item leaves its value, the leader scans them in
/// place, each reads its result. O(n) work where every work-item folding the
/// values before its own was O(n^2) (0.11 GB/s on PoCL for 256 floats per
/// group; 6.3 this way).
template <bool Inclusive, int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_scan_by_scratch(group<Dims> G, T *Values, T X, T Init,
                                                       bool HasInit, Op Combine) {
  size_t L = G.get_local_linear_id();
  Values[L + 1] = X;
  group_barrier(G);
  if (G.leader()) {
    T Carry = Init;
    bool HaveCarry = HasInit;
    scan_in_place(Values, G.get_local_linear_range(), Carry, HaveCarry, Combine);
  }
  group_barrier(G);
  T Result = Values[Inclusive ? L + 1 : L];
  group_barrier(G); // the scratch may be reused by the next call
  return Result;
}

/// Scans of groups larger than the scratch array: chunk by chunk, the
/// leader carrying the result of the chunks before. (A barrier in a loop
/// costs CPU compilers much more than the single chunk's three: 1.7 against
/// 6.3 GB/s on PoCL.)
template <bool Inclusive, int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_scan_in_chunks(group<Dims> G, T *Values, T X, T Init,
                                                      bool HasInit, Op Combine) {
  size_t L = G.get_local_linear_id(), Size = G.get_local_linear_range();
  T Result = Init;
  T Carry = Init; // the leader's: the result of the chunks so far
  bool HaveCarry = HasInit;
  for (size_t Base = 0; Base < Size; Base += scratch_size) {
    size_t N = Size - Base < scratch_size ? Size - Base : scratch_size;
    if (L >= Base && L < Base + N)
      Values[L - Base + 1] = X;
    group_barrier(G);
    if (G.leader())
      scan_in_place(Values, N, Carry, HaveCarry, Combine);
    group_barrier(G);
    if (L >= Base && L < Base + N)
      Result = Values[Inclusive ? L - Base + 1 : L - Base];
    group_barrier(G); // the next chunk, or call, reuses the scratch
  }
  return Result;
}

/// Work-group scans: sub-group shuffles where sub-groups are wide (GPUs),
/// else the scratch array in one chunk or several. The branches test the
/// group size, a constant where CPU compilers build the work-group function
/// (PoCL compiles per local size), so only one path's barriers remain there.
template <bool Inclusive, int Dims, typename T, typename Op>
__attribute__((always_inline)) T group_scan(group<Dims> G, T X, T Init, bool HasInit, Op Combine) {
  if (sub_group_width() > 1 &&
      G.get_local_linear_range() <= size_t(max_sub_group_partials) * sub_group_width())
    return group_scan_by_sub_groups<Inclusive>(G, X, Init, HasInit, Combine);
  // scratch_size + 1 values, shared by the two paths.
  T *Values = group_scratch<T>(scratch_size + 1);
  if (G.get_local_linear_range() <= scratch_size)
    return group_scan_by_scratch<Inclusive>(G, Values, X, Init, HasInit, Combine);
  return group_scan_in_chunks<Inclusive>(G, Values, X, Init, HasInit, Combine);
}

} // namespace detail

// --- group_broadcast ------------------------------------------------------
template <int Dims, typename T>
__attribute__((always_inline)) T group_broadcast(group<Dims> G, T X, size_t LocalLinearId) {
  T *Slot = detail::group_scratch<T>(1);
  if (G.get_local_linear_id() == LocalLinearId)
    *Slot = X;
  group_barrier(G);
  T Result = *Slot;
  group_barrier(G);
  return Result;
}
template <int Dims, typename T>
__attribute__((always_inline)) T group_broadcast(group<Dims> G, T X) {
  return group_broadcast(G, X, 0);
}
template <int Dims, typename T>
__attribute__((always_inline)) T group_broadcast(group<Dims> G, T X, id<Dims> LocalId) {
  return group_broadcast(G, X, detail::linearize(LocalId, G.get_local_range()));
}
template <typename T> T group_broadcast(sub_group, T X, size_t Lane = 0) {
  return detail::sub_group_shuffle<detail::shuffle_kind::index>(X, unsigned(Lane));
}
template <typename T> T group_broadcast(sub_group SG, T X, id<1> Lane) {
  return group_broadcast(SG, X, Lane[0]);
}

// --- reduce / scans ---------------------------------------------------------
template <int Dims, typename T, typename Op>
__attribute__((always_inline)) T reduce_over_group(group<Dims> G, T X, Op Combine) {
  return detail::group_reduce(G, X, Combine);
}
template <int Dims, typename V, typename T, typename Op>
__attribute__((always_inline)) T reduce_over_group(group<Dims> G, V X, T Init, Op Combine) {
  return Combine(Init, detail::group_reduce(G, T(X), Combine));
}
template <int Dims, typename T, typename Op>
__attribute__((always_inline)) T inclusive_scan_over_group(group<Dims> G, T X, Op Combine) {
  return detail::group_scan<true>(G, X, X, false, Combine);
}
template <int Dims, typename V, typename Op, typename T>
__attribute__((always_inline)) T inclusive_scan_over_group(group<Dims> G, V X, Op Combine, T Init) {
  return detail::group_scan<true>(G, T(X), Init, true, Combine);
}
template <int Dims, typename T, typename Op>
__attribute__((always_inline)) T exclusive_scan_over_group(group<Dims> G, T X, Op Combine) {
  return detail::group_scan<false>(G, X, known_identity_v<Op, T>, true, Combine);
}
template <int Dims, typename V, typename T, typename Op>
__attribute__((always_inline)) T exclusive_scan_over_group(group<Dims> G, V X, T Init, Op Combine) {
  return detail::group_scan<false>(G, T(X), Init, true, Combine);
}

template <typename T, typename Op> T reduce_over_group(sub_group SG, T X, Op Combine) {
  return detail::sub_group_reduce(X, SG.get_local_linear_id(), SG.get_local_linear_range(), Combine);
}
template <typename V, typename T, typename Op> T reduce_over_group(sub_group SG, V X, T Init, Op C) {
  return C(Init, reduce_over_group(SG, T(X), C));
}
template <typename T, typename Op> T inclusive_scan_over_group(sub_group SG, T X, Op Combine) {
  return detail::sub_group_inclusive_scan(X, SG.get_local_linear_id(), Combine);
}
template <typename V, typename Op, typename T>
T inclusive_scan_over_group(sub_group SG, V X, Op C, T Init) {
  T Scan = inclusive_scan_over_group(SG, T(X), C);
  return C(Init, Scan);
}
template <typename V, typename T, typename Op> T exclusive_scan_over_group(sub_group SG, V X, T Init, Op C) {
  T Scan = inclusive_scan_over_group(SG, T(X), C);
  T Before = detail::sub_group_shuffle<detail::shuffle_kind::up>(Scan, 1);
  return SG.get_local_linear_id() == 0 ? Init : C(Init, Before);
}
template <typename T, typename Op> T exclusive_scan_over_group(sub_group SG, T X, Op C) {
  return exclusive_scan_over_group(SG, X, known_identity_v<Op, T>, C);
}

// --- any / all / none -------------------------------------------------------
template <typename Group> bool any_of_group(Group G, bool Pred) {
  return reduce_over_group(G, int(Pred), maximum<int>()) != 0;
}
template <typename Group> bool all_of_group(Group G, bool Pred) {
  return reduce_over_group(G, int(Pred), minimum<int>()) != 0;
}
template <typename Group> bool none_of_group(Group G, bool Pred) { return !any_of_group(G, Pred); }
template <typename Group, typename T, typename Predicate>
bool any_of_group(Group G, T X, Predicate P) {
  return any_of_group(G, bool(P(X)));
}
template <typename Group, typename T, typename Predicate>
bool all_of_group(Group G, T X, Predicate P) {
  return all_of_group(G, bool(P(X)));
}
template <typename Group, typename T, typename Predicate>
bool none_of_group(Group G, T X, Predicate P) {
  return none_of_group(G, bool(P(X)));
}

// --- sub-group shuffles -------------------------------------------------------
template <typename T> T shift_group_left(sub_group, T X, size_t Delta = 1) {
  return detail::sub_group_shuffle<detail::shuffle_kind::down>(X, unsigned(Delta));
}
template <typename T> T shift_group_right(sub_group, T X, size_t Delta = 1) {
  return detail::sub_group_shuffle<detail::shuffle_kind::up>(X, unsigned(Delta));
}
template <typename T> T permute_group_by_xor(sub_group, T X, size_t Mask) {
  return detail::sub_group_shuffle<detail::shuffle_kind::xor_mask>(X, unsigned(Mask));
}
template <typename T> T select_from_group(sub_group, T X, size_t Lane) {
  return detail::sub_group_shuffle<detail::shuffle_kind::index>(X, unsigned(Lane));
}
template <typename T> T select_from_group(sub_group SG, T X, id<1> Lane) {
  return select_from_group(SG, X, Lane[0]);
}

} // namespace sycl
