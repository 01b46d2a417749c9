// queue_impl.cpp - command groups become graph nodes: their requirements
// (accessors), explicit and in-order dependencies, the copies the access
// modes require, and the command itself, launched by the scheduler.
#include "queue_impl.h"

#include "chrome_trace.h"

#include "error.h"
#include "exit_drain.h"
#include "image_registry.h"
#include "implicit_args.h"
#include "kernel_requirements.h"
#include "impl_access.h"
#include "interop_data.h"
#include "kernel_bundle_impl.h"
#include "mem_object.h"
#include "memory_commands.h"
#include "scheduler.h"
#include "thread_pool.h"
#include "usm_registry.h"
#include "trace.h"

#include <sycl/properties/queue_properties.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <tuple>

namespace sycl::detail {
namespace {

/// Checks that a parameter's bytes lie inside the functor copy.
void check_param_bounds(const char *kernel, const smcp::detail::kernel_param_desc &p, unsigned i,
                        size_t size, size_t functor_size) {
  if (p.offset < 0 || size_t(p.offset) + size > functor_size)
    smcp::rt::throw_error(errc::kernel_argument,
                          "kernel '" + std::string(kernel) + "': parameter " +
                              std::to_string(i) + " (offset " + std::to_string(p.offset) +
                              ", " + std::to_string(size) + " bytes) lies outside its " +
                              std::to_string(functor_size) + "-byte functor");
}

/// Whether another accessor of the command group writes a's memory.
bool written_by_another(const std::vector<std::shared_ptr<accessor_impl>> &requirements,
                        const accessor_impl &a) {
  return std::any_of(requirements.begin(), requirements.end(), [&](const auto &r) {
    return r.get() != &a && !r->is_local && r->writes() && r->buffer->mem() == a.buffer->mem();
  });
}

/// Kernel `name` from image's program built with `leaves`, and its textured
/// variant where the image holds one (null where it cannot serve).
std::pair<smcp_kernel, smcp_kernel>
kernel_and_variant(program_cache &programs, const device_impl &device,
                   const std::shared_ptr<const registered_image> &image, const std::string &name,
                   bool has_textured, const std::vector<spec_leaf_value> &leaves) {
  smcp_kernel kernel = programs.get_kernel(device, image, name, leaves).kernel;
  smcp_kernel textured =
      has_textured ? programs.get_kernel(device, image, name, leaves, true).kernel : nullptr;
  return {kernel, textured};
}

/// The parameter list of kernel `info` in its image, checked against the
/// functor the host compile launches it with.
std::vector<smcp::detail::kernel_param_desc> kernel_params(const registered_image &image,
                                                           const smcp::detail::kernel_info &info) {
  smcp::abi::kernel_annotation k;
  std::string why;
  if (!smcp::fatbin::decodeKernelParams(image.image, info.name, k, why))
    smcp::rt::throw_error(errc::kernel, "kernel '" + std::string(info.name) + "': " + why);
  if (k.functor_size != info.functor_size)
    smcp::rt::throw_error(
        errc::kernel_argument,
        "kernel '" + std::string(info.name) + "': its functor has " +
            std::to_string(info.functor_size) + " bytes in the host compile and " +
            std::to_string(k.functor_size) +
            " in the device image: the compiles disagree about its layout (does it differ "
            "under __SYCL_DEVICE_ONLY__?), or the program links objects of different builds");
  return std::move(k.params);
}

/// A count that may exceed 64 bits, in digits.
std::string count_text(long double n) {
  if (n < 1.8e19L)
    return std::to_string(static_cast<unsigned long long>(n));
  char text[32];
  std::snprintf(text, sizeof(text), "%.3Lg", n);
  return text;
}

bool native_global_offset(const device_impl &device) {
  return device.caps().flags & SMCP_CAP_NATIVE_GLOBAL_OFFSET;
}

/// A global offset reaches a kernel natively, or, from images whose device
/// passes fold it (PTX: FoldGlobalOffsetPass), as an implicit argument.
/// SPIR-V kernels read it from the backend: refused where it has none.
void check_global_offset(const kernel_command &k, const registered_image &image,
                         const device_impl &device) {
  if (native_global_offset(device) || image.image.Format != smcp::fatbin::ImageFormat::SPIRV)
    return;
  for (unsigned d = 0; d < k.dims; ++d)
    if (k.offset[d])
      smcp::rt::throw_error(errc::feature_not_supported,
                            "kernel '" + std::string(k.info->name) + "': device '" +
                                device.name() + "' cannot launch SPIR-V with a global offset");
}

/// Refuses, before anything reaches the backend, a launch the device cannot
/// run: more work-groups than its limits (PoCL counts them in 32 bits and
/// asserts; CUDA grids and Level Zero group counts have per-dimension
/// limits).
void check_launch_limits(const kernel_command &k, const device_impl &device) {
  const auto &caps = device.caps();
  auto kernel = [&] { return "kernel '" + std::string(k.info->name) + "'"; }; // for errors
  const bool has_local = k.local[0] != 0;
  // Without a local size the backend chooses one, at most the device's work-group size.
  const uint64_t widest = device.max_work_group_size();
  long double total = 1; // exact enough to compare with a limit, and no overflow
  for (unsigned d = 0; d < k.dims; ++d) {
    total *= static_cast<long double>(has_local ? k.global[d] / k.local[d] : k.global[d]);
    // Without a local size, the fewest groups this dimension could have.
    const size_t groups = has_local ? k.global[d] / k.local[d] : (k.global[d] + widest - 1) / widest;
    const uint64_t limit = caps.max_group_count[k.dims - 1 - d];
    if (limit && groups > limit)
      smcp::rt::throw_error(errc::nd_range,
                            kernel() + ": " + (has_local ? "" : "at least ") +
                                std::to_string(groups) + " work-groups in dimension " +
                                std::to_string(d) + " exceed device '" + device.name() +
                                "''s limit of " + std::to_string(limit));
  }
  if (!has_local)
    total = std::ceil(total / static_cast<long double>(widest));
  if (caps.max_total_groups && total > static_cast<long double>(caps.max_total_groups))
    smcp::rt::throw_error(
        errc::nd_range,
        kernel() + ": the range needs at least " + count_text(total) +
            " work-groups, more than device '" + device.name() + "' can run in one launch (" +
            std::to_string(caps.max_total_groups) + ")");
}

/// The accessors of a memory command must be requirements of its group
/// (a placeholder needs handler::require first) and device accessors.
void check_memory_command_accessors(const command &c, const handler_impl &h) {
  std::vector<const accessor_impl *> used;
  if (auto *m = std::get_if<accessor_copy_command>(&c))
    used = {m->src.get(), m->dest.get()};
  else if (auto *f = std::get_if<accessor_fill_command>(&c))
    used = {f->dest.get()};
  for (const accessor_impl *a : used) {
    if (!a)
      continue;
    const auto &reqs = h.requirements();
    if (std::none_of(reqs.begin(), reqs.end(), [&](const auto &r) { return r.get() == a; }))
      smcp::rt::throw_error(errc::invalid,
                            "handler::copy/fill: the accessor is not registered with this "
                            "command group (a placeholder accessor needs handler::require)");
    if (a->is_local || a->request.where == target::host_task)
      smcp::rt::throw_error(errc::invalid, "handler::copy/fill takes device accessors of a "
                                           "buffer, not local or host_task accessors");
  }
}

/// A ranged or sub-buffer accessor that discards its contiguous region: the
/// old data is needed around that region only.
void overwritten_region(const accessor_impl &a, mem_object::need &n) {
  const bool discarding = a.request.no_init || a.request.mode == access_mode::discard_write ||
                          a.request.mode == access_mode::discard_read_write;
  if (!discarding || !n.old_data)
    return;
  const memory_region r = accessor_region(a.request, a.buffer->offset());
  if (!r.contiguous())
    return;
  n.skip_begin = r.origin;
  n.skip_end = r.origin + r.bytes();
}

/// A memory object's merged requirement in one command group at one place
/// (SYCL 2020 Table 4: modes combine; no_init survives only if every
/// accessor discards).
struct merged_need {
  mem_object *mem;
  bool host;
  mem_object::need need;
  bool first = true;
};

} // namespace

/// A kernel ready to launch: its handle and its arguments as the adapter
/// takes them. Value arguments point into k.functor; buffer arguments get
/// their device address once the graph has placed the memory. Small
/// functors and argument lists live inside the plan, so the launch path of
/// a small kernel allocates nothing for them.
struct queue_impl::kernel_plan {
  kernel_command k;
  smcp_kernel kernel = nullptr;
  smcp_kernel textured = nullptr; // launched instead where every sampled accessor has a texture
  inline_vector<smcp_kernel_arg, 8> args;
  std::vector<std::pair<size_t, accessor_impl *>> buffers; // (argument, its accessor)
  // (functor offset of the texture word, its image accessor; null: no texture)
  std::vector<std::pair<size_t, accessor_impl *>> textures;
  bool empty = false;
  void *assert_flag = nullptr; // the kernel has a device assert (device_assert.h)
  std::unique_ptr<kernel_plan> follow_up; // launched after this kernel (handler_impl)

