// sycl::handler (SYCL 2020 4.9.4): records the one command of a command group.
//
// The kernel members only forward to the kernel entry templates of
// detail/kernel_launch.hpp, which the compiler side owns; they are declared
// here and defined there so that this header (and the runtime, which may be
// built by any C++17 compiler) does not need the SYCL-mode builtins that file
// uses. <sycl/sycl.hpp> includes both.
#pragma once

#include "bundle_state.hpp"
#include "detail/common.hpp"
#include "detail/kernel_desc.hpp"
#include "event.hpp"
#include "exception.hpp"
#include "interop_handle.hpp"
#include "nd_range.hpp"
#include "range.hpp"
#include "specialization_id.hpp"

#include "detail/std_function.hpp"
#include "device_copyable.hpp"
#include "ext/oneapi/device_global/properties.hpp"
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace sycl {

class handler;

namespace detail {
struct auto_name;
template <int Dims> struct offset_range;
/// Is parallel_for(range, Rest...) the form with an offset (not reductions)?
template <int Dims, typename First, typename... Rest>
inline constexpr bool starts_with_offset_v = std::is_same_v<std::decay_t<First>, id<Dims>>;
template <typename KernelName, typename Handler, typename F>
void launch_single_task(Handler &H, const F &Kernel);
template <typename KernelName, typename Handler, typename Geometry, typename F>
void launch_parallel_for(Handler &H, const Geometry &R, const F &Kernel);
template <typename KernelName, typename Handler, int Dims, typename F>
void launch_work_group(Handler &H, const range<Dims> &Groups, const range<Dims> &Local,
                       const F &Kernel);
template <typename KernelName, typename Handler, int Dims, typename... Rest, size_t... I>
void reduce_range(Handler &H, const range<Dims> &R, std::tuple<Rest...> Args,
                  std::index_sequence<I...>);
template <typename KernelName, typename Handler, int Dims, typename... Rest, size_t... I>
void reduce_nd(Handler &H, const nd_range<Dims> &R, std::tuple<Rest...> Args,
               std::index_sequence<I...>);

// device_global copies (sycl_ext_oneapi_device_global).
template <typename T> struct is_device_global : std::false_type {};
template <typename T, typename P>
struct is_device_global<ext::oneapi::experimental::device_global<T, P>> : std::true_type {};
template <typename P>
using device_global_readable = std::enable_if_t<
    ext::oneapi::experimental::detail::device_global_traits<P>::host_can_read>;
template <typename P>
using device_global_writable = std::enable_if_t<
    ext::oneapi::experimental::detail::device_global_traits<P>::host_can_write>;
template <typename T>
inline constexpr size_t device_global_elements = sizeof(T) / sizeof(std::remove_all_extents_t<T>);
template <typename T> constexpr bool device_global_copyable() {
  static_assert(is_device_copyable_v<T>, "device_global copy/memcpy: T must be device copyable "
                                         "(trivially copyable, or sycl::is_device_copyable "
                                         "specialised for it)");
  return true;
}

inline void check_device_global_range(const char *What, size_t Total, size_t Count,
                                      size_t Start, const char *Unit) {
  if (Start <= Total && Count <= Total - Start)
    return;
  throw exception(errc::invalid, std::string("device_global ") + What + ": " +
                                     std::to_string(Count) + " " + Unit + " from " +
                                     std::to_string(Start) + " reach past the variable's " +
                                     std::to_string(Total) + " " + Unit);
}
} // namespace detail

class handler {
public:
  handler(const handler &) = delete;
  handler &operator=(const handler &) = delete;
  ~handler();

  void depends_on(event Dep);
  void depends_on(const std::vector<event> &Deps);

  /// Binds a placeholder accessor to this command group (no effect on others).
  template <typename AccT> void require(const AccT &Acc) {
    add_requirement(detail::header_access::record(Acc));
  }

  /// Runs F on the host, after the group's requirements and dependencies;
  /// F may take an interop_handle.
  template <typename F> void host_task(F &&Fn) {
    if constexpr (std::is_invocable_v<F &, interop_handle>)
      record_host_task(std::function<void(const interop_handle &)>(std::forward<F>(Fn)));
    else
      record_host_task([Fn = std::forward<F>(Fn)](const interop_handle &) mutable { Fn(); });
  }

  // Explicit memory commands with accessors (defined in accessor.hpp).
  template <typename SrcT, typename DestT,
            typename = std::enable_if_t<!detail::is_device_global<SrcT>::value &&
                                        !detail::is_device_global<DestT>::value>>
  void copy(SrcT Src, DestT Dest);
  template <typename AccT, typename T> void fill(AccT Dest, const T &Value);
  template <typename AccT> void update_host(AccT Acc);

  template <typename KernelName = detail::auto_name, typename F>
  void single_task(const F &K) {
    detail::launch_single_task<KernelName>(*this, K);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  void parallel_for(range<Dims> R, const F &K) {
    detail::launch_parallel_for<KernelName>(*this, R, K);
  }
  /// Ids from Offset to Offset + R (SYCL 2020 keeps this form, deprecated).
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  void parallel_for(range<Dims> R, id<Dims> Offset, const F &K) {
    detail::launch_parallel_for<KernelName>(*this, detail::offset_range<Dims>{R, Offset}, K);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  void parallel_for(nd_range<Dims> R, const F &K) {
    detail::launch_parallel_for<KernelName>(*this, R, K);
  }
  /// parallel_for(range | nd_range, reductions..., kernel) (reduction.hpp).
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest,
            typename = std::enable_if_t<(sizeof...(Rest) >= 2) &&
                                        !detail::starts_with_offset_v<Dims, Rest...>>>
  void parallel_for(range<Dims> R, Rest &&...Args) {
    detail::reduce_range<KernelName>(*this, R, std::forward_as_tuple(Args...),
                                     std::make_index_sequence<sizeof...(Rest) - 1>());
  }
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest,
            typename = std::enable_if_t<(sizeof...(Rest) >= 2)>>
  void parallel_for(nd_range<Dims> R, Rest &&...Args) {
    detail::reduce_nd<KernelName>(*this, R, std::forward_as_tuple(Args...),
                                  std::make_index_sequence<sizeof...(Rest) - 1>());
  }
  /// Hierarchical kernels (deprecated in SYCL 2020, still valid): K takes a
  /// group<Dims>; its work-group scope runs once per group, its
  /// group::parallel_for_work_item scopes once per work-item. Without a
  /// work-group size the implementation picks one (default_work_group_size).
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  void parallel_for_work_group(range<Dims> NumWorkGroups, const F &K) {
    detail::launch_work_group<KernelName>(*this, NumWorkGroups,
                                          default_work_group_size<Dims>(), K);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  void parallel_for_work_group(range<Dims> NumWorkGroups, range<Dims> WorkGroupSize,
                               const F &K) {
    detail::launch_work_group<KernelName>(*this, NumWorkGroups, WorkGroupSize, K);
  }

  /// parallel_for(N, f): a one-dimensional range given as an integer.
  template <typename KernelName = detail::auto_name, typename F>
  void parallel_for(size_t N, const F &K) {
    parallel_for<KernelName>(range<1>(N), K);
  }

  /// Specialization constants (4.9.4.4): values for this command group
  /// only; both throw errc::invalid once a kernel bundle is bound.
  /// (TU: see detail::spec_tu_tag.)
  template <auto &SpecName, typename TU = detail::spec_tu_tag>
  void set_specialization_constant(detail::spec_value_t<SpecName> Value) {
    set_spec_constant(detail::spec_id<SpecName, TU>(), &Value, sizeof(Value));
  }
  template <auto &SpecName, typename TU = detail::spec_tu_tag>
  detail::spec_value_t<SpecName> get_specialization_constant() {
    detail::spec_value_t<SpecName> Value(detail::header_access::default_value(SpecName));
    get_spec_constant(detail::spec_id<SpecName, TU>(), &Value, sizeof(Value));
    return Value;
  }
  /// Runs this group's kernel from ExecBundle, with its spec-constant values.
  void use_kernel_bundle(const kernel_bundle<bundle_state::executable> &ExecBundle);

  void memcpy(void *Dest, const void *Src, size_t NumBytes);
  void memset(void *Ptr, int Value, size_t NumBytes);
  /// Hints (SYCL 2020 4.9.4.3): the group orders like any other, and no
  /// adapter moves or advises memory for them, so they record no command.
  void prefetch(void *Ptr, size_t NumBytes) { (void)Ptr, (void)NumBytes; }
  void mem_advise(void *Ptr, size_t NumBytes, int Advice) {
    (void)Ptr, (void)NumBytes, (void)Advice;
  }
  template <typename T> void fill(void *Ptr, const T &Pattern, size_t Count) {
    static_assert(std::is_trivially_copyable_v<T>, "fill needs a trivially copyable pattern");
    fill_bytes(Ptr, &Pattern, sizeof(T), Count);
  }
  template <typename T> void copy(const T *Src, T *Dest, size_t Count) {
    this->memcpy(Dest, Src, Count * sizeof(T));
  }

  // sycl_ext_oneapi_device_global: copies between host or USM memory and the
  // instance of this group's device and context. Counts and start indices
  // are in elements of remove_all_extents_t<T>; memcpy's are in bytes. The
  // host_access property removes the directions it rules out.
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  void copy(const std::remove_all_extents_t<T> *Src,
            ext::oneapi::experimental::device_global<T, P> &Dest,
            size_t Count = detail::device_global_elements<T>, size_t StartIndex = 0) {
    using E = std::remove_all_extents_t<T>;
    detail::check_device_global_range("copy", detail::device_global_elements<T>, Count,
                                      StartIndex, "elements");
    this->memcpy(device_global_at(Dest, StartIndex * sizeof(E)), Src, Count * sizeof(E));
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  void copy(const ext::oneapi::experimental::device_global<T, P> &Src,
            std::remove_all_extents_t<T> *Dest, size_t Count = detail::device_global_elements<T>,
            size_t StartIndex = 0) {
    using E = std::remove_all_extents_t<T>;
    detail::check_device_global_range("copy", detail::device_global_elements<T>, Count,
                                      StartIndex, "elements");
    this->memcpy(Dest, device_global_at(Src, StartIndex * sizeof(E)), Count * sizeof(E));
  }
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  void memcpy(ext::oneapi::experimental::device_global<T, P> &Dest, const void *Src,
              size_t NumBytes = sizeof(T), size_t Offset = 0) {
    detail::check_device_global_range("memcpy", sizeof(T), NumBytes, Offset, "bytes");
    this->memcpy(device_global_at(Dest, Offset), Src, NumBytes);
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  void memcpy(void *Dest, const ext::oneapi::experimental::device_global<T, P> &Src,
              size_t NumBytes = sizeof(T), size_t Offset = 0) {
    detail::check_device_global_range("memcpy", sizeof(T), NumBytes, Offset, "bytes");
    this->memcpy(Dest, device_global_at(Src, Offset), NumBytes);
  }

private:
  friend struct detail::impl_access;
  friend struct detail::header_access;
  /// The record lives in the submitting call's frame, which outlives the
  /// handler: recording a command group allocates nothing for it.
  explicit handler(detail::handler_impl &Impl) : _impl(&Impl) {}
  void fill_bytes(void *Ptr, const void *Pattern, size_t PatternSize, size_t Count);

  /// The device address of a device_global's instance for this group's
  /// device and context, created and initialised from the host object's
  /// bytes on first use.
  void *device_global_instance(const void *HostObject, size_t Size, bool ImageScope);
  /// The address of byte Offset of G's instance.
  template <typename T, typename P>
  void *device_global_at(const ext::oneapi::experimental::device_global<T, P> &G,
                         size_t Offset) {
    static_assert(detail::device_global_copyable<T>());
    using traits = ext::oneapi::experimental::detail::device_global_traits<P>;
    return static_cast<char *>(device_global_instance(&G, sizeof(T), traits::image_scope)) +
           Offset;
  }

  /// An accessor's requirement (accessor constructors, require, update_host).
  void add_requirement(const std::shared_ptr<detail::accessor_impl> &A);
  void remove_requirement(const std::shared_ptr<detail::accessor_impl> &A);
  void record_host_task(std::function<void(const interop_handle &)> Body);

  /// handler::copy / fill on accessors (accessor.hpp), as device commands.
  /// A copy's side is an accessor of this group or host memory (kept alive
  /// by HostOwner); Bytes is the source's size.
  void record_accessor_copy(std::shared_ptr<detail::accessor_impl> Src, const void *SrcHost,
                            std::shared_ptr<detail::accessor_impl> Dest, void *DestHost,
                            size_t Bytes, std::shared_ptr<void> HostOwner);
  void record_accessor_fill(std::shared_ptr<detail::accessor_impl> Dest, const void *Pattern,
                            size_t PatternSize);

  /// Called by detail::launch_* (kernel_launch.hpp) in host compiles: copies
  /// the functor's bytes and records the launch.
  void launch(const smcp::detail::kernel_info *Info, const void *Functor, size_t FunctorSize,
              const detail::launch_range &R);

  /// Records a value / overwrites Value with the recorded one, if any.
  void set_spec_constant(detail::spec_id_parts Id, const void *Value, size_t Size);
  void get_spec_constant(detail::spec_id_parts Id, void *Value, size_t Size) const;

  /// Memory usable by the device and the host, owned by this group's command
  /// until it has finished (reductions' partial results). Zeroed: zero when
  /// handed out, and the command must leave it zero (it is reused).
  void *temporary(size_t Bytes, bool Zeroed);
  /// The next kernel launched in this group runs after the first one has
  /// finished, as part of the same command (reductions fold their partials).
  void expect_follow_up_kernel();
  /// A sycl::stream's buffer: Capacity bytes after its header
  /// (detail/abi/stream_buffer.h), printed when the command has finished.
  void *stream_buffer(size_t Capacity);
  /// The queue's device's work-group limit (reductions choose their size).
  size_t max_work_group_size() const;
  /// The work-group of parallel_for_work_group without a size: 64
  /// work-items (8 x 8, 4 x 4 x 4), fewer where the device allows fewer.
  template <int Dims> range<Dims> default_work_group_size() const {
    range<Dims> R = [] {
      if constexpr (Dims == 1)
        return range<1>(64);
      else if constexpr (Dims == 2)
        return range<2>(8, 8);
      else
        return range<3>(4, 4, 4);
    }();
    for (int D = Dims - 1; R.size() > max_work_group_size() && D >= 0; --D)
      R[D] = 1;
    return R;
  }

  detail::handler_impl *_impl;
};

} // namespace sycl
