// How a kernel invocation in a command group reaches the device and the host.
//
// Device compile: the handler calls a kernel entry template below. Each is
// marked [[clang::sycl_kernel]]; the SMCP plugin finds their instantiations,
// lays out the functor's fields as kernel parameters (kernel_desc.hpp) and the
// device passes turn each instantiation into a real kernel named after
// __builtin_sycl_unique_stable_name(Name).
//
// Host compile: the handler hands the runtime the kernel's descriptor (the same
// name and the functor's size), the functor bytes and the launch range; the
// runtime finds the kernel's parameters in its device image. The descriptor's
// record lets the driver check that both compiles agree on the name and size.
#pragma once

#include "builtins.hpp"
#include "common.hpp"
#include "device_assert.hpp" // every TU with kernels: assert works in them
#include "kernel_desc.hpp"
#include "../group.hpp"
#include "hierarchical.hpp"
#include "../item.hpp"
#include "../kernel_handler.hpp"

#include <type_traits>

/// Marks a function that device code in other TUs may call. The plugin emits
/// such functions into the TU's device code; the device link resolves calls.
/// A standard attribute, so that others may follow it
/// (`SYCL_EXTERNAL [[sycl::device_has(...)]] void f();`).
#ifdef __SYCL_DEVICE_ONLY__
#define SYCL_EXTERNAL [[clang::annotate("sycl_external")]]
#else
#define SYCL_EXTERNAL
#endif

namespace sycl::detail {

/// Default kernel name type: the kernel is then named after its functor.
struct auto_name {};

template <typename Name, typename F>
using kernel_name_t = std::conditional_t<std::is_same_v<Name, auto_name>, F, Name>;

template <int Dims> launch_range make_launch_range(const range<Dims> &R) {
  launch_range L;
  L.dims = Dims;
  for (int D = 0; D < Dims; ++D)
    L.global[D] = R[D];
  return L;
}

/// A range whose ids start at an offset: handler::parallel_for(range, id, F),
/// which SYCL 2020 keeps from SYCL 1.2.1 (deprecated).
template <int Dims> struct offset_range {
  range<Dims> global;
  id<Dims> offset;
};

template <int Dims> launch_range make_launch_range(const offset_range<Dims> &R) {
  launch_range L = make_launch_range(R.global);
  for (int D = 0; D < Dims; ++D)
    L.offset[D] = R.offset[D];
  return L;
}

/// The launch geometry of an nd_range; a global size that is not a multiple
/// of the local size is errc::nd_range (the check lives in the runtime, which
/// also knows the device's work-group limits).
template <int Dims> launch_range make_launch_range(const nd_range<Dims> &R) {
  launch_range L = make_launch_range(R.get_global_range());
  for (int D = 0; D < Dims; ++D) {
    L.local[D] = R.get_local_range()[D];
    L.offset[D] = R.get_offset()[D];
  }
  return L;
}

/// The index object a kernel is called with, built from the index built-ins.
template <typename Index> struct current_index;

template <int Dims> struct current_index<id<Dims>> {
  static id<Dims> get() { return query_id<index_query::global_id, Dims>(); }
};

template <int Dims, bool WithOffset> struct current_index<item<Dims, WithOffset>> {
  static item<Dims, WithOffset> get() {
    return item<Dims, WithOffset>(query_range<index_query::global_size, Dims>(),
                                  query_id<index_query::global_id, Dims>(),
                                  query_id<index_query::global_offset, Dims>());
  }
};

template <int Dims> struct current_index<nd_item<Dims>> {
  static nd_item<Dims> get() { return nd_item<Dims>(typename nd_item<Dims>::make_tag()); }
};

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_KERNEL_ENTRY [[clang::sycl_kernel]] __attribute__((used))
#else
#define SMCP_KERNEL_ENTRY
#endif

// A kernel may take a kernel_handler as its last parameter (specialization
// constants); the entry then constructs one.
template <typename Name, typename F>
SMCP_KERNEL_ENTRY void kernel_entry_single_task(const F Kernel) {
  if constexpr (std::is_invocable_v<const F &, kernel_handler>)
    Kernel(header_access::make<kernel_handler>());
  else
    Kernel();
}

template <typename Name, typename F, typename Index>
SMCP_KERNEL_ENTRY void kernel_entry_parallel_for(const F Kernel) {
#ifdef __SYCL_DEVICE_ONLY__
  if constexpr (std::is_invocable_v<const F &, Index, kernel_handler>)
    Kernel(current_index<Index>::get(), header_access::make<kernel_handler>());
  else
    Kernel(current_index<Index>::get());
#else
  (void)Kernel;
#endif
}

/// Hierarchical kernels (detail/hierarchical.hpp): the work-group scope,
/// which every work-item calls; LowerWorkGroupScope makes its code run once
/// per group.
template <typename F, int Dims> SMCP_WORK_GROUP_SCOPE void work_group_scope(const F &Kernel) {
  group<Dims> G = group_factory<Dims>::make();
  if constexpr (std::is_invocable_v<const F &, group<Dims>, kernel_handler>)
    Kernel(G, header_access::make<kernel_handler>());
  else
    Kernel(G);
}

template <typename Name, typename F, typename Index>
SMCP_KERNEL_ENTRY void kernel_entry_work_group(const F Kernel) {
#ifdef __SYCL_DEVICE_ONLY__
  work_group_scope<F, Index::dimensions>(Kernel);
#else
  (void)Kernel;
#endif
}

/// The index type a range kernel is called with (SYCL 2020 4.9.4.2.1): an
/// item<Dims> whenever the functor accepts one - generic lambdas (auto) and
/// kernels taking id<Dims> or, for one dimension, size_t convert from it -,
/// item<Dims, false> for a kernel that asks for exactly that, id<Dims>
/// otherwise.
template <typename T> struct type_tag {
  using type = T;
};
/// (Asked lazily: a generic lambda's body is instantiated by the question, and
/// may only accept the item it is meant to get.)
template <typename F, int Dims, typename... Extra> auto range_index_of() {
  if constexpr (std::is_invocable_v<const F &, item<Dims>, Extra...>)
    return type_tag<item<Dims>>{};
  else if constexpr (std::is_invocable_v<const F &, item<Dims, false>, Extra...>)
    return type_tag<item<Dims, false>>{};
  else
    return type_tag<id<Dims>>{};
}
template <typename F, int Dims, typename... Extra>
using range_index_t = typename decltype(range_index_of<F, Dims, Extra...>())::type;

/// Does a range kernel take a kernel_handler after its index?
template <typename F, int Dims>
inline constexpr bool takes_kernel_handler_v =
    std::is_invocable_v<const F &, range_index_t<F, Dims, kernel_handler>, kernel_handler>;

/// Kernel Name's descriptor; odr-using the record keeps it in the object.
template <typename Name, typename F> const smcp::detail::kernel_info *host_kernel_info() {
  using use = smcp::detail::kernel_use<Name, F>;
  (void)&use::record;
  return &use::info;
}

} // namespace sycl::detail

