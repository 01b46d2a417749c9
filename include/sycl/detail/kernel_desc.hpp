// Kernel ABI shared by the Clang plugin, the device passes and the runtime.
//
// For every kernel the plugin computes one ordered parameter list from the
// functor's fields. It writes the list into the integration header (host) and
// onto the device IR (an annotation read by the kernel-wrapper pass). The enum
// values follow DPC++ so that descriptors read the same in both worlds.
#pragma once

#include <cstddef>

namespace smcp::detail {

/// Special objects (accessors, local accessors) are classes marked
/// [[clang::sycl_special_class]] (device compile) that derive from
///   kernel_param_info<target | (dims << 11)>
/// (a base, not a static member: the plugin reads its template argument,
/// which exists even where no initializer was instantiated), and whose first
/// 8 bytes are, on the device, the data pointer and, on the
/// host, a pointer the runtime resolves to that data (the object's runtime
/// record). Such a field gives two parameters: `accessor` at its offset (the
/// device pointer: global memory, or local memory for target::local, sized
/// at launch) and `std_layout` for its remaining bytes, copied as they are.
/// Host and device layouts must have the same size.
constexpr int local_target = 2016; // sycl::target::local, as in DPC++

template <int Info> struct kernel_param_info {};

enum class param_kind : unsigned {
  accessor = 0,   // info = access target | (dims << 11)
  std_layout = 1, // info = size in bytes, copied from the functor
  sampler = 2,
  pointer = 3,    // USM pointer: a global pointer on the device
  spec_const_buffer = 4,
  stream = 5,
};

struct kernel_param_desc {
  param_kind kind;
  int info;
  int offset; // byte offset of the field inside the functor object
};

struct kernel_info {
  const char *name;               // __builtin_sycl_unique_stable_name of the name type
  unsigned num_params;
  const kernel_param_desc *params;
  unsigned functor_size;          // sizeof the functor as the device compile saw it
};

// Filled in by the integration header of a TU. The primary template is empty
// so that a host compile without an integration header finds no kernels and
// reports that, instead of failing to parse.
/// The integration header specializes tu_kernels<tu_tag>: a type of an
/// anonymous namespace, so that each TU's table stays its own (a
/// specialization for a shared type such as void would be one inline
/// variable across TUs, and the linker would keep only one TU's table).
namespace {
struct tu_tag {};
} // namespace

template <typename Tag> struct tu_kernels {
  static constexpr unsigned count = 0;
  static constexpr const kernel_info *table = nullptr;
};

constexpr bool names_equal(const char *A, const char *B) {
  while (*A && *A == *B) {
    ++A;
    ++B;
  }
  return *A == *B;
}

template <typename Tag> constexpr int find_kernel(const char *Name) {
  for (unsigned I = 0; I < tu_kernels<Tag>::count; ++I)
    if (names_equal(tu_kernels<Tag>::table[I].name, Name))
      return static_cast<int>(I);
  return -1;
}

} // namespace smcp::detail
