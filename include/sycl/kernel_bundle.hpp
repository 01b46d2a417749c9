// Kernel bundles (SYCL 2020 4.11): kernel_id, kernel_bundle<State> and the
// free functions that make, combine and build them.
//
// Kernels are identified by the name both compiles give them (the unique
// stable name of the kernel name type). A bundle's specialization-constant
// values are set in the input state and frozen by compile/build/link/join;
// programs are built for those values when a kernel of the bundle first
// runs on a device (or right away by build, which reports build errors).
#pragma once

#include "bundle_state.hpp"
#include "context.hpp"
#include "detail/common.hpp"
#include "device.hpp"
#include "property_list.hpp"
#include "specialization_id.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace sycl {

namespace detail {
class kernel_bundle_impl;
struct device_image_impl;
class bundle_base;
} // namespace detail

template <bundle_state State> class kernel_bundle;

class kernel_id {
public:
  kernel_id() = delete;
  const char *get_name() const noexcept { return _name->c_str(); }
  friend bool operator==(const kernel_id &A, const kernel_id &B) { return *A._name == *B._name; }
  friend bool operator!=(const kernel_id &A, const kernel_id &B) { return !(A == B); }

private:
  friend struct detail::header_access; // get_kernel_id, std::hash
  size_t hash_key() const noexcept { return std::hash<std::string>()(*_name); }
  /// The id of the kernel of this name (defined in libsycl); throws
  /// errc::runtime when no registered image holds it.
  explicit kernel_id(const char *Name);
  std::shared_ptr<const std::string> _name;
};

/// Every kernel of the application's device images.
std::vector<kernel_id> get_kernel_ids();

template <typename KernelName> kernel_id get_kernel_id() {
#if defined(__has_builtin) && __has_builtin(__builtin_sycl_unique_stable_name)
  return detail::header_access::make<kernel_id>(__builtin_sycl_unique_stable_name(KernelName));
#else // a host compiler without stable names (g++): only syclcc's compiles name kernels
  static_assert(sizeof(KernelName *) == 0, "kernel bundles need syclcc");
  return detail::header_access::make<kernel_id>("");
#endif
}

/// A kernel of an executable bundle (4.11.13). Its program is built (for the
/// bundle's specialization-constant values) by the first query that needs
/// one, and shared with launches through the context's program cache.
class kernel {
public:
  kernel() = delete;
  backend get_backend() const noexcept;
  context get_context() const;
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const;
  /// info::kernel descriptors; asks the bundle's first device.
  template <typename Param> typename Param::return_type get_info() const;
  /// info::kernel_device_specific descriptors; errc::invalid if Dev is not
  /// one of the bundle's devices.
  template <typename Param> typename Param::return_type get_info(const device &Dev) const;

  friend bool operator==(const kernel &A, const kernel &B) {
    return A._bundle == B._bundle && *A._name == *B._name;
  }
  friend bool operator!=(const kernel &A, const kernel &B) { return !(A == B); }

private:
  friend class detail::bundle_base;
  friend struct detail::header_access; // std::hash
  size_t hash_key() const noexcept {
    return std::hash<const void *>()(_bundle.get()) ^ std::hash<std::string>()(*_name);
  }
  kernel(std::shared_ptr<detail::kernel_bundle_impl> Bundle, std::string Name)
      : _bundle(std::move(Bundle)), _name(std::make_shared<const std::string>(std::move(Name))) {}
  std::shared_ptr<detail::kernel_bundle_impl> _bundle;
  std::shared_ptr<const std::string> _name;
};

namespace detail {

/// What device_image<State> shares across states (defined in libsycl).
class device_image_base {
public:
  /// Whether this image holds the kernel (and the bundle it came from does).
  bool has_kernel(const kernel_id &Id) const noexcept;
  bool has_kernel(const kernel_id &Id, const device &Dev) const noexcept;

