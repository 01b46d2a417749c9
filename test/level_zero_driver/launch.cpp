// launch.cpp - a kernel launch: the kernel's arguments and group size as they
// are at the append (Level Zero's semantics), checked, then set on the
// cl_kernel and enqueued when the command runs.
//
// The checks: every argument set; the group size set; a pointer argument is
// null or inside a USM allocation of the kernel's context; a by-value
// argument whose bytes hold the address of a USM allocation needs the
// kernel's indirect access flag for that kind of memory (the driver would
// not make the allocation resident otherwise).
#include "entries.h"
#include "module_dump.h"

#include <algorithm>
#include <cstring>

namespace smcp::ze_test {
namespace {

ze_kernel_indirect_access_flags_t flag_for(ze_memory_type_t type) {
  switch (type) {
  case ZE_MEMORY_TYPE_HOST:
    return ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST;
  case ZE_MEMORY_TYPE_DEVICE:
    return ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE;
  default:
    return ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED;
  }
}

const char *type_name(ze_memory_type_t type) {
  switch (type) {
  case ZE_MEMORY_TYPE_HOST:
    return "host";
  case ZE_MEMORY_TYPE_DEVICE:
    return "device";
  default:
    return "shared";
  }
}

ze_result_t check_arguments_locked(const char *call, const kernel_t &k) {
  if (!k.group[0])
    return rule_broken(call, "kernel '" + k.name + "' is launched before zeKernelSetGroupSize");
  for (size_t i = 0; i < k.args.size(); ++i) {
    const kernel_t::argument &a = k.args[i];
    if (!a.set)
      return rule_broken(call, "argument " + std::to_string(i) + " of kernel '" + k.name +
                                   "' was never set");
    if (k.params[i] == SMCP_ARG_POINTER) {
      void *p = nullptr;
      std::memcpy(&p, a.bytes.data(), sizeof(p));
      allocation found{};
      if (p && (!allocations().find(p, found) || found.context != k.module->context))
        return rule_broken(call, "pointer argument " + std::to_string(i) + " of kernel '" +
                                     k.name + "' is not USM memory of the kernel's context");
    } else if (k.params[i] == SMCP_ARG_VALUE) {
      for (size_t at = 0; at + sizeof(void *) <= a.bytes.size(); at += sizeof(void *)) {
        void *p = nullptr;
        std::memcpy(&p, a.bytes.data() + at, sizeof(p));
        allocation found{};
        if (p && allocations().find(p, found) && !(k.indirect & flag_for(found.type)))
          return rule_broken(call, std::string("argument ") + std::to_string(i) + " of kernel '" +
                                       k.name + "' holds a pointer to " + type_name(found.type) +
                                       " USM, and the kernel has no indirect access to it "
                                       "(zeKernelSetIndirectAccess)");
      }
    }
  }
  return ZE_RESULT_SUCCESS;
}

} // namespace

ze_result_t make_launch(const char *call, kernel_t &k, const ze_group_count_t &count,
                        command_fn &out) {
  std::vector<kernel_t::argument> args;
  size_t local[3], global[3], offset[3];
  {
    std::unique_lock<std::mutex> lock(k.mutex, std::try_to_lock);
    if (!lock.owns_lock())
      return rule_broken(call, "kernel '" + k.name + "' is launched while another thread "
                                                      "changes its state");
    if (ze_result_t r = check_arguments_locked(call, k))
      return r;
    if (!k.dumped) { // lane 2 creates the kernel with this many arguments
      k.dumped = true;
      dump_kernel(k.module->dump_key, k.name,
                  size_t(std::count_if(k.args.begin(), k.args.end(),
                                       [](const kernel_t::argument &a) { return a.set; })));
    }
    args = k.args;
    const uint32_t groups[3] = {count.groupCountX, count.groupCountY, count.groupCountZ};
    for (int d = 0; d < 3; ++d) {
      local[d] = k.group[d];
      global[d] = size_t(groups[d]) * k.group[d];
      offset[d] = k.offset[d];
    }
  }
  kernel_t *kp = &k;
  out = [kp, args = std::move(args), local, global, offset](cl_command_queue q, cl_uint n,
                                                     const cl_event *w, cl_event *done) {
    std::lock_guard<std::mutex> lock(kp->mutex);
    for (size_t i = 0; i < args.size(); ++i) {
      cl_int err = CL_SUCCESS;
      switch (kp->params[i]) {
      case SMCP_ARG_POINTER: {
        void *p = nullptr;
        std::memcpy(&p, args[i].bytes.data(), sizeof(p));
        err = clSetKernelArgSVMPointer(kp->kernel, cl_uint(i), p);
        break;
      }
      case SMCP_ARG_LOCAL:
        err = clSetKernelArg(kp->kernel, cl_uint(i), args[i].size, nullptr);
        break;
      case SMCP_ARG_VALUE:
        err = clSetKernelArg(kp->kernel, cl_uint(i), args[i].size, args[i].bytes.data());
        break;
      }
      if (err != CL_SUCCESS)
        return cl_failed("zeCommandListAppendLaunchKernel", "clSetKernelArg", err);
    }
    if (global[0] == 0 || global[1] == 0 || global[2] == 0) // nothing to run
      return clEnqueueMarkerWithWaitList(q, n, w, done) == CL_SUCCESS ? ZE_RESULT_SUCCESS
                                                                      : ZE_RESULT_ERROR_UNKNOWN;
    cl_int err = clEnqueueNDRangeKernel(q, kp->kernel, 3, offset, global, local, n, w, done);
    return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                             : cl_failed("zeCommandListAppendLaunchKernel",
                                         "clEnqueueNDRangeKernel", err);
  };
  return ZE_RESULT_SUCCESS;
}

} // namespace smcp::ze_test
