// kernel_abi.h - the kernel ABI: for every kernel, one ordered list of
// parameters computed by the Clang plugin from the functor's fields, written
// once, as an annotation on the kernel's entry function. KernelWrapperPass
// (device-passes/) reads it to build the real kernel and hands it on to the
// image (the property set of runtime/fatbin/implicit_args.h), where the
// runtime reads it to set the arguments; the plugin also lists each TU's
// annotations for the driver. The host compile needs none of it: it records
// the name and functor size of each kernel it launches (the kernel-use
// records below), which the driver checks against the device compile's list.
//
// Part of the ABI headers (README.md in this folder): plain C++17, no LLVM,
// clang or SYCL includes, so that the plugin, the passes, the tools and the
// runtime all include this one definition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace smcp::abi {

/// Values follow DPC++ so that descriptors read the same in both worlds.
enum class param_kind : unsigned {
  accessor = 0,   // info = accessor info word (below)
  std_layout = 1, // info = size in bytes, copied from the functor
  sampler = 2,
  pointer = 3,    // USM pointer: a global pointer on the device
  spec_const_buffer = 4,
  stream = 5,
};
constexpr unsigned param_kind_count = 6;

constexpr const char *param_kind_name(param_kind k) {
  constexpr const char *names[param_kind_count] = {
      "accessor", "std_layout", "sampler", "pointer", "spec_const_buffer", "stream"};
  return unsigned(k) < param_kind_count ? names[unsigned(k)] : "unknown";
}

struct kernel_param_desc {
  param_kind kind;
  int info;
  int offset; // byte offset of the field inside the functor object
};

constexpr bool operator==(const kernel_param_desc &a, const kernel_param_desc &b) {
  return a.kind == b.kind && a.info == b.info && a.offset == b.offset;
}

// --- The accessor info word ------------------------------------------------
// An accessor parameter's info is its access target | (dimensions << 11), as
// in DPC++. The target decides the address space of the device parameter:
// local_target (sycl::target::local) is local memory, sized at launch.

constexpr int local_target = 2016;
constexpr int accessor_dims_shift = 11;
constexpr int accessor_target_mask = (1 << accessor_dims_shift) - 1;

constexpr int accessor_info(int target, int dims) {
  return target | (dims << accessor_dims_shift);
}
constexpr int accessor_target(int info) { return info & accessor_target_mask; }
constexpr int accessor_dims(int info) { return info >> accessor_dims_shift; }
constexpr bool is_local_accessor(const kernel_param_desc &p) {
  return p.kind == param_kind::accessor && accessor_target(p.info) == local_target;
}

/// A sampled image accessor's second word, in the bytes a kernel receives:
/// the backend texture that serves its reads (CUDA's CUtexObject), or 0 where
/// the kernel reads the texels in code. The runtime writes it at each launch
/// over what the host object holds there (its record's owner).
constexpr int sampled_image_handle_offset = 8;

namespace text_detail {
/// Reads a decimal number of type T (a leading '-' for signed T) that spans
/// all of text and fits T. Hand-written: <charconv> is more than the device
/// compile, which includes this header too, needs to parse.
template <typename T> bool number(std::string_view text, T &value) {
  bool negative = std::numeric_limits<T>::is_signed && !text.empty() && text[0] == '-';
  if (negative)
    text.remove_prefix(1);
  if (text.empty())
    return false;
  using U = unsigned long long;
  const U limit = negative ? U(std::numeric_limits<T>::max()) + 1 : U(std::numeric_limits<T>::max());
  U v = 0;
  for (char c : text) {
    if (c < '0' || c > '9' || v > (limit - U(c - '0')) / 10)
      return false;
    v = v * 10 + U(c - '0');
  }
  value = negative ? T(-static_cast<long long>(v - 1) - 1) : T(v);
  return true;
}

/// Splits text at `sep`, dropping empty pieces.
inline std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> pieces;
  while (!text.empty()) {
    size_t at = text.find(sep);
    if (at != 0)
      pieces.push_back(text.substr(0, at));
    if (at == std::string_view::npos)
      break;
    text.remove_prefix(at + 1);
  }
  return pieces;
}

inline bool known_kind(unsigned kind) { return kind < param_kind_count; }
} // namespace text_detail

// --- Implicit arguments -------------------------------------------------------
// What a kernel needs beyond the user's captures is one list per kernel of
// {kind, payload}, appended after the parameters above (in list order): the
// device passes add the parameters, smcp-post-link records the list in the
// image (runtime/fatbin/implicit_args.h), and the runtime binds each by its
// kind (runtime/core/implicit_args.cpp). Every kind is a global pointer.