namespace sycl::detail {

/// What handler::single_task does. Handler provides launch() (reached
/// through header_access), which copies the functor and records the launch.
template <typename KernelName, typename Handler, typename F>
void launch_single_task(Handler &H, const F &Kernel) {
  using Name = kernel_name_t<KernelName, F>;
#ifdef __SYCL_DEVICE_ONLY__
  (void)H;
  kernel_entry_single_task<Name>(Kernel);
#else
  header_access::launch(H, host_kernel_info<Name, F>(), &Kernel, sizeof(F), launch_range{});
#endif
}

template <typename Geometry, typename F> struct kernel_index;
template <int Dims, typename F> struct kernel_index<range<Dims>, F> {
  using type = std::conditional_t<takes_kernel_handler_v<F, Dims>,
                                  range_index_t<F, Dims, kernel_handler>, range_index_t<F, Dims>>;
};
template <int Dims, typename F>
struct kernel_index<offset_range<Dims>, F> : kernel_index<range<Dims>, F> {};
template <int Dims, typename F> struct kernel_index<nd_range<Dims>, F> {
  using type = nd_item<Dims>;
};

/// What handler::parallel_for_work_group does: an nd_range of Groups groups
/// of Local work-items.
template <typename KernelName, typename Handler, int Dims, typename F>
void launch_work_group(Handler &H, const range<Dims> &Groups, const range<Dims> &Local,
                       const F &Kernel) {
  constexpr bool TakesGroup = std::is_invocable_v<const F &, group<Dims>> ||
                              std::is_invocable_v<const F &, group<Dims>, kernel_handler>;
  static_assert(TakesGroup, "parallel_for_work_group: the kernel must take a sycl::group of the "
                            "range's dimensions (and optionally a kernel_handler)");
  using Name = kernel_name_t<KernelName, F>;
  if constexpr (TakesGroup) {
#ifdef __SYCL_DEVICE_ONLY__
    (void)H;
    (void)Groups;
    (void)Local;
    kernel_entry_work_group<Name, F, group<Dims>>(Kernel);
#else
    range<Dims> Global = Groups;
    for (int D = 0; D < Dims; ++D)
      Global[D] *= Local[D];
    header_access::launch(H, host_kernel_info<Name, F>(), &Kernel, sizeof(F),
                          make_launch_range(nd_range<Dims>(Global, Local)));
#endif
  }
}

/// What handler::parallel_for(range<Dims> or nd_range<Dims>, F) does.
template <typename KernelName, typename Handler, typename Geometry, typename F>
void launch_parallel_for(Handler &H, const Geometry &R, const F &Kernel) {
  using Name = kernel_name_t<KernelName, F>;
#ifdef __SYCL_DEVICE_ONLY__
  (void)H;
  (void)R;
  kernel_entry_parallel_for<Name, F, typename kernel_index<Geometry, F>::type>(Kernel);
#else
  header_access::launch(H, host_kernel_info<Name, F>(), &Kernel, sizeof(F),
                        make_launch_range(R));
#endif
}

} // namespace sycl::detail
