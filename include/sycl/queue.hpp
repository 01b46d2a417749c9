// sycl::queue (SYCL 2020 4.6.5): submits command groups to one device.
#pragma once

#include "context.hpp"
#include "detail/common.hpp"
#include "device.hpp"
#include "device_selector.hpp"
#include "event.hpp"
#include "exception.hpp"
#include "detail/reduction_traits.hpp"
#include "handler.hpp"
#include "properties/queue_properties.hpp"
#include "property_list.hpp"

#include <memory>
#include <type_traits>
#include <vector>

namespace sycl {
namespace detail {
/// A command group function as libsycl receives it (queue::submit): the
/// caller's object and a function that calls it, valid for the call only.
struct cgf_ref {
  void *object;
  void (*call)(void *Object, handler &H);
};

/// Accessors (the memory shortcuts' arguments) have a runtime record.
template <typename T, typename = void> struct has_record : std::false_type {};
template <typename T>
struct has_record<T, std::void_t<decltype(header_access::record(std::declval<const T &>()))>>
    : std::true_type {};
} // namespace detail

class queue {
  template <typename T>
  using if_selector = std::enable_if_t<detail::is_device_selector_v<T>, int>;

public:
  explicit queue(const property_list &Props = {}) : queue(default_selector_v, Props) {}
  explicit queue(const async_handler &Handler, const property_list &Props = {})
      : queue(default_selector_v, Handler, Props) {}
  template <typename Selector, if_selector<Selector> = 0>
  explicit queue(const Selector &S, const property_list &Props = {})
      : queue(S, async_handler{}, Props) {}
  template <typename Selector, if_selector<Selector> = 0>
  explicit queue(const Selector &S, const async_handler &Handler,
                 const property_list &Props = {})
      : queue(device(S), Handler, Props) {}
  explicit queue(const device &Dev, const property_list &Props = {})
      : queue(Dev, async_handler{}, Props) {}
  explicit queue(const device &Dev, const async_handler &Handler,
                 const property_list &Props = {});
  template <typename Selector, if_selector<Selector> = 0>
  explicit queue(const context &Ctx, const Selector &S, const property_list &Props = {})
      : queue(Ctx, S, async_handler{}, Props) {}
  template <typename Selector, if_selector<Selector> = 0>
  explicit queue(const context &Ctx, const Selector &S, const async_handler &Handler,
                 const property_list &Props = {})
      : queue(Ctx, device(S), Handler, Props) {}
  explicit queue(const context &Ctx, const device &Dev, const property_list &Props = {})
      : queue(Ctx, Dev, async_handler{}, Props) {}
  explicit queue(const context &Ctx, const device &Dev, const async_handler &Handler,
                 const property_list &Props = {});

  backend get_backend() const noexcept;
  context get_context() const;
  device get_device() const;
  bool is_in_order() const;
  template <typename Param> typename Param::return_type get_info() const;
  template <typename Prop> bool has_property() const noexcept {
    return properties().template has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return properties().template get_property<Prop>();
  }

  /// Runs CGF(handler&) to record one command and submits it. F reaches
  /// libsycl as a pointer and a plain trampoline (detail::cgf_ref), not as a
  /// std::function: each command group then costs its TU one small function
  /// instead of a std::function's invoker, manager and their set-up.
  /// (The pointer to F is what travels: F may be a function, whose address
  /// does not convert to void *.)
  template <typename CGF> event submit(CGF &&F) {
    auto *Object = std::addressof(F);
    using Pointer = decltype(Object);
    return submit_ref(detail::cgf_ref{
        &Object, [](void *P, handler &H) { (**static_cast<Pointer *>(P))(H); }});
  }

  /// Submits to this queue; if that fails synchronously (an exception from
  /// the command group function or the submission), submits the same
  /// function to Secondary instead (SYCL 2020 4.6.5.2).
  template <typename CGF> event submit(CGF &&F, queue &Secondary) {
    try {
      return submit(F);
    } catch (const exception &) {
      return Secondary.submit(F);
    }
  }

  void wait();
  void wait_and_throw();
  void throw_asynchronous();

