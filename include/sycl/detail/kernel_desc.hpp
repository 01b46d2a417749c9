// Kernel descriptors on the host side: the table the integration header
// fills in for its TU (one kernel_info per kernel, its parameter list in the
// kernel ABI of abi/kernel_abi.h), how the handler looks a kernel up, and the
// launch geometry it hands the runtime with it.
#pragma once

#include "abi/kernel_abi.h"

#include <cstddef>

namespace smcp::detail {

// The kernel ABI itself (parameter kinds, accessor info word, the annotation
// and the header entries) is abi/kernel_abi.h; the integration header names
// these inside smcp::detail.
using abi::kernel_param_desc;
using abi::local_target;
using abi::param_kind;

/// Special objects (accessors, local accessors) are classes marked
/// SMCP_KERNEL_PARAM(abi::accessor_info(target, dims)) (and, for clang's own
/// checks, [[clang::sycl_special_class]] in the device compile), whose first
/// 8 bytes are, on the device, the data pointer and, on the host, a pointer
/// the runtime resolves to that data (the object's runtime record). Such a
/// field gives two parameters: `accessor` at its offset (the device pointer:
/// global memory, or local memory for target::local, sized at launch) and
/// `std_layout` for its remaining bytes, copied as they are. Host and device
/// layouts must have the same size.
#define SMCP_KERNEL_PARAM(Info) SMCP_ABI_MARK(SMCP_ABI_KERNEL_PARAM_MARK, Info)

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

/// Only ever evaluated as a constant (find_kernel, in host compiles).
constexpr bool names_equal(const char *A, const char *B) {
#ifdef __clang__
  // One step of clang's constant evaluator instead of an interpreted loop per
  // character: a TU's kernel lookups compare each name with the table's
  // names before it, 0.14 s of a 120-kernel host compile with the loop,
  // 0.05 s with this (issue 16).
  return __builtin_strcmp(A, B) == 0;
#else
  while (*A && *A == *B) {
    ++A;
    ++B;
  }
  return *A == *B;
#endif
}

template <typename Tag> constexpr int find_kernel(const char *Name) {
  for (unsigned I = 0; I < tu_kernels<Tag>::count; ++I)
    if (names_equal(tu_kernels<Tag>::table[I].name, Name))
      return static_cast<int>(I);
  return -1;
}

} // namespace smcp::detail

namespace sycl::detail {

/// The launch geometry in SYCL's dimension order (dimension 0 varies slowest).
/// A zero local size lets the runtime choose.
struct launch_range {
  unsigned dims = 1;
  size_t global[3] = {1, 1, 1};
  size_t local[3] = {0, 0, 0};
  size_t offset[3] = {0, 0, 0};
};

} // namespace sycl::detail
