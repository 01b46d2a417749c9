// The joint group algorithms (SYCL 2020 4.17.4): a work-group or sub-group
// works on one range [First, Last) together. Each work-item takes every
// group-size-th element and the group combines the work-items' results with
// the *_over_group functions (group_algorithm.hpp); scans go chunk by chunk
// of one element per work-item, carrying the chunks' total. Every work-item
// of the group makes the same call with the same arguments; SYCL's function
// objects all have a known identity for the fundamental types these take.
#pragma once

#include "group_algorithm.hpp"

#include <iterator>
#include <type_traits>

namespace sycl {
namespace detail {

template <typename Ptr> using joint_value_t = typename std::iterator_traits<Ptr>::value_type;
template <typename Ptr, typename Op> constexpr joint_value_t<Ptr> joint_identity() {
  return known_identity_v<Op, joint_value_t<Ptr>>;
}

template <typename Group, typename Ptr, typename Predicate>
__attribute__((always_inline)) bool joint_any(Group G, Ptr First, Ptr Last, Predicate Pred) {
  bool Any = false;
  const size_t N = size_t(Last - First);
  for (size_t I = G.get_local_linear_id(); I < N; I += G.get_local_linear_range())
    Any = Any || bool(Pred(First[I]));
  return any_of_group(G, Any);
}

/// Scans [First, Last) into Result; Inclusive or exclusive, starting from
/// Init (the operation's identity when none is given).
template <bool Inclusive, typename Group, typename InPtr, typename OutPtr, typename T, typename Op>
__attribute__((always_inline)) OutPtr joint_scan(Group G, InPtr First, InPtr Last, OutPtr Result,
                                                 T Init, Op Combine) {
  const size_t N = size_t(Last - First), Size = G.get_local_linear_range();
  const size_t L = G.get_local_linear_id();
  const T Identity = known_identity_v<Op, T>;
  T Carry = Init;
  for (size_t Base = 0; Base < N; Base += Size) { // the same trip count for every work-item
    const size_t I = Base + L;
    const T X = I < N ? T(First[I]) : Identity;
    // Group functions outside the branch: every work-item takes part.
    const T Incl = inclusive_scan_over_group(G, X, Combine);
    T Mine = Incl;
    if constexpr (!Inclusive)
      Mine = exclusive_scan_over_group(G, X, Combine);
    if (I < N)
      Result[I] = Combine(Carry, Mine);
    Carry = Combine(Carry, group_broadcast(G, Incl, Size - 1));
  }
  return Result + (Last - First);
}

} // namespace detail

template <typename Group, typename Ptr, typename Predicate,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
bool joint_any_of(Group G, Ptr First, Ptr Last, Predicate Pred) {
  return detail::joint_any(G, First, Last, Pred);
}
template <typename Group, typename Ptr, typename Predicate,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
bool joint_all_of(Group G, Ptr First, Ptr Last, Predicate Pred) {
  return !detail::joint_any(G, First, Last, [&](const auto &X) { return !bool(Pred(X)); });
}
template <typename Group, typename Ptr, typename Predicate,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
bool joint_none_of(Group G, Ptr First, Ptr Last, Predicate Pred) {
  return !detail::joint_any(G, First, Last, Pred);
}

template <typename Group, typename Ptr, typename Op,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
detail::joint_value_t<Ptr> joint_reduce(Group G, Ptr First, Ptr Last, Op Combine) {
  using T = detail::joint_value_t<Ptr>;
  T Partial = known_identity_v<Op, T>;
  const size_t N = size_t(Last - First);
  for (size_t I = G.get_local_linear_id(); I < N; I += G.get_local_linear_range())
    Partial = Combine(Partial, T(First[I]));
  return reduce_over_group(G, Partial, Combine);
}
template <typename Group, typename Ptr, typename T, typename Op,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
T joint_reduce(Group G, Ptr First, Ptr Last, T Init, Op Combine) {
  T Partial = known_identity_v<Op, T>;
  const size_t N = size_t(Last - First);
  for (size_t I = G.get_local_linear_id(); I < N; I += G.get_local_linear_range())
    Partial = Combine(Partial, T(First[I]));
  return reduce_over_group(G, Partial, Init, Combine);
}

// Scans with an initial value; without one they start from the identity.
template <typename Group, typename InPtr, typename OutPtr, typename Op, typename T,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
OutPtr joint_inclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result, Op Combine, T Init) {
  return detail::joint_scan<true>(G, First, Last, Result, Init, Combine);
}
template <typename Group, typename InPtr, typename OutPtr, typename T, typename Op,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
OutPtr joint_exclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result, T Init, Op Combine) {
  return detail::joint_scan<false>(G, First, Last, Result, Init, Combine);
}
template <typename Group, typename InPtr, typename OutPtr, typename Op,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
OutPtr joint_inclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result, Op Combine) {
  return joint_inclusive_scan(G, First, Last, Result, Combine,
                              detail::joint_identity<OutPtr, Op>());
}
template <typename Group, typename InPtr, typename OutPtr, typename Op,
          typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
OutPtr joint_exclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result, Op Combine) {
  return joint_exclusive_scan(G, First, Last, Result, detail::joint_identity<OutPtr, Op>(),
                              Combine);
}

} // namespace sycl
