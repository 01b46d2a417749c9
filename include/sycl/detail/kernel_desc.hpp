// Kernel descriptors on the host side: what the handler hands the runtime for
// a kernel (its name and functor size; the runtime finds its parameter list
// in the device image, abi/kernel_abi.h), the record the host compile leaves
// for the driver's check, and the launch geometry.
#pragma once

#include "abi/kernel_abi.h"

#include <cstddef>
#include <cstdint>
#include <utility>

namespace smcp::detail {

// The kernel ABI itself (parameter kinds, accessor info word, the annotation
// and the kernel-use records) is abi/kernel_abi.h; the headers name these
// inside smcp::detail.
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
  const char *name;      // __builtin_sycl_unique_stable_name of the name type
  unsigned functor_size; // sizeof the functor as the host compile sees it
};

/// Name[0..N) as a kernel-use record (abi/kernel_abi.h).
template <size_t N, size_t... I>
constexpr abi::kernel_use_record<N> make_kernel_use_record(uint32_t functor_size, const char *Name,
                                                           std::index_sequence<I...>) {
  return {functor_size, uint32_t(N), {Name[I]...}};
}

#if defined(__has_builtin) && __has_builtin(__builtin_sycl_unique_stable_name)
/// Kernel Name with functor F, as the host compile launches it: its
/// descriptor, and the record (kept in the object by `used`) that lets the
/// driver check the name and size against the device compile's.
template <typename Name, typename F> struct kernel_use {
  static constexpr kernel_info info{__builtin_sycl_unique_stable_name(Name), unsigned(sizeof(F))};
  static constexpr size_t name_size = __builtin_strlen(info.name) + 1;
  __attribute__((used, section(SMCP_ABI_KERNEL_USES_SECTION))) static constexpr auto record =
      make_kernel_use_record<name_size>(uint32_t(sizeof(F)), info.name,
                                        std::make_index_sequence<name_size>());
};
#else
template <typename Name, typename F> struct kernel_use {
  static_assert(sizeof(F) == 0, "SMCP: kernels are launched from code that syclcc compiles "
                                "(clang with -fsycl-is-host names them)");
};
#endif

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