  kernel_plan() = default;
  kernel_plan(const kernel_plan &) = delete;
  /// The functor's bytes may move with it: value arguments follow them.
  kernel_plan(kernel_plan &&o) noexcept
      : k(std::move(o.k)), kernel(o.kernel), textured(o.textured), args(std::move(o.args)),
        buffers(std::move(o.buffers)), textures(std::move(o.textures)), empty(o.empty),
        assert_flag(o.assert_flag), follow_up(std::move(o.follow_up)) {
    const unsigned char *from = o.k.functor.data(), *to = k.functor.data();
    for (auto &a : args) {
      const auto *v = static_cast<const unsigned char *>(a.value);
      if (a.kind == SMCP_ARG_VALUE && v >= from && v < from + k.functor.size())
        a.value = to + (v - from);
    }
  }

  /// Buffer arguments get their device addresses (address_of(accessor)),
  /// sampled image accessors their texture (texture_of(accessor, address));
  /// with a texture for each, the kernel is its textured variant.
  template <typename AddressOf, typename TextureOf>
  void bind_buffers(const AddressOf &address_of, const TextureOf &texture_of) {
    for (const auto &[index, access] : buffers)
      args[index].value = address_of(*access);
    bool all_textured = !textures.empty();
    for (const auto &[at, access] : textures) {
      const uint64_t texture = access ? texture_of(*access, address_of(*access)) : 0;
      std::memcpy(k.functor.data() + at, &texture, sizeof(texture));
      all_textured &= texture != 0;
    }
    if (all_textured && textured)
      kernel = textured;
    if (follow_up)
      follow_up->bind_buffers(address_of, texture_of);
  }
};

queue_impl::queue_impl(std::shared_ptr<context_impl> context, std::shared_ptr<device_impl> device,
                       async_handler handler, property_list props)
    : _context(std::move(context)), _device(std::move(device)), _handler(std::move(handler)),
      _props(std::move(props)),
      _in_order(_props.has_property<property::queue::in_order>()),
      _profiling(_props.has_property<property::queue::enable_profiling>()) {
  if (!_context->contains(*_device))
    smcp::rt::throw_error(errc::invalid, "device '" + _device->name() +
                                             "' is not part of the queue's context");
  uint32_t flags = 0;
  if (_in_order)
    flags |= SMCP_QUEUE_IN_ORDER;
  // A Chrome trace takes the backend's timestamps (chrome_trace.h).
  if (_profiling || smcp::rt::chrome_trace_enabled())
    flags |= SMCP_QUEUE_PROFILING;
  SMCP_ADAPTER_CALL(_context->adapter(), queue_create, _context->handle(), _device->handle(),
                    flags, &_handle);
  register_live_queue(this);
}

queue_impl::~queue_impl() {
  unregister_live_queue(this);
  // SYCL's queue destructor does not wait: nodes still pending hold this
  // object alive, and commands already on the backend queue finish there
  // before the pool releases it (no backend is asked to destroy a busy
  // queue). Errors not yet delivered go to the handler now (4.13.1.1):
  // without one, to the default handler, which reports them and ends the
  // program (4.13.1.2) rather than let a failed command go unnoticed.
  if (!_async_errors.empty()) {
    try {
      throw_asynchronous();
    } catch (...) {
    }
  }
  auto retire = [context = _context, handle = _handle] {
    const auto &a = context->adapter();
    a.try_call("queue_finish", a.table().queue_finish, handle);
    a.try_call("queue_release", a.table().queue_release, handle);
  };
  // Inline when nothing is in flight (the common case: freeing the context
  // then frees its memory at once) or after the exit handler (no pool thread
  // may outlive it); otherwise on the pool, without blocking.
  if (exit_drained() || idle())
    retire();
  else
    smcp::rt::thread_pool::get().post(std::move(retire));
}

bool queue_impl::idle() {
  std::lock_guard<std::mutex> lock(scheduler::get().mutex());
  return std::all_of(_submitted.begin(), _submitted.end(),
                     [](const auto &e) { return e->finished_locked(); });
}

bool queue_impl::drain() {
  std::vector<std::shared_ptr<event_impl>> events;
  {
    std::lock_guard<std::mutex> lock(scheduler::get().mutex());
    events.swap(_submitted);
  }
  for (const auto &e : events)
    e->wait(); // the process is ending: nobody is left to receive the error
  const auto &a = _context->adapter();
  a.try_call("queue_finish", a.table().queue_finish, _handle);
  return !events.empty();
}

const queue_impl::resolved_kernel &queue_impl::resolve(const smcp::detail::kernel_info &info) {
  const uint64_t changes = image_registry::get().changes();
  // The calling thread's last answer: a loop that submits one kernel asks
  // for it again and again, and this costs no lock and no reference count.
  // (Keyed by the queue's number, not its address, which a later queue may
  // reuse.)
  struct last_answer {
    uint64_t queue = 0;
    const smcp::detail::kernel_info *info = nullptr;
    resolved_kernel r;
  };
  thread_local last_answer last;
  if (last.queue == _id && last.info == &info && last.r.registry_changes == changes &&
      last.r.name == info.name)
    return last.r;
  last = {_id, &info, resolve_shared(info, changes)};
  return last.r;
}

queue_impl::resolved_kernel queue_impl::resolve_shared(const smcp::detail::kernel_info &info,
                                                       uint64_t changes) {
  {
    std::lock_guard<std::mutex> lock(_resolved_mutex);
    auto it = _resolved.find(&info);
    if (it != _resolved.end() && it->second.registry_changes == changes &&
        it->second.name == info.name)
      return it->second;
  }
  const std::string name = info.name;
  resolved_kernel r;
  r.name = info.name;
  r.registry_changes = changes;
  r.image = image_registry::get().find_kernel(name, *_device);
  check_kernel_requirements(r.image->image, name, *_device);
  r.reqd = required_work_group_of(r.image->image, name);
  r.implicit = find_implicit_args(*r.image, info.name);
  r.params = kernel_params(*r.image, info);
  // Without native specialization the program is the same whatever the values.
  const image_spec_constants &spec = r.image->spec_constants;
  if (spec.native)
    r.launch_constants = launch_constants_of(r.image->image, spec, name, r.params);
  r.has_textured = kernel_variants_of(r.image->image, name) & smcp::fatbin::TexturedVariant;
  if (spec.error.empty() && (!spec.native || (spec.by_id.empty() && r.launch_constants.empty()))) {
    std::tie(r.kernel, r.textured) =
        kernel_and_variant(_context->programs(), *_device, r.image, name, r.has_textured, {});
  }
  std::lock_guard<std::mutex> lock(_resolved_mutex);
  return _resolved[&info] = r;
}

void queue_impl::prepare_kernel(kernel_command &&command, const handler_impl &h,
                                kernel_plan &plan) {
  if (!command.info)
    smcp::rt::throw_error(errc::kernel, "kernel launch without a kernel descriptor");
  const auto &info = *command.info;
  plan.k = std::move(command);
  const kernel_command &k = plan.k;
  bool has_local = false, partial_local = false;
  for (unsigned d = 0; d < k.dims; ++d) {
    plan.empty |= k.global[d] == 0;
    has_local |= k.local[d] != 0;
    partial_local |= k.local[d] == 0;
  }
  if (has_local && partial_local)
    smcp::rt::throw_error(errc::nd_range, "kernel '" + std::string(info.name) +
                                              "': a local size of 0 in only some dimensions");
  if (!plan.empty)
    check_launch_limits(k, *_device);
  const resolved_kernel &resolved = resolve(info);
  const auto &image = resolved.image;
  apply_reqd_work_group_size(resolved.reqd, info.name, k.dims, k.global, plan.k.local);
  if (!has_local && k.local[0] && !plan.empty) // the kernel's own size: its group count
    check_launch_limits(k, *_device);
  check_global_offset(k, *image, *_device);
  const spec_value_map *values = &h.spec_values;
  if (h.bundle) {
    check_bundle_launch(*h.bundle, info.name, *_device);
    values = &h.bundle->spec_values;
  }
  std::vector<spec_leaf_value> leaves = spec_leaf_values(image->spec_constants, *values);
  const auto &functor = k.functor;
  for (unsigned i = 0; i < resolved.params.size(); ++i) {
    const auto &p = resolved.params[i];
    smcp_kernel_arg a{SMCP_ARG_POINTER, sizeof(void *), nullptr};
    switch (p.kind) {
    case smcp::detail::param_kind::std_layout:
      check_param_bounds(info.name, p, i, size_t(p.info), functor.size());
      a = {SMCP_ARG_VALUE, size_t(p.info), functor.data() + p.offset};
      break;
    case smcp::detail::param_kind::pointer:
      check_param_bounds(info.name, p, i, sizeof(void *), functor.size());
      std::memcpy(&a.value, functor.data() + p.offset, sizeof(void *));
      break;
    case smcp::detail::param_kind::accessor: {
      check_param_bounds(info.name, p, i, sizeof(void *), functor.size());
      void *raw; // the host word of an accessor: its record
      std::memcpy(&raw, functor.data() + p.offset, sizeof(raw));
      const bool local = smcp::abi::is_local_accessor(p);
      const std::string where = "kernel '" + std::string(info.name) + "': parameter " +
                                std::to_string(i) + " (offset " + std::to_string(p.offset) + ")";
      if (!raw) { // a default-constructed accessor: nothing to access (a null pointer)
        if (local)
          a = {SMCP_ARG_LOCAL, 1, nullptr};
        break;
      }
      auto it = std::find_if(h.requirements().begin(), h.requirements().end(),
                             [&](const auto &r) { return r.get() == raw; });
      if (it == h.requirements().end())
        smcp::rt::throw_error(
            errc::kernel_argument,
            where + " is " + (local ? "a local_accessor" : "an accessor") +
                " that was not registered with this command group: " +
                (local ? "construct it with this command group's handler"
                       : "a placeholder accessor needs handler::require(acc) before use, and "
                         "an accessor belongs to the command group it was created in"));
      if (local) {
        if (!has_local)
          smcp::rt::throw_error(errc::kernel_argument,
                                where + " is a local_accessor, which only an nd_range kernel "
                                        "may use (not single_task or a range parallel_for)");
        a = {SMCP_ARG_LOCAL, std::max<size_t>((*it)->local_bytes, 1), nullptr};
      } else {
        if ((*it)->request.where == target::host_task)
          smcp::rt::throw_error(errc::kernel_argument,
                                where + " is a host_task accessor, which a kernel cannot use");
        plan.buffers.emplace_back(plan.args.size(), it->get());
        if ((*it)->request.texture_dims) { // its texture word follows the address
          constexpr int word = smcp::abi::sampled_image_handle_offset;
          check_param_bounds(info.name, p, i, word + sizeof(uint64_t), functor.size());
          // A texture does not see the kernel's own writes: an image the
          // command group also writes is read in code (null: a word of 0).
          const bool written = written_by_another(h.requirements(), **it);
          plan.textures.emplace_back(size_t(p.offset) + word, written ? nullptr : it->get());
        }
      }
      break;
    }
    default:
      smcp::rt::throw_error(errc::feature_not_supported,
                            "kernel '" + std::string(info.name) + "': parameter " +
                                std::to_string(i) + " is of kind " + smcp::abi::param_kind_name(p.kind) +
                                ", which this runtime does not support yet");
    }
    plan.args.push_back(a);
  }
  plan.kernel = resolved.kernel;
  plan.textured = resolved.textured;
  if (!plan.kernel) {
    // A bundle's program is built ahead: it reads the words instead.
    std::vector<spec_leaf_value> program_leaves;
    const bool specialize = !resolved.launch_constants.empty() && !h.bundle;
    if (specialize) {
      program_leaves = leaves;
      add_launch_values(resolved.launch_constants, resolved.params, functor.data(), program_leaves);
    }
    const auto &build = specialize ? program_leaves : leaves;
    std::tie(plan.kernel, plan.textured) = kernel_and_variant(
        _context->programs(), *_device, image, info.name, resolved.has_textured, build);
  }
  // Implicit arguments (device_global instances...): trailing parameters.
  if (resolved.implicit) {
    std::vector<void *> addresses;
    bind_implicit_args({*_context, *_device, *image, leaves, k.dims, k.offset}, *resolved.implicit,
                       addresses);
    for (size_t i = 0; i < addresses.size(); ++i) {
      plan.args.push_back({SMCP_ARG_POINTER, sizeof(void *), addresses[i]});
      if (resolved.implicit->Args[i].Kind == smcp::abi::implicit_arg_kind::assert_flag)
        plan.assert_flag = addresses[i];
    }
  }
}

uint32_t queue_impl::trace_track() const {
  static std::atomic<uint32_t> next{1};
  std::call_once(_trace_track_once, [this] { _trace_track = next++; });
  return _trace_track;
}

void queue_impl::set_trace(event_impl &node, const command &c) const {
  if (const auto *k = std::get_if<kernel_command>(&c))
    node.set_trace(smcp::rt::chrome_trace_kernel_name(k->info->name), "kernel", trace_track());
  else if (std::holds_alternative<host_task_command>(c))
    node.set_trace("host_task", "host_task", trace_track());
  else if (std::holds_alternative<memcpy_command>(c) ||
           std::holds_alternative<accessor_copy_command>(c))
    node.set_trace("copy", "memory", trace_track());
  else if (std::holds_alternative<fill_command>(c) ||
           std::holds_alternative<accessor_fill_command>(c))
    node.set_trace("fill", "memory", trace_track());
  else
    node.set_trace("barrier", "sync", trace_track());
}

std::shared_ptr<event_impl> queue_impl::submit(const std::function<void(handler &)> &cgf) {
  handler_impl recorded;
  recorded.context = _context.get();
  recorded.device = _device.get();
  handler cgh = impl_access::make_handler(recorded);
  cgf(cgh);
  const command &c = recorded.recorded();

  // Everything that may fail without side effects happens before the graph changes.
  std::optional<kernel_plan> plan;
  if (kernel_command *k = recorded.recorded_kernel()) {
    prepare_kernel(std::move(*k), recorded, plan.emplace());
    if (auto &then = recorded.follow_up()) {
      plan->follow_up = std::make_unique<kernel_plan>();
      prepare_kernel(std::move(*then), recorded, *plan->follow_up);
    }
  }
  if (auto *m = std::get_if<memcpy_command>(&c); m && m->bytes && (!m->dest || !m->src))
    smcp::rt::throw_error(errc::invalid, "memcpy of " + std::to_string(m->bytes) +
                                             " bytes with a null pointer");
  if (auto *f = std::get_if<fill_command>(&c); f && f->count && f->pattern.size() && !f->dest)
    smcp::rt::throw_error(errc::invalid, "fill of a null pointer");
  const bool host_task = std::holds_alternative<host_task_command>(c);
  check_memory_command_accessors(c, recorded);

  // Merge the requirements per memory object and place.
  inline_vector<merged_need, 4> needs; // a few objects per group: no allocation
  for (const auto &r : recorded.requirements()) {
    if (r->is_local || !r->buffer)
      continue;
    if (!r->buffer->mem()->has_users())
      smcp::rt::throw_error(errc::invalid,
                            "an accessor of a buffer that no longer exists: accessors do not "
                            "keep their buffer alive (it was destroyed, and wrote back, "
                            "before this command group)");
    const bool host = r->request.where == target::host_task;
    if (host && plan)
      continue; // a host_task accessor in a kernel group: rejected if the kernel uses it
    mem_object *mem = r->buffer->mem().get();
    const size_t begin = r->buffer->offset(), end = begin + r->buffer->bytes();
    auto it = std::find_if(needs.begin(), needs.end(),
                           [&](const merged_need &n) { return n.mem == mem && n.host == host; });
    if (it == needs.end()) {
      needs.push_back({mem, host, {begin, end, !r->discards(), r->writes()}, true});
      overwritten_region(*r, needs[needs.size() - 1].need);
      continue;
    }
    it->need.begin = std::min(it->need.begin, begin);
    it->need.end = std::max(it->need.end, end);
    it->need.old_data |= !r->discards();
    it->need.write |= r->writes();
    it->need.skip_begin = it->need.skip_end = 0; // several accessors: copy everything in
  }
  for (size_t i = 0; i < needs.size(); ++i) // 3.8.1: one writer per object per group
    for (size_t j = i + 1; j < needs.size(); ++j)
      if (needs[i].mem == needs[j].mem && (needs[i].need.write || needs[j].need.write))
        smcp::rt::throw_error(errc::invalid,
                              "a command group accesses one buffer both on the device and in "
                              "its host task with write access: only one requisite per memory "
                              "object may write (SYCL 2020 3.8.1)");

  // An in-order queue's submissions take their turn here: _last and
  // _last_launched follow the order of the backend queue.
  std::unique_lock<std::mutex> turn;
  if (_in_order) {
    turn = std::unique_lock<std::mutex>(_order_mutex);
    if (plan && needs.empty() && recorded.dependencies().empty() && _last_launched &&
        !plan->empty && !plan->assert_flag && !_profiling && !smcp::rt::chrome_trace_enabled())
      return launch_in_order(*plan, recorded);
    _last_launched = false; // until this command is known to have launched
  }

  auto node = event_impl::make_node(_context, weak_from_this(), host_task);
  node->keep_alive(recorded.take_temporaries());
  if (plan && plan->assert_flag)
    node->watch_assert(_device, plan->assert_flag);
  if (_profiling)
    node->set_profiled();
  if (smcp::rt::chrome_trace_enabled())
    set_trace(*node, c);
  dep_list deps(recorded.dependencies().begin(), recorded.dependencies().end());
  auto &s = scheduler::get();
  for (auto &n : needs) // allocations are adapter calls: before the graph lock
    if (!n.host)
      n.mem->reserve_device_memory(*this);
  {
    scheduler::lock lock;
    std::shared_ptr<event_impl> previous = _in_order ? _last : nullptr;
    if (previous)
      deps.push_back(previous);
    // Each object's base address on this queue's device (one per object).
    inline_vector<std::pair<mem_object *, void *>, 4> device_base;
    for (auto &n : needs) {
      void *base = n.mem->acquire(n.need, n.host ? nullptr : this, node, deps);
      if (!n.host)
        device_base.push_back({n.mem, base});
    }
    auto base_of = [&](const mem_object *m) -> char * {
      for (const auto &[object, base] : device_base)
        if (object == m)
          return static_cast<char *>(base);
      return nullptr;
    };
    // Device addresses of the accessed (sub-)buffers, for kernels and interop.
    auto device_address = [&](const accessor_impl &a) -> void * {
      char *base = base_of(a.buffer->mem().get());
      return base ? base + a.buffer->offset() : nullptr;
    };
    auto texture = [&](const accessor_impl &a, void *address) -> uint64_t {
      if (!a.request.texture_reads_element) // a texture would return other elements
        return 0;
      return _context->textures().texture_for(*_device, address, a.request.texture_layout,
                                              a.request.texture_dims);
    };
    // A kernel whose dependencies allow it already (its buffers' data is in
    // place: no copy to wait for) is launched by this thread, with no
    // launch function (scheduler::claim).
    if (plan && s.claim(node, deps)) {
      plan->bind_buffers(device_address, texture);
      if (_in_order)
        _last = node;
      const smcp_event_purpose purpose = scheduler::purpose_locked(*node);
      lock.unlock(); // launches what the buffers made ready meanwhile
      launch_claimed(node, *plan, previous.get(), purpose);
      if (_in_order) // under _order_mutex
        _last_launched = true;
      return node;
    }
    auto self = shared_from_this(); // launch functions keep the queue
    scheduler::launch_fn fn;
    if (plan) {
      plan->bind_buffers(device_address, texture);
      event_impl *profiled = plan->follow_up && node->reports_times() ? node.get() : nullptr;
      fn = [self, plan = std::make_shared<kernel_plan>(std::move(*plan)), profiled](
               const dep_list &d, smcp_event_purpose purpose) {
        return self->launch(*plan, scheduler::get().native_wait_list(self->_context.get(), d),
                            purpose, profiled);
      };
    } else if (auto *m = std::get_if<memcpy_command>(&c)) {
      fn = [self, m = *m, peers = peer_route(*m)](const dep_list &d,
                                                  smcp_event_purpose purpose) -> smcp_event {
        if (peers) // device memory of two devices that copy each other's
          return enqueue_peer_copy(*self, m.dest, *peers->second, m.src, *peers->first, m.bytes,
                                   d, purpose);
        auto wait = scheduler::get().native_wait_list(self->_context.get(), d);
        if (!m.bytes)
          return self->marker(wait, purpose);
        smcp_event out = nullptr;
        SMCP_ADAPTER_CALL(self->_context->adapter(), enqueue_memcpy, self->_handle, m.dest, m.src,
                          m.bytes, uint32_t(wait.size()), wait.data(), purpose, &out);
        return out;
      };
    } else if (auto *f = std::get_if<fill_command>(&c)) {
      fn = [self, f = *f](const dep_list &d,
                          smcp_event_purpose purpose) {
        return enqueue_pattern_fill(*self, f.dest, f.pattern, f.count,
                                    scheduler::get().native_wait_list(self->_context.get(), d),
                                    purpose);
      };
    } else if (auto *f = std::get_if<accessor_fill_command>(&c)) {
      char *base = base_of(f->dest->buffer->mem().get());
      const auto region = accessor_region(f->dest->request, f->dest->buffer->offset());
      fn = [self, base, region, pattern = f->pattern](
               const dep_list &d, smcp_event_purpose purpose) {
        return enqueue_region_fill(*self, base, region, pattern,
                                   scheduler::get().native_wait_list(self->_context.get(), d),
                                   purpose);
      };
    } else if (auto *m = std::get_if<accessor_copy_command>(&c)) {
      // Each side: an accessor's region of its buffer here, or dense host memory.
      auto side = [&](const std::shared_ptr<accessor_impl> &a) -> std::pair<char *, memory_region> {
        return {base_of(a->buffer->mem().get()), accessor_region(a->request, a->buffer->offset())};
      };
      std::pair<char *, memory_region> from = m->src ? side(m->src) : std::pair<char *, memory_region>{};
      std::pair<char *, memory_region> to = m->dest ? side(m->dest) : std::pair<char *, memory_region>{};
      if (!m->src)
        from = {static_cast<char *>(const_cast<void *>(m->src_host)),
                dense_region(to.second, m->bytes)};
      if (!m->dest)
        to = {static_cast<char *>(m->dest_host), dense_region(from.second, m->bytes)};
      fn = [self, from, to, bytes = m->bytes](const dep_list &d,
                                              smcp_event_purpose purpose) {
        return enqueue_region_copy(*self, to.first, to.second, from.first, from.second, bytes,
                                   scheduler::get().native_wait_list(self->_context.get(), d),
                                   purpose);
      };
    } else if (std::holds_alternative<std::monostate>(c)) {
      fn = [self](const dep_list &d, smcp_event_purpose purpose) {
        return self->marker(scheduler::get().native_wait_list(self->_context.get(), d), purpose);
      };
    } else if (auto *h = std::get_if<host_task_command>(&c)) {
      auto data = std::make_shared<interop_data>();
      data->queue = self;
      for (const auto &r : recorded.requirements())
        if (!r->is_local && r->buffer && r->request.where != target::host_task)
          data->memory.emplace_back(r.get(), device_address(*r));
      // The body moves on to the pool when the task launches: captured
      // accessors may hold the last reference to a buffer, whose destructor
      // must not run under the scheduler's lock.
      auto body = std::make_shared<std::function<void(const interop_handle &)>>(h->body);
      fn = [node_weak = std::weak_ptr<event_impl>(node), body,
            data](const dep_list &d,
                  smcp_event_purpose) -> smcp_event {
        smcp::rt::thread_pool::get().post([node_weak, body = std::move(*body), data,
                                           d]() mutable {
          auto node = node_weak.lock();
          std::exception_ptr error;
          for (const auto &e : d)
            if (!error)
              error = e->wait();
          if (!error) {
            node->mark_host_start();
            try {
              body(impl_access::make_interop_handle(data.get()));
            } catch (...) {
              error = std::current_exception();
            }
          }
          // The queue hears of the error, then the task lets go of the queue
          // and its captures before the node completes: whoever the
          // completion wakes may drop the last queue handle, whose
          // destructor must find the error (4.6.5.5).
          if (error)
            data->queue->report_async(error);
          body = nullptr;
          data.reset();
          scheduler::lock lock;
          scheduler::get().complete_host(node, error, /*reported=*/true);
        });
        return nullptr;
      };
    }
    if (_in_order)
      _last = node;
    s.add(node, std::move(deps), std::move(fn));
    lock.unlock(node.get()); // launches what is ready, outside the lock; our errors are thrown
  }
  track(node);
  return node;
}

std::optional<std::pair<std::shared_ptr<device_impl>, std::shared_ptr<device_impl>>>
queue_impl::peer_route(const memcpy_command &m) const {
  if (_context->devices().size() < 2 || !m.bytes) // one device: no lookup on the common path
    return std::nullopt;
  const auto src = usm_registry::get().find(m.src), dst = usm_registry::get().find(m.dest);
  if (!src || !dst || src->kind != usm::alloc::device || dst->kind != usm::alloc::device ||
      src->device == dst->device || src->context != _context || dst->context != _context ||
      !_context->peers().direct(*src->device, *dst->device))
    return std::nullopt;
  return std::make_pair(src->device, dst->device);
}

smcp_event queue_impl::enqueue_copy(void *dst, const void *src, size_t bytes,
                                    const dep_list &deps,
                                    smcp_event_purpose purpose) {
  auto wait = scheduler::get().native_wait_list(_context.get(), deps);
  smcp_event out = nullptr;
  SMCP_ADAPTER_CALL(_context->adapter(), enqueue_memcpy, _handle, dst, src, bytes,
                    uint32_t(wait.size()), wait.data(), purpose, &out);
  return out;
}

smcp_event queue_impl::marker(const std::vector<smcp_event> &wait, smcp_event_purpose purpose) {
  if (wait.empty())
    return nullptr;
  smcp_event out = nullptr;
  SMCP_ADAPTER_CALL(_context->adapter(), enqueue_marker, _handle, uint32_t(wait.size()),
                    wait.data(), purpose, &out);
  return out;
}

smcp_event queue_impl::launch(const kernel_plan &plan, const std::vector<smcp_event> &wait,
                              smcp_event_purpose purpose, event_impl *node) {
  if (!plan.follow_up)
    return launch_kernel(plan, wait, purpose);
  // The follow-up waits for the first kernel (the backend queue may run
  // commands out of order), whose event only a profiled command keeps.
  smcp_event first = launch_kernel(plan, wait, node ? SMCP_EVENT_FOR_HOST : SMCP_EVENT_FOR_DEVICE);
  std::vector<smcp_event> after;
  if (first)
    after.push_back(first);
  smcp_event out = nullptr;
  try {
    out = launch_kernel(*plan.follow_up, after, purpose);
  } catch (...) {
    // The command fails, but its first kernel runs on, and its temporaries
    // and buffers must outlive it: the failure waits for its end.
    if (first) {
      const auto &a = _context->adapter();
      a.try_call("event_wait", a.table().event_wait, 1u, &first);
    }
    release_event(first);
    throw;
  }
  if (node)
    node->set_first_native(first);
  else
    release_event(first);
  return out;
}

void queue_impl::release_event(smcp_event e) const {
  if (e)
    _context->adapter().try_call("event_release", _context->adapter().table().event_release, e);
}

smcp_event queue_impl::launch_kernel(const kernel_plan &plan, const std::vector<smcp_event> &wait,
                                     smcp_event_purpose purpose) {
  if (plan.empty) // nothing to run; its dependents still follow its dependencies
    return marker(wait, purpose);
  const auto &k = plan.k;
  smcp_launch geometry{};
  geometry.dims = k.dims;
  const bool native = native_global_offset(*_device);
  for (unsigned d = 0; d < k.dims; ++d) {
    // SYCL's dimension d is the backend's dims-1-d: SYCL's last dimension varies fastest.
    geometry.global[k.dims - 1 - d] = k.global[d];
    geometry.local[k.dims - 1 - d] = k.local[d];
    if (native) // otherwise an implicit argument carries it (check_global_offset)
      geometry.offset[k.dims - 1 - d] = k.offset[d];
  }
  smcp_event out = nullptr;
  SMCP_ADAPTER_CALL(_context->adapter(), enqueue_launch, _handle, plan.kernel, &geometry,
                    uint32_t(plan.args.size()), plan.args.begin(), uint32_t(wait.size()),
                    wait.data(), purpose, &out);
  return out;
}

std::shared_ptr<event_impl> queue_impl::launch_in_order(const kernel_plan &plan,
                                                        handler_impl &recorded) {
  // The backend queue orders the kernel after the previous command, which
  // launched there: nothing to wait for, and nobody else can see the node
  // before it exists. The launch comes first: the host work before it is
  // what a launch + wait pays (work after it overlaps the kernel's round trip).
  const smcp_event native = launch(plan, {}, SMCP_EVENT_FOR_DEVICE); // throws: nothing recorded
  auto node = event_impl::make_node(_context, weak_from_this(), false);
  node->keep_alive(recorded.take_temporaries());
  std::lock_guard<std::mutex> lock(scheduler::get().mutex());
  scheduler::get().adopt_launched(node, native, _last);
  _last = node;
  track_locked(node);
  return node;
}

void queue_impl::launch_claimed(const std::shared_ptr<event_impl> &node, const kernel_plan &plan,
                                const event_impl *previous, smcp_event_purpose purpose) {
  // This queue's previous command needs no wait: the backend queue is in
  // order (but an empty range's marker must still follow it).
  std::vector<smcp_event> wait;
  for (const auto &d : scheduler::claimed_deps(*node))
    if (d.get() != previous || plan.empty)
      if (smcp_event e = scheduler::native_event(*d, _context.get()))
        wait.push_back(e);
  std::exception_ptr error;
  smcp_event native = nullptr;
  try {
    native = launch(plan, wait, purpose, plan.follow_up && node->reports_times() ? node.get() : nullptr);
  } catch (...) {
    error = std::current_exception();
    native = scheduler::fence_after_failure(*node);
  }
  scheduler::lock lock;
  scheduler::get().finish_claimed(node, native, purpose, error);
  track_locked(node); // (unless complete): a failed launch's fence is waited for too
  lock.unlock(); // launches the dependents that came meanwhile
  if (error)
    std::rethrow_exception(error);
}

void queue_impl::track(const std::shared_ptr<event_impl> &e) {
  std::lock_guard<std::mutex> sched(scheduler::get().mutex());
  track_locked(e);
}

void queue_impl::track_locked(const std::shared_ptr<event_impl> &e) {
  if (e->complete_locked())
    return;
  // A queue that is never waited on drops its finished events now and then:
  // when the list has doubled since the last pass, so each event is looked
  // at a constant number of times however many stay in flight.
  if (_submitted.size() >= _prune_at) {
    auto finished = [](const auto &s) { return s->finished_locked(); };
    // An in-order queue's commands finish in order: its finished ones are a
    // prefix, found with a few backend queries rather than one per event.
    if (_in_order)
      _submitted.erase(_submitted.begin(),
                       std::partition_point(_submitted.begin(), _submitted.end(), finished));
    else
      _submitted.erase(std::remove_if(_submitted.begin(), _submitted.end(), finished),
                       _submitted.end());
    _prune_at = std::max<size_t>(1024, 2 * _submitted.size());
  }
  _submitted.push_back(e);
}

void queue_impl::wait() {
  std::vector<std::shared_ptr<event_impl>> events;
  // The device commands still on the backend queue, waited for all at once:
  // a wait per event costs two trips through the graph's lock and an adapter
  // call each, which a queue of many small kernels feels.
  std::vector<smcp_event> running;
  std::vector<bool> in_running; // by index into events
  bool for_device = false;
  {
    std::lock_guard<std::mutex> lock(scheduler::get().mutex());
    events.swap(_submitted);
    _prune_at = 1024;
    in_running.resize(events.size());
    for (size_t i = 0; i < events.size(); ++i)
      if (smcp_event native = events[i]->launched_native_locked()) {
        running.push_back(native);
        in_running[i] = true;
        for_device |= events[i]->launched_for_device_locked();
      }
  }
  const auto &a = _context->adapter();
  // Backend events made for device-side waits only: one wait for the whole
  // backend queue lets the adapter see them done, where waiting for each
  // could cost it a host-visible stand-in per event (adapter_abi.h).
  if (for_device) {
    smcp_result r = a.try_call("queue_finish", a.table().queue_finish, _handle);
    if (r != SMCP_SUCCESS) // each event's own wait still runs and reports its command's failure
      smcp::rt::trace("queue::wait: queue_finish failed (%d)", int(r));
  }
  const bool all_ran =
      running.size() > 1 && a.try_call("event_wait", a.table().event_wait, uint32_t(running.size()),
                                       running.data()) == SMCP_SUCCESS;
  if (all_ran) {
    command_finished();
    std::vector<std::shared_ptr<void>> released; // the commands' temporaries, dropped unlocked
    {
      std::lock_guard<std::mutex> lock(scheduler::get().mutex());
      for (size_t i = 0; i < events.size(); ++i)
        if (in_running[i])
          events[i]->complete_after_wait_locked(released);
    }
    for (size_t i = 0; i < events.size(); ++i)
      if (in_running[i])
        events[i]->check_assert_after_end();
  }
  // What is left: host work, commands that were still pending, and every
  // command's own failure when the common wait failed (each wait names its own).
  for (size_t i = 0; i < events.size(); ++i)
    if (!(all_ran && in_running[i]))
      if (auto error = events[i]->wait())
        report_async(error);
}

void queue_impl::report_async(std::exception_ptr error) {
  std::lock_guard<std::mutex> lock(_mutex);
  _async_errors.push_back(std::move(error));
}

void queue_impl::throw_asynchronous() {
  std::vector<std::exception_ptr> errors;
  {
    std::lock_guard<std::mutex> lock(_mutex);
    errors.swap(_async_errors);
  }
  if (errors.empty())
    return;
  const async_handler &h = _handler ? _handler : _context->handler();
  if (h)
    return h(exception_list(std::move(errors)));
  // No handler anywhere: SYCL 2020 4.13.1.2 says the default one terminates.
  for (const auto &e : errors) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception &x) {
      std::fprintf(stderr, "SYCL asynchronous error without an async_handler: %s\n", x.what());
    } catch (...) {
      std::fprintf(stderr, "SYCL asynchronous error without an async_handler\n");
    }
  }
  std::terminate();
}

} // namespace sycl::detail