  friend bool operator==(const device_image_base &A, const device_image_base &B) {
    return A._impl == B._impl;
  }
  friend bool operator!=(const device_image_base &A, const device_image_base &B) {
    return !(A == B);
  }

protected:
  friend struct impl_access;
  friend struct header_access; // std::hash
  explicit device_image_base(std::shared_ptr<device_image_impl> Impl) : _impl(std::move(Impl)) {}
  std::shared_ptr<device_image_impl> _impl;
};

/// What kernel_bundle<State> shares across states (defined in libsycl).
class bundle_base {
public:
  bool empty() const noexcept;
  backend get_backend() const noexcept;
  context get_context() const noexcept;
  std::vector<device> get_devices() const noexcept;
  bool has_kernel(const kernel_id &Id) const noexcept;
  bool has_kernel(const kernel_id &Id, const device &Dev) const noexcept;
  std::vector<kernel_id> get_kernel_ids() const;
  bool contains_specialization_constants() const noexcept;
  bool native_specialization_constant() const noexcept;

  friend bool operator==(const bundle_base &A, const bundle_base &B) { return A._impl == B._impl; }
  friend bool operator!=(const bundle_base &A, const bundle_base &B) { return !(A == B); }

protected:
  friend struct impl_access;
  friend struct header_access; // std::hash
  // What kernel_bundle<State>'s templates forward to.
  bool has_spec_constant(spec_id_parts Id) const noexcept;
  void set_spec_constant(spec_id_parts Id, const void *Value, size_t Size);
  void get_spec_constant(spec_id_parts Id, void *Value, size_t Size) const;
  /// The kernel of that id; errc::invalid if the bundle does not hold it.
  kernel find_kernel(const kernel_id &Id) const;
  /// The device images holding the bundle's kernels for its devices.
  std::vector<std::shared_ptr<device_image_impl>> images() const;

  explicit bundle_base(std::shared_ptr<kernel_bundle_impl> Impl) : _impl(std::move(Impl)) {}
  std::shared_ptr<kernel_bundle_impl> _impl;
};

/// Makes bundles of every state in libsycl (Ids null: every kernel).
std::shared_ptr<kernel_bundle_impl> make_bundle(const context &Ctx,
                                                const std::vector<device> &Devs,
                                                const std::vector<kernel_id> *Ids,
                                                bundle_state State);
/// A copy of B (values frozen) in State; Build builds its programs now.
std::shared_ptr<kernel_bundle_impl> convert_bundle(const bundle_base &B,
                                                   const std::vector<device> *Devs,
                                                   bundle_state State, bool Build);
std::shared_ptr<kernel_bundle_impl> join_bundles(const std::vector<const bundle_base *> &Bs,
                                                 bundle_state State);
bool kernels_compatible(const std::vector<kernel_id> &Ids, const device &Dev);

} // namespace detail

/// One device image of a bundle (4.11.14), seen through kernel_bundle::begin()/end().
template <bundle_state State> class device_image : public detail::device_image_base {
public:
  device_image() = delete;

private:
  template <bundle_state> friend class kernel_bundle;
  explicit device_image(std::shared_ptr<detail::device_image_impl> Impl)
      : device_image_base(std::move(Impl)) {}
};

template <bundle_state State> class kernel_bundle : public detail::bundle_base {
public:
  using device_image_iterator = const device_image<State> *;

  kernel_bundle() = delete;

  device_image_iterator begin() const { return _images->data(); }
  device_image_iterator end() const { return _images->data() + _images->size(); }

  /// Executable bundles only (4.11.12.1).
  template <bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel(const kernel_id &Id) const {
    return find_kernel(Id);
  }
  template <typename KernelName, bundle_state S = State,
            typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel() const {
    return find_kernel(get_kernel_id<KernelName>());
  }

  using bundle_base::has_kernel;
  template <typename KernelName> bool has_kernel() const noexcept {
    return has_kernel(get_kernel_id<KernelName>());
  }
  template <typename KernelName> bool has_kernel(const device &Dev) const noexcept {
    return has_kernel(get_kernel_id<KernelName>(), Dev);
  }

  // (TU: see detail::spec_tu_tag.)
  template <auto &SpecName, typename TU = detail::spec_tu_tag>
  bool has_specialization_constant() const noexcept {
    return has_spec_constant(detail::spec_id<SpecName, TU>());
  }
  /// Input bundles only (4.11.12.2).
  template <auto &SpecName, typename TU = detail::spec_tu_tag, bundle_state S = State,
            typename = std::enable_if_t<S == bundle_state::input>>
  void set_specialization_constant(detail::spec_value_t<SpecName> Value) {
    set_spec_constant(detail::spec_id<SpecName, TU>(), &Value, sizeof(Value));
  }
  /// The value set (before compile/build/link/join), otherwise the default.
  template <auto &SpecName, typename TU = detail::spec_tu_tag>
  detail::spec_value_t<SpecName> get_specialization_constant() const {
    detail::spec_value_t<SpecName> Value(detail::header_access::default_value(SpecName));
    get_spec_constant(detail::spec_id<SpecName, TU>(), &Value, sizeof(Value));
    return Value;
  }

private:
  friend struct detail::impl_access;
  friend struct detail::header_access; // the functions below make bundles from impls
  explicit kernel_bundle(std::shared_ptr<detail::kernel_bundle_impl> Impl)
      : bundle_base(std::move(Impl)) {
    // Made once here, not in begin(), so that the iterators of one bundle
    // (and its copies) stay valid and bundles stay safe to share across threads.
    auto Images = std::make_shared<std::vector<device_image<State>>>();
    for (auto &I : images())
      Images->push_back(device_image<State>(std::move(I)));
    _images = std::move(Images);
  }
  std::shared_ptr<const std::vector<device_image<State>>> _images;
};

