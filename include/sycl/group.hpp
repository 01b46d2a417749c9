// The work-group view of a kernel: nd_item, group and sub_group (SYCL 2020
// §4.9.1.5–4.9.1.8), group_barrier and atomic_fence. Every query reads the
// index built-ins; the objects hold no state, so copying them is free.
//
// Sub-groups: consecutive linear local ids, __smcp_sub_group_max_size() of
// them (a warp of 32 on NVPTX). Targets without sub-group support (spir64 on
// PoCL's CPU device, which reports none) have sub-groups of one work-item,
// which the specification allows.
#pragma once

#include "access.hpp"
#include "detail/abi/kernel_abi.h"
#include "detail/builtins.hpp"
#include "detail/hierarchical.hpp"
#include "detail/spirv_ops.hpp"
#include "device_event.hpp"
#include "h_item.hpp"
#include "item.hpp"
#include "memory_order.hpp"
#include "nd_range.hpp"

#include <type_traits>

namespace sycl {

template <int Dims> class nd_item;

namespace detail {
using Q = index_query;

template <index_query What, int Dims> id<Dims> query_id() {
  id<Dims> I;
  for (int D = 0; D < Dims; ++D)
    I[D] = query_index<What, Dims>(D);
  return I;
}

template <index_query What, int Dims> range<Dims> query_range() {
  if constexpr (Dims == 1)
    return range<1>(query_index<What, 1>(0));
  else if constexpr (Dims == 2)
    return range<2>(query_index<What, 2>(0), query_index<What, 2>(1));
  else
    return range<3>(query_index<What, 3>(0), query_index<What, 3>(1), query_index<What, 3>(2));
}

template <int Dims> size_t linearize(const id<Dims> &I, const range<Dims> &R) {
  size_t L = 0;
  for (int D = 0; D < Dims; ++D)
    L = L * R[D] + I[D];
  return L;
}

/// The primitive under every barrier, group algorithm and group-local
/// allocation: the plugin diagnoses it in kernels without work-groups.
__attribute__((annotate("smcp.work_group_only"))) inline void
control_barrier(memory_scope Execution, memory_scope Fence) {
#ifdef __SYCL_DEVICE_ONLY__
  __spirv_ControlBarrier(spirv_scope(Execution), spirv_scope(Fence),
                         spirv_semantics(memory_order::acq_rel));
#else
  (void)Execution;
  (void)Fence;
#endif
}

template <int Dims> struct group_factory;
template <typename Index> struct current_index;

template <int Dims> id<Dims> delinearize(size_t L, const range<Dims> &R) {
  id<Dims> I;
  for (int D = Dims - 1; D >= 0; --D) {
    I[D] = L % R[D];
    L /= R[D];
  }
  return I;
}
} // namespace detail

namespace detail {
/// async_work_group_copy's pointers: multi_ptrs of the same element type
/// (the source's may be const), one global and one local.
template <typename DestPtr, typename SrcPtr, typename = void>
inline constexpr bool group_copy_v = false;
template <typename DestPtr, typename SrcPtr>
inline constexpr bool group_copy_v<
    DestPtr, SrcPtr,
    std::void_t<decltype(DestPtr::address_space), decltype(SrcPtr::address_space),
                typename DestPtr::value_type, typename SrcPtr::value_type>> =
    std::is_same_v<typename DestPtr::value_type, std::remove_const_t<typename SrcPtr::value_type>> &&
    ((DestPtr::address_space == access::address_space::local_space &&
      SrcPtr::address_space == access::address_space::global_space) ||
     (DestPtr::address_space == access::address_space::global_space &&
      SrcPtr::address_space == access::address_space::local_space));
} // namespace detail

/// The index of a hierarchical kernel (parallel_for_work_group) carries the
/// mark of work-group kernels, like nd_item.
template <int Dims = 1> class SMCP_ABI_MARK(SMCP_ABI_ND_ITEM_MARK) group {
public:
  using id_type = id<Dims>;
  using range_type = range<Dims>;
  using linear_id_type = size_t;
  static constexpr int dimensions = Dims;
  static constexpr memory_scope fence_scope = memory_scope::work_group;
  /// sycl_ext_oneapi_local_memory needs the address space of group memory.
  static constexpr access::address_space address_space = access::address_space::local_space;

  id<Dims> get_group_id() const { return detail::query_id<detail::Q::group_id, Dims>(); }
  size_t get_group_id(int D) const { return detail::query_index<detail::Q::group_id, Dims>(D); }
  /// SYCL 1.2.1's names of get_group_id, deprecated by SYCL 2020.
  [[deprecated("use get_group_id")]] id<Dims> get_id() const { return get_group_id(); }
  [[deprecated("use get_group_id")]] size_t get_id(int D) const { return get_group_id(D); }
  id<Dims> get_local_id() const { return detail::query_id<detail::Q::local_id, Dims>(); }
  size_t get_local_id(int D) const { return detail::query_index<detail::Q::local_id, Dims>(D); }
  range<Dims> get_local_range() const { return detail::query_range<detail::Q::local_size, Dims>(); }
  size_t get_local_range(int D) const {
    return detail::query_index<detail::Q::local_size, Dims>(D);
  }
  range<Dims> get_group_range() const { return detail::query_range<detail::Q::num_groups, Dims>(); }
  size_t get_group_range(int D) const {
    return detail::query_index<detail::Q::num_groups, Dims>(D);
  }
  range<Dims> get_max_local_range() const { return get_local_range(); }
  size_t operator[](int D) const { return get_group_id(D); }
  size_t get_group_linear_id() const {
    return detail::linearize(get_group_id(), get_group_range());
  }
  size_t get_local_linear_id() const {
    return detail::linearize(get_local_id(), get_local_range());
  }
  size_t get_group_linear_range() const { return get_group_range().size(); }
  size_t get_local_linear_range() const { return get_local_range().size(); }
  bool leader() const { return get_local_linear_id() == 0; }
  /// SYCL 1.2.1's name of get_group_linear_id (still in use).
  size_t get_linear_id() const { return get_group_linear_id(); }

  /// Group copies between global and local memory (SYCL 2020 4.9.1.5,
  /// deprecated there, still used), from global_ptr to local_ptr or back
  /// (multi_ptrs of any decoration): every work-item of the group calls
  /// them with the same arguments; the work-items share the elements, and
  /// a barrier ends the call, so the copy is complete when it returns.
  /// Stride: the global side's distance between elements.
  template <typename DestPtr, typename SrcPtr,
            typename = std::enable_if_t<detail::group_copy_v<DestPtr, SrcPtr>>>
  device_event async_work_group_copy(DestPtr Dest, SrcPtr Src, size_t NumElements,
                                     size_t Stride = 1) const {
    constexpr bool ToLocal = DestPtr::address_space == access::address_space::local_space;
    return group_copy(Dest.get_raw(), Src.get_raw(), NumElements, ToLocal ? 1 : Stride,
                      ToLocal ? Stride : 1);
  }
  /// Waits for the given device_events (SYCL 2020 4.9.1.5).
  template <typename... Events> void wait_for(Events... E) const { (E.wait(), ...); }

  /// Hierarchical kernels (deprecated in SYCL 2020, still valid): Fn runs
  /// once per work-item of the group (logical range = physical range), or
  /// once per id of Logical, spread over the physical work-items. Both
  /// begin and end with a work-group barrier.
  template <typename F> SMCP_WORK_ITEM_SCOPE void parallel_for_work_item(const F &Fn) const {
    run_work_items(get_local_range(), Fn);
  }
  template <typename F>
  SMCP_WORK_ITEM_SCOPE void parallel_for_work_item(range<Dims> Logical, const F &Fn) const {
    run_work_items(Logical, Fn);
  }

  friend bool operator==(const group &A, const group &B) {
    return A.get_group_id() == B.get_group_id() && A.get_group_range() == B.get_group_range() &&
           A.get_local_range() == B.get_local_range();
  }
  friend bool operator!=(const group &A, const group &B) { return !(A == B); }

private:
  group() = default;
  friend struct detail::group_factory<Dims>;

  template <typename T>
  __attribute__((always_inline)) device_event group_copy(T *Dest, const T *Src, size_t N,
                                                         size_t DestStride,
                                                         size_t SrcStride) const {
    for (size_t I = get_local_linear_id(); I < N; I += get_local_linear_range())
      Dest[I * DestStride] = Src[I * SrcStride];
    detail::control_barrier(memory_scope::work_group, memory_scope::work_group);
    return device_event();
  }

  template <typename F>
  __attribute__((always_inline)) void run_work_items(const range<Dims> &Logical,
                                                     const F &Fn) const {
    detail::control_barrier(memory_scope::work_group, memory_scope::work_group);
    range<Dims> Physical = get_local_range();
    item<Dims, false> Phys(Physical, get_local_id(), id<Dims>());
    range<Dims> Global = get_group_range();
    for (int D = 0; D < Dims; ++D)
      Global[D] *= Logical[D];
    for (size_t L = get_local_linear_id(); L < Logical.size(); L += Physical.size()) {
      id<Dims> Local = detail::delinearize(L, Logical);
      id<Dims> GlobalId;
      for (int D = 0; D < Dims; ++D)
        GlobalId[D] = get_group_id(D) * Logical[D] + Local[D];
      Fn(h_item<Dims>(item<Dims, false>(Global, GlobalId, id<Dims>()),
                      item<Dims, false>(Logical, Local, id<Dims>()), Phys));
    }
    detail::control_barrier(memory_scope::work_group, memory_scope::work_group);
  }
};

namespace detail {
template <int Dims> struct group_factory {
  static group<Dims> make() { return group<Dims>(); }
};
} // namespace detail

namespace detail {
inline uint32_t sub_group_width() {
#ifdef __SYCL_DEVICE_ONLY__
  return __smcp_sub_group_max_size();
#else
  return 1;
#endif
}
} // namespace detail

class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  id<1> get_group_id() const { return id<1>(get_group_linear_id()); }
  id<1> get_local_id() const { return id<1>(get_local_linear_id()); }
  range<1> get_local_range() const { return range<1>(get_local_linear_range()); }
  range<1> get_max_local_range() const { return range<1>(detail::sub_group_width()); }
  range<1> get_group_range() const { return range<1>(get_group_linear_range()); }
  uint32_t get_group_linear_id() const { return work_group_linear_id() / detail::sub_group_width(); }
  uint32_t get_local_linear_id() const { return work_group_linear_id() % detail::sub_group_width(); }
  uint32_t get_group_linear_range() const {
    uint32_t W = detail::sub_group_width();
    return (work_group_size() + W - 1) / W;
  }
  /// The last sub-group of a work-group may have fewer work-items.
  uint32_t get_local_linear_range() const {
    uint32_t W = detail::sub_group_width();
    uint32_t Rest = work_group_size() - get_group_linear_id() * W;
    return Rest < W ? Rest : W;
  }
  bool leader() const { return get_local_linear_id() == 0; }

private:
  sub_group() = default;
  template <int> friend class nd_item;
  static uint32_t work_group_linear_id() {
    auto G = detail::group_factory<3>::make();
    return uint32_t(G.get_local_linear_id());
  }
  static uint32_t work_group_size() {
    auto G = detail::group_factory<3>::make();
    return uint32_t(G.get_local_linear_range());
  }
};

