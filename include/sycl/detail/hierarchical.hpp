// Hierarchical parallelism (SYCL 2020 3.9.5, 4.9.4.2.3): what the headers
// and device-passes/LowerWorkGroupScope.cpp agree on.
//
// A parallel_for_work_group kernel is launched over an nd_range: every
// work-item calls the work-group function (detail::work_group_scope in
// kernel_launch.hpp), marked SMCP_WORK_GROUP_SCOPE. Its calls of
// group::parallel_for_work_item (SMCP_WORK_ITEM_SCOPE) are the work-item
// scopes, which every work-item runs. The pass makes the rest run once per
// group: the function's variables move to local memory, its side effects run
// on the group's leader between barriers, and values the leader computes are
// shared through local memory. private_memory objects stay per work-item:
// their constructor calls __smcp_private_memory(this).
//
// Both functions stay out of line (noinline) until the pass has run, so that
// neither clang's optimiser nor the device link folds the scopes together;
// the pass inlines everything else into the work-group function first.
#pragma once

#include "abi/kernel_abi.h"

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_WORK_GROUP_SCOPE __attribute__((noinline, annotate(SMCP_ABI_WORK_GROUP_SCOPE_MARK)))
#define SMCP_WORK_ITEM_SCOPE __attribute__((noinline, annotate(SMCP_ABI_WORK_ITEM_SCOPE_MARK)))
extern "C" __attribute__((nothrow)) void __smcp_private_memory(void *Object);
#else
#define SMCP_WORK_GROUP_SCOPE
#define SMCP_WORK_ITEM_SCOPE
#endif