  // Shortcuts (SYCL 2020 4.6.5.2): each submits one command group.
  template <typename KernelName = detail::auto_name, typename F> event single_task(const F &K) {
    return submit([&](handler &H) { H.single_task<KernelName>(K); });
  }
  template <typename KernelName = detail::auto_name, typename F>
  event single_task(event Dep, const F &K) {
    return submit([&](handler &H) {
      H.depends_on(Dep);
      H.single_task<KernelName>(K);
    });
  }
  template <typename KernelName = detail::auto_name, typename F>
  event single_task(const std::vector<event> &Deps, const F &K) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.single_task<KernelName>(K);
    });
  }

  template <typename KernelName = detail::auto_name, int Dims, typename F>
  event parallel_for(range<Dims> R, const F &K) {
    return submit([&](handler &H) { H.parallel_for<KernelName>(R, K); });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  event parallel_for(range<Dims> R, event Dep, const F &K) {
    return submit([&](handler &H) {
      H.depends_on(Dep);
      H.parallel_for<KernelName>(R, K);
    });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  event parallel_for(range<Dims> R, const std::vector<event> &Deps, const F &K) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.parallel_for<KernelName>(R, K);
    });
  }
  template <typename KernelName = detail::auto_name, typename F>
  event parallel_for(size_t N, const F &K) {
    return parallel_for<KernelName>(range<1>(N), K);
  }
  template <typename KernelName = detail::auto_name, typename F>
  event parallel_for(size_t N, event Dep, const F &K) {
    return parallel_for<KernelName>(range<1>(N), Dep, K);
  }
  template <typename KernelName = detail::auto_name, typename F>
  event parallel_for(size_t N, const std::vector<event> &Deps, const F &K) {
    return parallel_for<KernelName>(range<1>(N), Deps, K);
  }
  /// parallel_for(range | nd_range, reductions..., kernel).
  template <typename KernelName = detail::auto_name, typename Geometry, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_args_v<Rest...>>>
  event parallel_for(Geometry R, Rest &&...Args) {
    return submit([&](handler &H) { H.parallel_for<KernelName>(R, Args...); });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  event parallel_for(nd_range<Dims> R, const F &K) {
    return submit([&](handler &H) { H.parallel_for<KernelName>(R, K); });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  event parallel_for(nd_range<Dims> R, event Dep, const F &K) {
    return submit([&](handler &H) {
      H.depends_on(Dep);
      H.parallel_for<KernelName>(R, K);
    });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename F>
  event parallel_for(nd_range<Dims> R, const std::vector<event> &Deps, const F &K) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.parallel_for<KernelName>(R, K);
    });
  }

  event memcpy(void *Dest, const void *Src, size_t NumBytes);
  event memcpy(void *Dest, const void *Src, size_t NumBytes, event Dep);
  event memcpy(void *Dest, const void *Src, size_t NumBytes, const std::vector<event> &Deps);
  event memset(void *Ptr, int Value, size_t NumBytes);
  event memset(void *Ptr, int Value, size_t NumBytes, event Dep);
  event memset(void *Ptr, int Value, size_t NumBytes, const std::vector<event> &Deps);

  // USM hints, each with no, one or several dependencies (handler.hpp).
  event prefetch(void *Ptr, size_t NumBytes) {
    return prefetch(Ptr, NumBytes, std::vector<event>{});
  }
  event prefetch(void *Ptr, size_t NumBytes, event Dep) {
    return prefetch(Ptr, NumBytes, std::vector<event>{Dep});
  }
  event prefetch(void *Ptr, size_t NumBytes, const std::vector<event> &Deps) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.prefetch(Ptr, NumBytes);
    });
  }
  event mem_advise(void *Ptr, size_t NumBytes, int Advice) {
    return mem_advise(Ptr, NumBytes, Advice, std::vector<event>{});
  }
  event mem_advise(void *Ptr, size_t NumBytes, int Advice, event Dep) {
    return mem_advise(Ptr, NumBytes, Advice, std::vector<event>{Dep});
  }
  event mem_advise(void *Ptr, size_t NumBytes, int Advice, const std::vector<event> &Deps) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.mem_advise(Ptr, NumBytes, Advice);
    });
  }

  template <typename T> event fill(void *Ptr, const T &Pattern, size_t Count) {
    return fill(Ptr, Pattern, Count, std::vector<event>{});
  }
  template <typename T> event fill(void *Ptr, const T &Pattern, size_t Count, event Dep) {
    return fill(Ptr, Pattern, Count, std::vector<event>{Dep});
  }
  template <typename T>
  event fill(void *Ptr, const T &Pattern, size_t Count, const std::vector<event> &Deps) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.fill(Ptr, Pattern, Count);
    });
  }

  template <typename T> event copy(const T *Src, T *Dest, size_t Count) {
    return this->memcpy(Dest, Src, Count * sizeof(T));
  }
  template <typename T> event copy(const T *Src, T *Dest, size_t Count, event Dep) {
    return this->memcpy(Dest, Src, Count * sizeof(T), Dep);
  }
  template <typename T>
  event copy(const T *Src, T *Dest, size_t Count, const std::vector<event> &Deps) {
    return this->memcpy(Dest, Src, Count * sizeof(T), Deps);
  }

  // sycl_ext_oneapi_device_global: the handler's copy and memcpy (see
  // handler.hpp), each with no, one or several dependencies.
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  event copy(const std::remove_all_extents_t<T> *Src,
             ext::oneapi::experimental::device_global<T, P> &Dest,
             size_t Count = detail::device_global_elements<T>, size_t StartIndex = 0) {
    return copy(Src, Dest, Count, StartIndex, std::vector<event>{});
  }
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  event copy(const std::remove_all_extents_t<T> *Src,
             ext::oneapi::experimental::device_global<T, P> &Dest, size_t Count,
             size_t StartIndex, event Dep) {
    return copy(Src, Dest, Count, StartIndex, std::vector<event>{Dep});
  }
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  event copy(const std::remove_all_extents_t<T> *Src,
             ext::oneapi::experimental::device_global<T, P> &Dest, size_t Count,
             size_t StartIndex, const std::vector<event> &Deps) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.copy(Src, Dest, Count, StartIndex);
    });
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  event copy(const ext::oneapi::experimental::device_global<T, P> &Src,
             std::remove_all_extents_t<T> *Dest, size_t Count = detail::device_global_elements<T>,
             size_t StartIndex = 0) {
    return copy(Src, Dest, Count, StartIndex, std::vector<event>{});
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  event copy(const ext::oneapi::experimental::device_global<T, P> &Src,
             std::remove_all_extents_t<T> *Dest, size_t Count, size_t StartIndex, event Dep) {
    return copy(Src, Dest, Count, StartIndex, std::vector<event>{Dep});
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  event copy(const ext::oneapi::experimental::device_global<T, P> &Src,
             std::remove_all_extents_t<T> *Dest, size_t Count, size_t StartIndex,
             const std::vector<event> &Deps) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.copy(Src, Dest, Count, StartIndex);
    });
  }
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &Dest, const void *Src,
               size_t NumBytes = sizeof(T), size_t Offset = 0) {
    return memcpy(Dest, Src, NumBytes, Offset, std::vector<event>{});
  }
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &Dest, const void *Src,
               size_t NumBytes, size_t Offset, event Dep) {
    return memcpy(Dest, Src, NumBytes, Offset, std::vector<event>{Dep});
  }
  template <typename T, typename P, typename = detail::device_global_writable<P>>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &Dest, const void *Src,
               size_t NumBytes, size_t Offset, const std::vector<event> &Deps) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.memcpy(Dest, Src, NumBytes, Offset);
    });
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  event memcpy(void *Dest, const ext::oneapi::experimental::device_global<T, P> &Src,
               size_t NumBytes = sizeof(T), size_t Offset = 0) {
    return memcpy(Dest, Src, NumBytes, Offset, std::vector<event>{});
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  event memcpy(void *Dest, const ext::oneapi::experimental::device_global<T, P> &Src,
               size_t NumBytes, size_t Offset, event Dep) {
    return memcpy(Dest, Src, NumBytes, Offset, std::vector<event>{Dep});
  }
  template <typename T, typename P, typename = detail::device_global_readable<P>>
  event memcpy(void *Dest, const ext::oneapi::experimental::device_global<T, P> &Src,
               size_t NumBytes, size_t Offset, const std::vector<event> &Deps) {
    return submit([&](handler &H) {
      H.depends_on(Deps);
      H.memcpy(Dest, Src, NumBytes, Offset);
    });
  }

  // Memory shortcuts on accessors (placeholders included: the group
  // requires them). Defined through handler::copy/fill/update_host.
  template <typename SrcT, typename DestT,
            typename = std::enable_if_t<detail::has_record<SrcT>::value ||
                                        detail::has_record<DestT>::value>>
  event copy(SrcT Src, DestT Dest) {
    return submit([&](handler &H) {
      if constexpr (detail::has_record<SrcT>::value)
        H.require(Src);
      if constexpr (detail::has_record<DestT>::value)
        H.require(Dest);
      H.copy(Src, Dest);
    });
  }
  template <typename AccT, typename T>
  std::enable_if_t<detail::has_record<AccT>::value, event> fill(AccT Dest, const T &Value) {
    return submit([&](handler &H) {
      H.require(Dest);
      H.fill(Dest, Value);
    });
  }
  template <typename AccT>
  std::enable_if_t<detail::has_record<AccT>::value, event> update_host(AccT Acc) {
    return submit([&](handler &H) { H.update_host(Acc); });
  }

  SMCP_IMPL_IDENTITY(queue)

private:
  friend struct detail::impl_access;
  friend struct detail::header_access; // std::hash
  event submit_ref(detail::cgf_ref CGF);
  const property_list &properties() const noexcept;

  std::shared_ptr<detail::queue_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(queue)
