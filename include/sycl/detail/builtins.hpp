// Work-item index built-ins as device code sees them. The device passes
// replace each call with the target's own form (SPIR-V built-in variables on
// spir64). Dimension numbers here are the backend's: 0 varies fastest, the
// reverse of SYCL's order (the index classes do the flip).
#pragma once

#include <cstddef>

#ifdef __SYCL_DEVICE_ONLY__
// const: the optimiser may merge and hoist them before they are lowered.
#define SMCP_INDEX_BUILTIN extern "C" __attribute__((const, nothrow)) size_t
SMCP_INDEX_BUILTIN __smcp_global_id(unsigned Dim);
SMCP_INDEX_BUILTIN __smcp_global_size(unsigned Dim);
SMCP_INDEX_BUILTIN __smcp_global_offset(unsigned Dim);
SMCP_INDEX_BUILTIN __smcp_local_id(unsigned Dim);
SMCP_INDEX_BUILTIN __smcp_local_size(unsigned Dim);
SMCP_INDEX_BUILTIN __smcp_group_id(unsigned Dim);
SMCP_INDEX_BUILTIN __smcp_num_groups(unsigned Dim);
#undef SMCP_INDEX_BUILTIN

// Sub-groups: the device's sub-group width (1 where the target has no
// sub-groups, 32 on NVPTX: a warp) and the exchanges between its work-items,
// on 32-bit words. Lanes are the work-group's linear local ids modulo the
// width; the last sub-group of a work-group may have fewer lanes.
extern "C" __attribute__((const, nothrow)) unsigned __smcp_sub_group_max_size(void);
// convergent: every lane of the sub-group must reach the same call.
#define SMCP_SUB_GROUP_BUILTIN extern "C" __attribute__((convergent, nothrow)) unsigned
SMCP_SUB_GROUP_BUILTIN __smcp_sub_group_shuffle(unsigned Value, unsigned Lane);
SMCP_SUB_GROUP_BUILTIN __smcp_sub_group_shuffle_xor(unsigned Value, unsigned Mask);
SMCP_SUB_GROUP_BUILTIN __smcp_sub_group_shuffle_down(unsigned Value, unsigned Delta);
SMCP_SUB_GROUP_BUILTIN __smcp_sub_group_shuffle_up(unsigned Value, unsigned Delta);
SMCP_SUB_GROUP_BUILTIN __smcp_sub_group_ballot(unsigned Predicate);
#undef SMCP_SUB_GROUP_BUILTIN
#endif

namespace sycl::detail {

/// The index built-ins in SYCL's dimension order for a Dims-dimensional
/// launch. Host compiles see zeros: index objects exist only in kernels.
enum class index_query { global_id, global_size, global_offset, local_id, local_size, group_id, num_groups };

template <index_query Q, int Dims> inline size_t query_index(int D) {
#ifdef __SYCL_DEVICE_ONLY__
  unsigned Dim = unsigned(Dims - 1 - D);
  if constexpr (Q == index_query::global_id)
    return __smcp_global_id(Dim);
  else if constexpr (Q == index_query::global_size)
    return __smcp_global_size(Dim);
  else if constexpr (Q == index_query::global_offset)
    return __smcp_global_offset(Dim);
  else if constexpr (Q == index_query::local_id)
    return __smcp_local_id(Dim);
  else if constexpr (Q == index_query::local_size)
    return __smcp_local_size(Dim);
  else if constexpr (Q == index_query::group_id)
    return __smcp_group_id(Dim);
  else
    return __smcp_num_groups(Dim);
#else
  (void)D;
  return 0;
#endif
}

} // namespace sycl::detail