namespace detail {
template <bundle_state State>
kernel_bundle<State> wrap_bundle(std::shared_ptr<kernel_bundle_impl> Impl) {
  return header_access::make<kernel_bundle<State>>(std::move(Impl));
}
} // namespace detail

inline kernel_bundle<bundle_state::executable> kernel::get_kernel_bundle() const {
  return detail::wrap_bundle<bundle_state::executable>(_bundle);
}

template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx, const std::vector<device> &Devs) {
  return detail::wrap_bundle<State>(detail::make_bundle(Ctx, Devs, nullptr, State));
}
template <bundle_state State> kernel_bundle<State> get_kernel_bundle(const context &Ctx) {
  return get_kernel_bundle<State>(Ctx, Ctx.get_devices());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx, const std::vector<device> &Devs,
                                       const std::vector<kernel_id> &Ids) {
  return detail::wrap_bundle<State>(detail::make_bundle(Ctx, Devs, &Ids, State));
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx, const std::vector<kernel_id> &Ids) {
  return get_kernel_bundle<State>(Ctx, Ctx.get_devices(), Ids);
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx, const std::vector<device> &Devs) {
  return get_kernel_bundle<State>(Ctx, Devs, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx) {
  return get_kernel_bundle<KernelName, State>(Ctx, Ctx.get_devices());
}

/// The kernels of the device images Sel accepts (4.11.6), for Devs.
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<
              std::is_invocable_r_v<bool, Selector &, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &Ctx, const std::vector<device> &Devs,
                                       Selector Sel) {
  kernel_bundle<State> All = get_kernel_bundle<State>(Ctx, Devs);
  std::vector<kernel_id> Ids;
  for (const device_image<State> &Image : All)
    if (Sel(Image))
      for (const kernel_id &Id : All.get_kernel_ids())
        if (Image.has_kernel(Id) && std::find(Ids.begin(), Ids.end(), Id) == Ids.end())
          Ids.push_back(Id);
  return get_kernel_bundle<State>(Ctx, Devs, Ids);
}
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<
              std::is_invocable_r_v<bool, Selector &, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &Ctx, Selector Sel) {
  return get_kernel_bundle<State>(Ctx, Ctx.get_devices(), Sel);
}

