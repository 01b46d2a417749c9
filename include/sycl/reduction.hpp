// sycl::reduction (SYCL 2020 §4.9.2) over USM pointers and buffers, with
// range and nd_range parallel_for.
//
// One kernel does it all. Each work-item combines into private reducers;
// each work-group folds its work-items' values through work-group scratch
// memory (group-local memory; in one chunk for groups of up to 256 work-items,
// or 1,024 for small values, else chunk by chunk) and stores its partial
// result. A second kernel of the same command (handler's follow-up kernel),
// one work-group, folds the partials and the variable's original value
// (unless initialize_to_identity) into the variable. Values carry a "has a
// value" flag, so operations without a known identity work too. Range launches run as nd_range launches
// of up to 256 work-items per group and at most 1,024 groups: on GPUs each
// work-item covers every global-size-th element; on CPUs a contiguous run of
// elements, into eight lanes of reducers (range_index).
#pragma once

#include "accessor.hpp"
#include "buffer.hpp"
#include "detail/reduction_traits.hpp"
#include "detail/kernel_launch.hpp"
#include "functional.hpp"
#include "group.hpp"
#include "group_algorithm.hpp"
#include "kernel_handler.hpp"
#include "properties/reduction_properties.hpp"
#include "property_list.hpp"

#include <tuple>
#include <utility>

namespace sycl {

namespace detail {

/// What sycl::reduction returns: the variable (Var[0]) and how to combine
/// into it.
template <typename T, typename Op, typename VarT, bool HasIdentity> struct reduction_var {
  static constexpr bool has_identity = HasIdentity;
  VarT Var;
  T Identity;
  bool InitializeToIdentity;
  Op Combine;
  // Set at launch: one partial per work-group, with its "has a value" flag.
  T *Partials = nullptr;
  int *Has = nullptr;
};

template <typename T, typename Op> struct reducer_init {
  T Identity;
  Op Combine;
};

} // namespace detail

namespace detail {
/// The shorthand operators of a reducer (SYCL 2020 4.9.2.3), for the
/// operations that have them; Derived provides combine.
template <typename Derived, typename T, typename Op> class reducer_operators {
public:
  template <typename O = Op>
  std::enable_if_t<is_op_v<plus, O, T>, Derived &> operator+=(const T &X) {
    return self().combine(X);
  }
  template <typename O = Op>
  std::enable_if_t<is_op_v<multiplies, O, T>, Derived &> operator*=(const T &X) {
    return self().combine(X);
  }
  template <typename O = Op>
  std::enable_if_t<is_op_v<bit_and, O, T>, Derived &> operator&=(const T &X) {
    return self().combine(X);
  }
  template <typename O = Op>
  std::enable_if_t<is_op_v<bit_or, O, T>, Derived &> operator|=(const T &X) {
    return self().combine(X);
  }
  template <typename O = Op>
  std::enable_if_t<is_op_v<bit_xor, O, T>, Derived &> operator^=(const T &X) {
    return self().combine(X);
  }
  template <typename O = Op>
  std::enable_if_t<std::is_integral_v<T> && is_op_v<plus, O, T>, Derived &> operator++() {
    return self().combine(T(1));
  }

private:
  Derived &self() { return static_cast<Derived &>(*this); }
};
} // namespace detail

/// The handle a kernel combines into (one per reduction, by reference).
template <typename T, typename Op, bool HasIdentity = true>
class reducer : public detail::reducer_operators<reducer<T, Op, HasIdentity>, T, Op> {
public:
  /// Built by the reduction kernel in place (reducers cannot be copied).
  reducer(const detail::reducer_init<T, Op> &Init)
      : Value(Init.Identity), Has(HasIdentity), Ident(Init.Identity), Combiner(Init.Combine) {}
  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;

  reducer &combine(const T &X) {
    if constexpr (HasIdentity)
      Value = Combiner(Value, X);
    else {
      Value = Has ? Combiner(Value, X) : X;
      Has = true;
    }
    return *this;
  }
  T identity() const { return Ident; }
  static constexpr bool has_identity = HasIdentity;