template <int Dims = 1> class SMCP_ABI_MARK(SMCP_ABI_ND_ITEM_MARK) nd_item {
public:
  static constexpr int dimensions = Dims;

  nd_item() = delete;

  id<Dims> get_global_id() const { return detail::query_id<detail::Q::global_id, Dims>(); }
  size_t get_global_id(int D) const { return detail::query_index<detail::Q::global_id, Dims>(D); }
  size_t get_global_linear_id() const {
    return detail::linearize(get_global_id() - get_offset(), get_global_range());
  }
  id<Dims> get_local_id() const { return detail::query_id<detail::Q::local_id, Dims>(); }
  size_t get_local_id(int D) const { return detail::query_index<detail::Q::local_id, Dims>(D); }
  size_t get_local_linear_id() const { return get_group().get_local_linear_id(); }
  group<Dims> get_group() const { return detail::group_factory<Dims>::make(); }
  size_t get_group(int D) const { return detail::query_index<detail::Q::group_id, Dims>(D); }
  size_t get_group_linear_id() const { return get_group().get_group_linear_id(); }
  sub_group get_sub_group() const { return sub_group(); }
  range<Dims> get_group_range() const { return detail::query_range<detail::Q::num_groups, Dims>(); }
  size_t get_group_range(int D) const {
    return detail::query_index<detail::Q::num_groups, Dims>(D);
  }
  range<Dims> get_global_range() const {
    return detail::query_range<detail::Q::global_size, Dims>();
  }
  size_t get_global_range(int D) const {
    return detail::query_index<detail::Q::global_size, Dims>(D);
  }
  range<Dims> get_local_range() const { return detail::query_range<detail::Q::local_size, Dims>(); }
  size_t get_local_range(int D) const {
    return detail::query_index<detail::Q::local_size, Dims>(D);
  }
  id<Dims> get_offset() const { return detail::query_id<detail::Q::global_offset, Dims>(); }
  nd_range<Dims> get_nd_range() const {
    return nd_range<Dims>(get_global_range(), get_local_range(), get_offset());
  }

  void barrier(access::fence_space = access::fence_space::global_and_local) const {
    detail::control_barrier(memory_scope::work_group, memory_scope::work_group);
  }
  void mem_fence(access::fence_space = access::fence_space::global_and_local) const {
#ifdef __SYCL_DEVICE_ONLY__
    __spirv_MemoryBarrier(detail::spirv_scope(memory_scope::work_group),
                          detail::spirv_semantics(memory_order::acq_rel));
#endif
  }

  friend bool operator==(const nd_item &A, const nd_item &B) {
    return A.get_global_id() == B.get_global_id() && A.get_nd_range() == B.get_nd_range();
  }
  friend bool operator!=(const nd_item &A, const nd_item &B) { return !(A == B); }

private:
  struct make_tag {};
  explicit nd_item(make_tag) {}
  template <typename> friend struct detail::current_index;
};

template <int Dims> void group_barrier(group<Dims>, memory_scope Fence = memory_scope::work_group) {
  detail::control_barrier(memory_scope::work_group, Fence);
}
inline void group_barrier(sub_group, memory_scope Fence = memory_scope::sub_group) {
  detail::control_barrier(memory_scope::sub_group, Fence);
}

inline void atomic_fence(memory_order Order, memory_scope Scope) {
#ifdef __SYCL_DEVICE_ONLY__
  __spirv_MemoryBarrier(detail::spirv_scope(Scope), detail::spirv_semantics(Order));
#else
  (void)Order;
  (void)Scope;
#endif
}

template <typename T> struct is_group : std::false_type {};
template <int Dims> struct is_group<group<Dims>> : std::true_type {};
template <> struct is_group<sub_group> : std::true_type {};
template <typename T> inline constexpr bool is_group_v = is_group<T>::value;

} // namespace sycl
