// Work-item index built-ins as device code sees them. The device passes
// replace each call with the target's own form (SPIR-V built-in variables on
// spir64). Dimension numbers here are the backend's: 0 varies fastest, the
// reverse of SYCL's order (kernel_launch.hpp does the flip).
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
#endif