/// Whether each kernel runs on at least one of the devices (an image holds
/// it and the device has the aspects it uses).
template <bundle_state State>
bool has_kernel_bundle(const context &Ctx, const std::vector<device> &Devs,
                       const std::vector<kernel_id> &Ids) {
  for (const kernel_id &Id : Ids)
    if (std::none_of(Devs.begin(), Devs.end(),
                     [&](const device &D) { return detail::kernels_compatible({Id}, D); }))
      return false;
  return !Devs.empty();
}
/// Whether some kernel runs on one of the devices.
template <bundle_state State>
bool has_kernel_bundle(const context &Ctx, const std::vector<device> &Devs) {
  const std::vector<kernel_id> Ids = get_kernel_ids();
  for (const device &D : Devs)
    for (const kernel_id &Id : Ids)
      if (detail::kernels_compatible({Id}, D))
        return true;
  return false;
}
template <bundle_state State> bool has_kernel_bundle(const context &Ctx) {
  return has_kernel_bundle<State>(Ctx, Ctx.get_devices());
}
template <bundle_state State>
bool has_kernel_bundle(const context &Ctx, const std::vector<kernel_id> &Ids) {
  return has_kernel_bundle<State>(Ctx, Ctx.get_devices(), Ids);
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &Ctx, const std::vector<device> &Devs) {
  return has_kernel_bundle<State>(Ctx, Devs, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State> bool has_kernel_bundle(const context &Ctx) {
  return has_kernel_bundle<KernelName, State>(Ctx, Ctx.get_devices());
}

inline bool is_compatible(const std::vector<kernel_id> &Ids, const device &Dev) {
  return detail::kernels_compatible(Ids, Dev);
}
template <typename KernelName> bool is_compatible(const device &Dev) {
  return is_compatible({get_kernel_id<KernelName>()}, Dev);
}

template <bundle_state State>
kernel_bundle<State> join(const std::vector<kernel_bundle<State>> &Bundles) {
  std::vector<const detail::bundle_base *> Bases;
  for (const auto &B : Bundles)
    Bases.push_back(&B);
  return detail::wrap_bundle<State>(detail::join_bundles(Bases, State));
}

inline kernel_bundle<bundle_state::object>
compile(const kernel_bundle<bundle_state::input> &In, const std::vector<device> &Devs,
        const property_list & = {}) {
  return detail::wrap_bundle<bundle_state::object>(
      detail::convert_bundle(In, &Devs, bundle_state::object, false));
}
inline kernel_bundle<bundle_state::object>
compile(const kernel_bundle<bundle_state::input> &In, const property_list & = {}) {
  return detail::wrap_bundle<bundle_state::object>(
      detail::convert_bundle(In, nullptr, bundle_state::object, false));
}

inline kernel_bundle<bundle_state::executable>
link(const std::vector<kernel_bundle<bundle_state::object>> &Objs,
     const std::vector<device> &Devs, const property_list & = {}) {
  auto Joined = join(Objs);
  return detail::wrap_bundle<bundle_state::executable>(
      detail::convert_bundle(Joined, &Devs, bundle_state::executable, true));
}
inline kernel_bundle<bundle_state::executable>
link(const std::vector<kernel_bundle<bundle_state::object>> &Objs, const property_list & = {}) {
  auto Joined = join(Objs);
  return detail::wrap_bundle<bundle_state::executable>(
      detail::convert_bundle(Joined, nullptr, bundle_state::executable, true));
}
inline kernel_bundle<bundle_state::executable>
link(const kernel_bundle<bundle_state::object> &Obj, const std::vector<device> &Devs,
     const property_list &Props = {}) {
  return link(std::vector<kernel_bundle<bundle_state::object>>{Obj}, Devs, Props);
}
inline kernel_bundle<bundle_state::executable>
link(const kernel_bundle<bundle_state::object> &Obj, const property_list &Props = {}) {
  return link(std::vector<kernel_bundle<bundle_state::object>>{Obj}, Props);
}

inline kernel_bundle<bundle_state::executable>
build(const kernel_bundle<bundle_state::input> &In, const std::vector<device> &Devs,
      const property_list & = {}) {
  return detail::wrap_bundle<bundle_state::executable>(
      detail::convert_bundle(In, &Devs, bundle_state::executable, true));
}
inline kernel_bundle<bundle_state::executable>
build(const kernel_bundle<bundle_state::input> &In, const property_list & = {}) {
  return detail::wrap_bundle<bundle_state::executable>(
      detail::convert_bundle(In, nullptr, bundle_state::executable, true));
}

} // namespace sycl

// std::hash (common reference semantics, SYCL 2020 4.5.2).
namespace std {
template <> struct hash<sycl::kernel_id> {
  size_t operator()(const sycl::kernel_id &K) const noexcept {
    return sycl::detail::header_access::hash_key(K);
  }
};
template <> struct hash<sycl::kernel> {
  size_t operator()(const sycl::kernel &K) const noexcept {
    return sycl::detail::header_access::hash_key(K);
  }
};
template <sycl::bundle_state State> struct hash<sycl::kernel_bundle<State>> {
  size_t operator()(const sycl::kernel_bundle<State> &B) const noexcept {
    return std::hash<const void *>()(sycl::detail::header_access::impl(B).get());
  }
};
template <sycl::bundle_state State> struct hash<sycl::device_image<State>> {
  size_t operator()(const sycl::device_image<State> &I) const noexcept {
    return std::hash<const void *>()(sycl::detail::header_access::impl(I).get());
  }
};
} // namespace std