enum class implicit_arg_kind : uint32_t {
  device_global = 1,        // payload: the variable's unique id; its instance
  spec_constant_buffer = 2, // targets without native specialization constants (PTX):
                            // SpecId k's value at byte spec_constant_slot * k
  global_offset = 3,        // backends without a native global offset (CUDA):
                            // three u64, the backend's dimensions (0 fastest)
  assert_flag = 4,          // kernels with a device assert: a u32 that a failed
                            // one sets; the runtime aborts once the kernel ends
};
/// Kinds are numbered 1 to this, without gaps.
constexpr implicit_arg_kind last_implicit_arg_kind = implicit_arg_kind::assert_flag;

/// The spec-constant buffer's slot per SpecId: every leaf (a scalar) fits.
constexpr uint32_t spec_constant_slot = 8;

/// Launch constants (device-passes/LaunchConstants.cpp, runtime/fatbin/
/// launch_constants.h): a kernel reads an argument word through a spec
/// constant whose default is this value, "not specialized: read the
/// argument"; the runtime never specializes a word that holds it.
constexpr uint32_t launch_constant_unset = 0xFFFFFFFFu;

constexpr const char *implicit_arg_kind_name(implicit_arg_kind k) {
  switch (k) {
  case implicit_arg_kind::device_global:
    return "device_global";
  case implicit_arg_kind::spec_constant_buffer:
    return "spec_constant_buffer";
  case implicit_arg_kind::global_offset:
    return "global_offset";
  case implicit_arg_kind::assert_flag:
    return "assert_flag";
  }
  return "unknown";
}

// --- Class marks ----------------------------------------------------------------
// The headers tag the classes the plugin must recognise with an `annotate`
// attribute whose string SMCP owns; clang-15 accepts it on a class in both
// compiles and instantiates its arguments with the class. The plugin goes by
// the mark, never by a class name: a user's class named `accessor` or
// `nd_item` is an ordinary class. (Attribute arguments must be string
// literals, hence the macros.)

/// On special classes (accessor, local_accessor): one argument, the accessor
/// info word. The class's first 8 bytes are its data pointer on the device
/// (sycl/detail/kernel_desc.hpp says more).
#define SMCP_ABI_KERNEL_PARAM_MARK "smcp.kernel_param"
/// On nd_item and group (the index of a hierarchical kernel): a kernel over
/// it is launched with work-groups.
#define SMCP_ABI_ND_ITEM_MARK "smcp.nd_item"
/// Hierarchical parallelism (sycl/detail/hierarchical.hpp ->
/// device-passes/LowerWorkGroupScope.cpp): on the function holding a
/// parallel_for_work_group kernel's work-group scope, and on
/// group::parallel_for_work_item, whose calls in it are the work-item scopes.
#define SMCP_ABI_WORK_GROUP_SCOPE_MARK "smcp.work_group_scope"
#define SMCP_ABI_WORK_ITEM_SCOPE_MARK "smcp.work_item_scope"
/// On device_global: one argument, whether it is device_image_scope.
#define SMCP_ABI_DEVICE_GLOBAL_MARK "smcp.device_global_class"
/// On a noinline header function that stays a call where the target has
/// calls (nvptx64; device-passes/InlineIntoKernels.cpp): a rarely taken
/// path, kept out of its callers' loops. It must not use what needs
/// inlining into a kernel (work-item ids, implicit arguments, barriers).
#define SMCP_ABI_OUT_OF_LINE_MARK "smcp.out_of_line"

/// Puts a mark on a class. Only clang's compiles (the user's, and the
/// plugin's device compile) need marks; g++, which builds the runtime,
/// would warn about an attribute it ignores.
#if defined(__clang__)
#define SMCP_ABI_MARK(...) __attribute__((annotate(__VA_ARGS__)))
#else
#define SMCP_ABI_MARK(...)
#endif

constexpr std::string_view kernel_param_mark = SMCP_ABI_KERNEL_PARAM_MARK;
constexpr std::string_view nd_item_mark = SMCP_ABI_ND_ITEM_MARK;
constexpr std::string_view device_global_mark = SMCP_ABI_DEVICE_GLOBAL_MARK;
constexpr std::string_view work_group_scope_mark = SMCP_ABI_WORK_GROUP_SCOPE_MARK;
constexpr std::string_view work_item_scope_mark = SMCP_ABI_WORK_ITEM_SCOPE_MARK;
constexpr std::string_view out_of_line_mark = SMCP_ABI_OUT_OF_LINE_MARK;

// --- The annotation on the device IR -----------------------------------------
// "smcp.kernel <name> <functor size> <kind>:<info>:<offset>...": an
// `annotate` attribute the plugin adds to the entry instantiation (a plugin
// cannot reach the IR clang's code generator builds). Kernel names are
// mangled type names: they hold no spaces.

