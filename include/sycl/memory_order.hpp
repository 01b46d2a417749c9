// Memory orders and scopes (SYCL 2020 §3.8.3), and how they map onto the
// SPIR-V operands the device built-ins take.
#pragma once

namespace sycl {

enum class memory_order { relaxed, acquire, release, acq_rel, seq_cst };
inline constexpr memory_order memory_order_relaxed = memory_order::relaxed;
inline constexpr memory_order memory_order_acquire = memory_order::acquire;
inline constexpr memory_order memory_order_release = memory_order::release;
inline constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
inline constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;

enum class memory_scope { work_item, sub_group, work_group, device, system };
inline constexpr memory_scope memory_scope_work_item = memory_scope::work_item;
inline constexpr memory_scope memory_scope_sub_group = memory_scope::sub_group;
inline constexpr memory_scope memory_scope_work_group = memory_scope::work_group;
inline constexpr memory_scope memory_scope_device = memory_scope::device;
inline constexpr memory_scope memory_scope_system = memory_scope::system;

namespace detail {

// Arithmetic rather than switches: at -O0 the device code is inlined and
// simplified but not optimised, and SPIR-V wants these operands constant.

/// SPIR-V Scope operand: Invocation 4, Subgroup 3, Workgroup 2, Device 1,
/// CrossDevice 0 for work_item .. system.
constexpr int spirv_scope(memory_scope S) { return 4 - int(S); }

/// SPIR-V MemorySemantics operand: Acquire 0x2, Release 0x4, AcquireRelease
/// 0x8, SequentiallyConsistent 0x10 for acquire .. seq_cst, applied to
/// work-group and cross-work-group memory, since generic pointers may reach
/// both.
constexpr int spirv_semantics(memory_order O) {
  constexpr int Storage = 0x100 | 0x200; // WorkgroupMemory | CrossWorkgroupMemory
  return O == memory_order::relaxed ? 0 : (1 << int(O)) | Storage;
}

} // namespace detail
} // namespace sycl
