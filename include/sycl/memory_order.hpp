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

/// SPIR-V Scope operand.
constexpr int spirv_scope(memory_scope S) {
  switch (S) {
  case memory_scope::work_item: return 4;  // Invocation
  case memory_scope::sub_group: return 3;  // Subgroup
  case memory_scope::work_group: return 2; // Workgroup
  case memory_scope::device: return 1;     // Device
  case memory_scope::system: return 0;     // CrossDevice
  }
  return 1;
}

/// SPIR-V MemorySemantics operand: the order, applied to work-group and
/// cross-work-group (global) memory, since generic pointers may reach both.
constexpr int spirv_semantics(memory_order O) {
  constexpr int Storage = 0x100 | 0x200; // WorkgroupMemory | CrossWorkgroupMemory
  switch (O) {
  case memory_order::relaxed: return 0;
  case memory_order::acquire: return 0x2 | Storage;
  case memory_order::release: return 0x4 | Storage;
  case memory_order::acq_rel: return 0x8 | Storage;
  case memory_order::seq_cst: return 0x10 | Storage;
  }
  return 0;
}

} // namespace detail
} // namespace sycl