constexpr std::string_view kernel_annotation_prefix = "smcp.kernel";
/// [[sycl::reqd_work_group_size(N...)]] of a kernel's functor: an annotate
/// attribute on the kernel entry with this text and the 1 to 3 sizes (SYCL's
/// dimension order) as its integer arguments.
constexpr std::string_view reqd_work_group_size_annotation = "smcp.reqd_work_group_size";

struct kernel_annotation {
  std::string name;
  uint64_t functor_size = 0;
  std::vector<kernel_param_desc> params;
};

inline bool operator==(const kernel_annotation &a, const kernel_annotation &b) {
  return a.name == b.name && a.functor_size == b.functor_size && a.params == b.params;
}

inline std::string encode_kernel_annotation(const kernel_annotation &k) {
  std::string text = std::string(kernel_annotation_prefix) + " " + k.name + " " +
                     std::to_string(k.functor_size);
  for (const kernel_param_desc &p : k.params)
    text += " " + std::to_string(unsigned(p.kind)) + ":" + std::to_string(p.info) + ":" +
            std::to_string(p.offset);
  return text;
}

/// False, with error saying what is wrong, for text that is not a complete
/// kernel annotation.
inline bool decode_kernel_annotation(std::string_view text, kernel_annotation &out,
                                     std::string &error) {
  out = kernel_annotation();
  std::vector<std::string_view> fields = text_detail::split(text, ' ');
  if (fields.size() < 3 || fields[0] != kernel_annotation_prefix) {
    error = "a kernel annotation is '" + std::string(kernel_annotation_prefix) +
            " <name> <functor size> <kind>:<info>:<offset>...'";
    return false;
  }
  out.name = std::string(fields[1]);
  if (!text_detail::number(fields[2], out.functor_size)) {
    error = "functor size '" + std::string(fields[2]) + "' is not a number";
    return false;
  }
  for (size_t i = 3; i < fields.size(); ++i) {
    std::vector<std::string_view> parts = text_detail::split(fields[i], ':');
    unsigned kind = 0;
    kernel_param_desc p{};
    if (parts.size() != 3 || !text_detail::number(parts[0], kind) ||
        !text_detail::known_kind(kind) || !text_detail::number(parts[1], p.info) ||
        !text_detail::number(parts[2], p.offset) || p.offset < 0) {
      error = "parameter " + std::to_string(i - 3) + " '" + std::string(fields[i]) +
              "' is not <kind>:<info>:<offset> with a known kind";
      return false;
    }
    p.kind = param_kind(kind);
    out.params.push_back(p);
  }
  return true;
}

// --- Kernels a host compile launches -------------------------------------------
// The host compile runs beside the device compile, so it cannot see the
// kernels the device compile finds. Instead, each kernel the host code
// launches leaves a record in the object's section SMCP_ABI_KERNEL_USES_SECTION:
// u32 functor size (never 0), u32 name size (with its NUL), the name,
// NUL-padded to a multiple of 4 bytes. The driver reads the records
// (decode_kernel_uses) and checks each against the device compile's kernel
// list before the object is written (driver/DeviceCode.h); the section is
// then excluded from links. Several sections of that name may hold records
// (one per COMDAT group), and zero words may pad between records.

#define SMCP_ABI_KERNEL_USES_SECTION ".smcp_kernel_uses"
constexpr std::string_view kernel_uses_section = SMCP_ABI_KERNEL_USES_SECTION;

/// One record, for a name of NameSize bytes with its NUL.
template <size_t NameSize> struct kernel_use_record {
  uint32_t functor_size;
  uint32_t name_size;
  char name[(NameSize + 3) / 4 * 4];
};

struct kernel_use {
  std::string name;
  uint32_t functor_size = 0;
};

/// Appends the records of one section's bytes to out. False, with error
/// saying where, when the bytes are not whole records.
inline bool decode_kernel_uses(std::string_view bytes, std::vector<kernel_use> &out,
                               std::string &error) {
  auto u32_at = [&](size_t at) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
      v = v << 8 | uint8_t(bytes[at + size_t(i)]);
    return v;
  };
  size_t at = 0;
  while (at + 4 <= bytes.size()) {
    const uint32_t size = u32_at(at);
    if (size == 0) { // padding between records
      at += 4;
      continue;
    }
    const uint32_t name_size = at + 8 <= bytes.size() ? u32_at(at + 4) : 0;
    const size_t padded = (size_t(name_size) + 3) / 4 * 4;
    if (name_size == 0 || at + 8 + padded > bytes.size() || bytes[at + 8 + name_size - 1] != 0) {
      error = "the kernel-use record at byte " + std::to_string(at) + " is cut or malformed";
      return false;
    }
    out.push_back({std::string(bytes.substr(at + 8, name_size - 1)), size});
    at += 8 + padded;
  }
  if (at != bytes.size()) {
    error = "the kernel-use records end in a partial word";
    return false;
  }
  return true;
}

} // namespace smcp::abi