  // Read by the reduction kernel.
  T Value;
  bool Has;

private:
  T Ident;
  Op Combiner;
};

namespace detail {
template <typename T, typename Op> T identity_or_default() {
  if constexpr (has_known_identity_v<Op, T>)
    return known_identity_v<Op, T>;
  else
    return T{};
}
template <typename T>
using device_accessor_t = accessor<T, 1, access_mode::read_write, target::device>;
} // namespace detail

template <typename T, typename Op>
detail::reduction_var<T, Op, T *, has_known_identity_v<Op, T>>
reduction(T *Var, Op Combine, const property_list &Props = {}) {
  return {Var, detail::identity_or_default<T, Op>(),
          Props.has_property<property::reduction::initialize_to_identity>(), Combine};
}

template <typename T, typename Op>
detail::reduction_var<T, Op> reduction(T *Var, const T &Identity, Op Combine,
                                       const property_list &Props = {}) {
  return {Var, Identity, Props.has_property<property::reduction::initialize_to_identity>(),
          Combine};
}

namespace detail {
/// A buffer reduction's variable: the one element of a one-element buffer
/// (errc::invalid otherwise, SYCL 2020 4.9.2).
template <typename T, typename A> device_accessor_t<T> reduction_variable(buffer<T, 1, A> &Buf,
                                                                          handler &H) {
  if (Buf.size() != 1)
    throw exception(make_error_code(errc::invalid),
                    "reduction: the buffer has " + std::to_string(Buf.size()) +
                        " elements; a reduction variable's buffer has exactly one");
  return device_accessor_t<T>(Buf, H);
}
} // namespace detail

template <typename T, typename A, typename Op>
detail::reduction_var<T, Op, detail::device_accessor_t<T>, has_known_identity_v<Op, T>>
reduction(buffer<T, 1, A> Buf, handler &H, Op Combine, const property_list &Props = {}) {
  return {detail::reduction_variable(Buf, H), detail::identity_or_default<T, Op>(),
          Props.has_property<property::reduction::initialize_to_identity>(), Combine};
}

template <typename T, typename A, typename Op>
detail::reduction_var<T, Op, detail::device_accessor_t<T>>
reduction(buffer<T, 1, A> Buf, handler &H, const T &Identity, Op Combine,
          const property_list &Props = {}) {
  return {detail::reduction_variable(Buf, H), Identity,
          Props.has_property<property::reduction::initialize_to_identity>(), Combine};
}

namespace detail {

constexpr size_t reduction_chunk = 256;
constexpr size_t max_range_reduction_groups = 1024;

/// Folds the group's (value, has) pairs (in work-item order without an
/// identity; in lanes with one); the leader gets the result. Uniform
/// control flow: every work-item reaches each barrier.
/// Capacity: the group has at most that many work-items (chosen at launch),
/// so they fold in one chunk and no barrier sits in a loop, which CPU
/// compilers such as PoCL turn into much slower code (3.5x on PoCL); 0: any
/// size, reduction_chunk work-items at a time.
template <size_t Capacity, bool AllHave, int Dims, typename T, typename Op>
__attribute__((always_inline)) void fold_group(group<Dims> G, T &Value, bool &Has, Op Combine) {
  constexpr bool SingleChunk = Capacity != 0;
  constexpr size_t Chunk = SingleChunk ? Capacity : reduction_chunk;
  size_t L = G.get_local_linear_id(), Size = G.get_local_linear_range();
  if constexpr (SingleChunk && AllHave) {
    if (sub_group_width() > 1) { // a tree of warp shuffles (a constant per target)
      Value = group_reduce_by_sub_groups(G, Value, Combine);
      Has = true;
      return;
    }
    T *Values = group_scratch<T>(Chunk);
    Values[L] = Value;
    group_barrier(G);
    if (L == 0)
      Value = fold_in_lanes(Values, Size, Combine);
    Has = L == 0;
    return;
  }
  T *Values = group_scratch<T>(Chunk);
  int *Flags = group_scratch<int>(Chunk);
  T Acc = Value;
  bool AccHas = false;
  if constexpr (SingleChunk) {
    Values[L] = Value;
    Flags[L] = Has;
    group_barrier(G);
    if (L == 0) {
      for (size_t K = 0; K < Size; ++K)
        if (Flags[K]) {
          Acc = AccHas ? Combine(Acc, Values[K]) : Values[K];
          AccHas = true;
        }
    }
    Value = Acc;
    Has = AccHas;
    return;
  }
  for (size_t Base = 0; Base < Size; Base += Chunk) {
    size_t N = Size - Base < Chunk ? Size - Base : Chunk;
    if (L >= Base && L < Base + N) {
      Values[L - Base] = Value;
      Flags[L - Base] = Has;
    }
    group_barrier(G);
    if (L == 0)
      for (size_t K = 0; K < N; ++K)
        if (Flags[K]) {
          Acc = AccHas ? Combine(Acc, Values[K]) : Values[K];
          AccHas = true;
        }
    group_barrier(G);
  }
  Value = Acc;
  Has = AccHas;
}

template <typename> struct reducer_of;
template <typename T, typename Op, typename VarT, bool HasIdentity>
struct reducer_of<reduction_var<T, Op, VarT, HasIdentity>> {
  using type = reducer<T, Op, HasIdentity>;
};
template <typename R> using reducer_of_t = typename reducer_of<std::decay_t<R>>::type;

/// N sets of reducers, built in place (reducers cannot be copied or moved).
template <typename Set, size_t N> struct lane_array {
  template <typename Make, size_t... L>
  lane_array(Make &MakeSet, std::index_sequence<L...>) : Sets{((void)L, MakeSet())...} {}
  Set Sets[N];
};

/// Folds reducer B's value into A's (lanes of one work-item).
template <typename Red, typename Op>
__attribute__((always_inline)) void merge_lane(Red &A, const Red &B, const Op &Combine) {
  if (!B.Has)
    return;
  A.Value = A.Has ? Combine(A.Value, B.Value) : B.Value;
  A.Has = true;
}

/// The kernel of a reduction launch. Index calls the user's kernel with each
/// index this work-item covers.
template <typename F, typename Reds, typename Index, size_t NumReds> struct reduction_kernel {
  F User;
  Reds Vars;
  Index MakeIndex;

  template <int Dims> void operator()(nd_item<Dims> It) const {
    run(It, std::make_index_sequence<NumReds>());
  }

  template <int Dims, size_t... I> void run(nd_item<Dims> It, std::index_sequence<I...>) const {
    using Set = std::tuple<reducer_of_t<std::tuple_element_t<I, Reds>>...>;
    auto MakeSet = [&] {
      return Set(reducer_init<decltype(std::get<I>(Vars).Identity),
                              decltype(std::get<I>(Vars).Combine)>{std::get<I>(Vars).Identity,
                                                                   std::get<I>(Vars).Combine}...);
    };
    // Index::lanes sets of reducers: the index hands element K of a run of
    // them to lane K, so that the lanes' combines are independent (CPUs
    // vectorise them); folded into lane 0 afterwards.
    lane_array<Set, Index::lanes> Lanes(MakeSet, std::make_index_sequence<Index::lanes>());
    MakeIndex.for_each(It, [&](const auto &At, auto Lane) {
      Set &Reducers = Lanes.Sets[Lane];
      // A kernel_handler may follow the reducers (specialization constants).
      if constexpr (std::is_invocable_v<const F &, decltype(At), decltype(std::get<I>(Reducers))...,
                                        kernel_handler>)
        User(At, std::get<I>(Reducers)..., header_access::make<kernel_handler>());
      else
        User(At, std::get<I>(Reducers)...);
    });
    for (size_t L = 1; L < Index::lanes; ++L)
      (merge_lane(std::get<I>(Lanes.Sets[0]), std::get<I>(Lanes.Sets[L]), std::get<I>(Vars).Combine),
       ...);
    Set &Reducers = Lanes.Sets[0];
    group<Dims> G = It.get_group();
    (publish<I>(G, std::get<I>(Reducers)), ...);
  }

  template <size_t I, int Dims, typename Red> void publish(group<Dims> G, Red &R) const {
    auto Value = R.Value;
    bool Has = R.Has;
    constexpr bool AllHave = std::decay_t<decltype(R)>::has_identity;
    fold_group<Index::fold_capacity, AllHave>(G, Value, Has, std::get<I>(Vars).Combine);
    if (G.leader()) {
      size_t Id = G.get_group_linear_id();
      std::get<I>(Vars).Partials[Id] = Value;
      if constexpr (!AllHave) // with an identity every group has a partial
        std::get<I>(Vars).Has[Id] = Has;
    }
  }
};

/// The follow-up kernel of a reduction launch: one work-group folds the
/// groups' partials, each work-item a contiguous run of them (CPUs) or every
/// local-range-th one (GPUs, wide sub-groups: contiguous loads across a
/// sub-group), then the group; the leader stores the result. A kernel of its
/// own because a CPU compiler such as PoCL runs the stretch of a kernel after
/// its last barrier as a loop over the work-items, which LLVM removes only
/// while the stretch holds no loop: the last group folding the partials in
/// the reduction's own kernel made every group pay that loop (an nd_range sum
/// on PoCL at a sixth of the speed).
template <typename Reds, size_t NumReds> struct reduction_fold_kernel {
  Reds Vars;
  size_t Groups;

  void operator()(nd_item<1> It) const { run(It.get_group(), std::make_index_sequence<NumReds>()); }

  template <size_t... I> void run(group<1> G, std::index_sequence<I...>) const {
    (fold(G, std::get<I>(Vars)), ...);
  }

  template <typename Var> void fold(group<1> G, const Var &R) const {
    using T = decltype(R.Identity);
    constexpr bool AllHave = Var::has_identity;
    T Acc = R.Identity;
    bool Has = AllHave;
    const size_t L = G.get_local_linear_id(), Items = G.get_local_linear_range();
    const bool Wide = sub_group_width() > 1;
    const size_t Per = (Groups + Items - 1) / Items;
    const size_t Begin = Wide ? L : L * Per, Step = Wide ? Items : 1;
    const size_t End = Wide ? Groups : Begin + Per < Groups ? Begin + Per : Groups;
    for (size_t K = Begin; K < End; K += Step)
      if (AllHave || R.Has[K]) {
        Acc = Has ? R.Combine(Acc, R.Partials[K]) : R.Partials[K];
        Has = true;
      }
    fold_group<reduction_chunk, AllHave>(G, Acc, Has, R.Combine);
    if (!G.leader())
      return;
    if (!R.InitializeToIdentity) {
      Acc = Has ? R.Combine(R.Var[0], Acc) : R.Var[0];
      Has = true;
    }
    if (Has)
      R.Var[0] = Acc;
  }
};

/// nd_range reductions: the user's own nd_item, in work-groups of at most
/// Capacity work-items (0: any number; see fold_group).
template <size_t Capacity> struct nd_item_index {
  static constexpr size_t fold_capacity = Capacity;
  static constexpr size_t lanes = 1;
  template <int Dims, typename Body> void for_each(const nd_item<Dims> &It, Body &&B) const {
    B(It, std::integral_constant<size_t, 0>());
  }
};

/// range reductions: item<Dims> (or id<Dims>) from the linear global id.
/// On GPUs (wide sub-groups) each work-item takes every global-size-th
/// element, so that a sub-group's loads are contiguous. On CPUs, where a
/// work-group's work-items run one after another in one thread, each
/// work-item takes a contiguous run of elements, lanes at a time, one to
/// each lane's reducers: the hardware prefetcher sees one stream and the
/// lanes' independent combines become vector instructions (one reducer
/// would chain every combine on the previous one). Neither way combines the
/// elements in their order; a reduction's order of combination is
/// unspecified. Lanes: 1 where the reducers' values are large (see
/// reduce_range).
template <int Dims, bool AsItem, size_t Lanes> struct range_index {
  static constexpr size_t fold_capacity = reduction_chunk; // launched with that many work-items
  static constexpr size_t lanes = Lanes;
  range<Dims> R;
  template <typename Body> void for_each(const nd_item<1> &It, Body &&B) const {
    if (sub_group_width() > 1)
      strided(It, B);
    else
      contiguous(It, B);
  }

  template <typename Body> void strided(const nd_item<1> &It, Body &B) const {
    constexpr std::integral_constant<size_t, 0> Lane0;
    size_t Size = R.size(), Stride = It.get_global_range(0), Lin = It.get_global_id(0);
    // Eight at a time with no exit between them, so that a work-item has
    // that many loads in flight.
    for (; Lin + 7 * Stride < Size; Lin += 8 * Stride)
      for (size_t K = 0; K < 8; ++K)
        B(at(Lin + K * Stride), Lane0);
    for (; Lin < Size; Lin += Stride)
      B(at(Lin), Lane0);
  }

  template <typename Body> void contiguous(const nd_item<1> &It, Body &B) const {
    size_t Size = R.size(), Items = It.get_global_range(0);
    // A whole number of lane runs per work-item, so that each run starts
    // aligned to the lanes (vector loads).
    size_t Per = ((Size + Items - 1) / Items + lanes - 1) / lanes * lanes;
    size_t Lin = It.get_global_id(0) * Per;
    if (Lin >= Size)
      return;
    size_t End = Size - Lin < Per ? Size : Lin + Per;
    // Row by row (one row: the whole range in one dimension), so that the
    // id's divisions happen once per row, not per element.
    const size_t Inner = R[Dims - 1];
    while (Lin < End) {
      id<Dims> Row = id_of(Lin);
      size_t Col = Row[Dims - 1];
      size_t Stop = End - Lin < Inner - Col ? End : Lin + (Inner - Col);
      for (; Lin + lanes <= Stop; Lin += lanes, Col += lanes)
        run_of_lanes(Row, Col, B, std::make_index_sequence<lanes>());
      for (; Lin < Stop; ++Lin, ++Col)
        B(make(Row, Col), std::integral_constant<size_t, 0>());
    }
  }

  template <typename Body, size_t... K>
  __attribute__((always_inline)) void run_of_lanes(const id<Dims> &Row, size_t Col, Body &B,
                                                   std::index_sequence<K...>) const {
    (B(make(Row, Col + K), std::integral_constant<size_t, K>()), ...);
  }
  id<Dims> id_of(size_t Lin) const {
    id<Dims> I;
    if constexpr (Dims == 1)
      I[0] = Lin; // no division in the common case
    else
      for (int D = Dims - 1; D >= 0; --D) {
        I[D] = Lin % R[D];
        Lin /= R[D];
      }
    return I;
  }
  /// Row's id with Col as its last coordinate, as the kernel takes it.
  auto make(id<Dims> Row, size_t Col) const {
    Row[Dims - 1] = Col;
    if constexpr (AsItem)
      return item<Dims>(R, Row, id<Dims>());
    else
      return Row;
  }
  auto at(size_t Lin) const {
    id<Dims> I = id_of(Lin);
    return make(I, I[Dims - 1]);
  }
};

template <typename Name, typename Index> struct reduction_name {};
template <typename Name, typename Index> struct reduction_fold_name {};

template <typename KernelName, typename Handler, int Dims, typename F, typename Index,
          typename... Reds>
void launch_reduction(Handler &H, const nd_range<Dims> &Geometry, Index MakeIndex, const F &User,
                      Reds... Vars) {
  size_t Groups = Geometry.get_group_range().size();
  auto Alloc = [&](auto &V) {
    using T = decltype(V.Identity);
    V.Partials = static_cast<T *>(header_access::temporary(H, sizeof(T) * Groups, false));
    if constexpr (!std::decay_t<decltype(V)>::has_identity)
      V.Has = static_cast<int *>(header_access::temporary(H, sizeof(int) * Groups, false));
  };
  (Alloc(Vars), ...);
  using Kernel = reduction_kernel<F, std::tuple<Reds...>, Index, sizeof...(Reds)>;
  using Name = reduction_name<kernel_name_t<KernelName, F>, Index>;
  launch_parallel_for<Name>(H, Geometry, Kernel{User, std::tuple<Reds...>(Vars...), MakeIndex});
  size_t Max = header_access::max_work_group_size(H);
  size_t Local = Max < reduction_chunk ? Max : reduction_chunk;
  using Fold = reduction_fold_kernel<std::tuple<Reds...>, sizeof...(Reds)>;
  header_access::expect_follow_up_kernel(H);
  launch_parallel_for<reduction_fold_name<kernel_name_t<KernelName, F>, Index>>(
      H, nd_range<1>(range<1>(Local), range<1>(Local)), Fold{std::tuple<Reds...>(Vars...), Groups});
}

/// Splits (reductions..., kernel) and launches.
template <typename KernelName, typename Handler, int Dims, typename... Rest, size_t... I>
void reduce_nd(Handler &H, const nd_range<Dims> &R, std::tuple<Rest...> Args,
               std::index_sequence<I...>) {
  // Groups of up to 1,024 work-items fold in one chunk where the values
  // take little work-group memory: each reduction's fold (and the last
  // group's) has its own 1,024 values (and "has" flags), at most 32 KiB
  // with 8 bytes of values in all, under CUDA's 48 KiB.
  constexpr size_t Bytes = (sizeof(decltype(std::get<I>(Args).Identity)) + ...);
  constexpr size_t Capacity = Bytes <= 8 ? scratch_size : reduction_chunk;
  if (R.get_local_range().size() <= Capacity)
    launch_reduction<KernelName>(H, R, nd_item_index<Capacity>{},
                                 std::get<sizeof...(Rest) - 1>(Args), std::get<I>(Args)...);
  else
    launch_reduction<KernelName>(H, R, nd_item_index<0>{}, std::get<sizeof...(Rest) - 1>(Args),
                                 std::get<I>(Args)...);
}

template <typename KernelName, typename Handler, int Dims, typename... Rest, size_t... I>
void reduce_range(Handler &H, const range<Dims> &R, std::tuple<Rest...> Args,
                  std::index_sequence<I...>) {
  const auto &User = std::get<sizeof...(Rest) - 1>(Args);
  using F = std::remove_cv_t<std::remove_reference_t<decltype(User)>>;
  size_t Max = header_access::max_work_group_size(H);
  size_t Local = Max < reduction_chunk ? Max : reduction_chunk;
  // Each work-item covers at least 16 elements: fewer groups mean fewer
  // partials and counter updates (measured on PoCL: 2.5 GB/s with one
  // element per item, 10-12 with 16 per item for 2^26 floats). At most
  // max_range_reduction_groups: enough to fill a GPU (an H100 holds 1,056
  // groups of 256), so that large ranges do not leave many partials.
  constexpr size_t PerItem = 16;
  size_t Groups = (R.size() + Local * PerItem - 1) / (Local * PerItem);
  Groups = Groups == 0 ? 1 : Groups < max_range_reduction_groups ? Groups : max_range_reduction_groups;
  nd_range<1> Geometry(range<1>(Groups * Local), range<1>(Local));
  // An item whenever the kernel accepts one (generic lambdas get items).
  constexpr bool AsItem =
      std::is_invocable_v<const F &, item<Dims>,
                          reducer_of_t<std::tuple_element_t<I, std::tuple<Rest...>>> &...> ||
      std::is_invocable_v<const F &, item<Dims>,
                          reducer_of_t<std::tuple_element_t<I, std::tuple<Rest...>>> &...,
                          kernel_handler>;
  // Eight lanes where the values are small: each lane holds them all, and
  // large ones (span reducers of many elements) would cost more to set up
  // and fold per work-item than the lanes save (and spill on GPUs).
  constexpr size_t Bytes = (sizeof(decltype(std::get<I>(Args).Identity)) + ...);
  constexpr size_t Lanes = Bytes <= 32 ? 8 : 1;
  launch_reduction<KernelName>(H, Geometry, range_index<Dims, AsItem, Lanes>{R}, User,
                               std::get<I>(Args)...);
}

} // namespace detail
} // namespace sycl

#include "detail/span_reduction.hpp"
