// module.cpp - modules and kernels. A module is the SPIR-V reverse-translated
// with its specialization values (the OpenCL adapter's spirv_to_spir) and
// built for PoCL as SPIR; a kernel's parameter kinds come from the SPIR-V, so
// that a launch passes pointers as SVM pointers and checks them.
#include "entries.h"
#include "module_dump.h"

#include "../../runtime/adapters/opencl/spirv_to_spir.h"

#include <algorithm>
#include <cstring>

namespace smcp::ze_test {
namespace {

ze_result_t build_failure(ze_module_build_log_handle_t *log, const std::string &text) {
  if (log) {
    auto *l = new build_log_t{text};
    register_handle(l, kind::build_log);
    *log = reinterpret_cast<ze_module_build_log_handle_t>(l);
  }
  return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
}

std::string cl_build_log(cl_program program, cl_device_id device) {
  size_t n = 0;
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
  std::string log(n, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
  log.resize(std::char_traits<char>::length(log.c_str()));
  return log;
}

/// The values of ze_module_constants_t, each as wide as the module says
/// its constant is; false (an empty log, as Intel's driver gives) for an id
/// the module does not declare.
bool spec_values(const std::vector<char> &spirv, const ze_module_constants_t *c,
                 std::vector<std::pair<uint32_t, uint64_t>> &out) {
  if (!c)
    return true;
  const auto sizes = adapter::spirv_spec_constant_sizes(spirv.data(), spirv.size());
  for (uint32_t i = 0; i < c->numConstants; ++i) {
    auto it = std::find_if(sizes.begin(), sizes.end(),
                           [&](const auto &s) { return s.first == c->pConstantIds[i]; });
    if (it == sizes.end())
      return false;
    uint64_t bits = 0;
    std::memcpy(&bits, c->pConstantValues[i], std::min<uint32_t>(it->second, 8));
    out.emplace_back(c->pConstantIds[i], bits);
  }
  return true;
}

} // namespace

ze_result_t zeModuleCreate(ze_context_handle_t context, ze_device_handle_t device,
                           const ze_module_desc_t *desc, ze_module_handle_t *out,
                           ze_module_build_log_handle_t *log) {
  ZE_TEST_ENTER("zeModuleCreate");
  ZE_TEST_LIVE("zeModuleCreate", context, kind::context);
  ZE_TEST_LIVE("zeModuleCreate", device, kind::device);
  auto m = std::make_unique<module_t>();
  m->context = as<context_t>(context);
  if (desc->format == ZE_MODULE_FORMAT_NATIVE) {
    if (ze_result_t r = module_from_native(*as<device_t>(device), desc, *m))
      return r;
    return publish(std::move(m), kind::module, out);
  }
  const char *bytes = reinterpret_cast<const char *>(desc->pInputModule);
  m->spirv.assign(bytes, bytes + desc->inputSize);
  std::string error;
  // Intel's driver ends the process here; the test driver fails the call.
  if (!adapter::spirv_check_structure(m->spirv.data(), m->spirv.size(), error))
    return rule_broken("zeModuleCreate", "a malformed SPIR-V module (Intel's driver would end "
                                         "the process): " + error,
                       build_failure(log, error));
  std::vector<std::pair<uint32_t, uint64_t>> values;
  if (!spec_values(m->spirv, desc->pConstants, values))
    return rule_broken("zeModuleCreate", "a specialization id the module does not declare "
                                         "(Intel's driver fails with an empty build log)",
                       build_failure(log, ""));
  m->dump_key = dump_module(m->spirv, desc->pBuildFlags, desc->pConstants,
                            adapter::spirv_spec_constant_sizes(m->spirv.data(), m->spirv.size()));
  std::vector<char> bitcode;
  if (!opencl::spirv_to_spir_bitcode(m->spirv.data(), m->spirv.size(), values, bitcode, error))
    return build_failure(log, error);
  device_t &d = *as<device_t>(device);
  const auto *code = reinterpret_cast<const unsigned char *>(bitcode.data());
  size_t length = bitcode.size();
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  m->program = clCreateProgramWithBinary(d.context, 1, &d.device, &length, &code, &status, &err);
  if (err != CL_SUCCESS)
    return cl_failed("zeModuleCreate", "clCreateProgramWithBinary", err);
  // The ze build flags (-ze-take-global-address, ...) mean nothing to PoCL.
  err = clBuildProgram(m->program, 1, &d.device, "-x spir -spir-std=1.2", nullptr, nullptr);
  if (err != CL_SUCCESS) {
    std::string text = cl_build_log(m->program, d.device);
    clReleaseProgram(m->program);
    return build_failure(log, text.empty() ? "clBuildProgram failed with " + std::to_string(err)
                                           : text);
  }
  m->kernel_names = adapter::spirv_kernel_names(m->spirv.data(), m->spirv.size());
  if (log) {
    auto *l = new build_log_t{cl_build_log(m->program, d.device)};
    register_handle(l, kind::build_log);
    *log = reinterpret_cast<ze_module_build_log_handle_t>(l);
  }
  return publish(std::move(m), kind::module, out);
}

ze_result_t zeModuleDestroy(ze_module_handle_t module) {
  ZE_TEST_ENTER("zeModuleDestroy");
  ZE_TEST_LIVE("zeModuleDestroy", module, kind::module);
  auto m = retire<module_t>(module, kind::module);
  clReleaseProgram(m->program);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeModuleBuildLogGetString(ze_module_build_log_handle_t log, size_t *size,
                                      char *text) {
  ZE_TEST_ENTER("zeModuleBuildLogGetString");
  ZE_TEST_LIVE("zeModuleBuildLogGetString", log, kind::build_log);
  const std::string &t = as<build_log_t>(log)->text;
  if (text && *size > 0) {
    const size_t n = std::min(*size - 1, t.size());
    std::memcpy(text, t.data(), n);
    text[n] = '\0';
  }
  *size = t.size() + 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeModuleBuildLogDestroy(ze_module_build_log_handle_t log) {
  ZE_TEST_ENTER("zeModuleBuildLogDestroy");
  ZE_TEST_LIVE("zeModuleBuildLogDestroy", log, kind::build_log);
  unregister_handle(log, kind::build_log);
  delete as<build_log_t>(log);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeModuleGetGlobalPointer(ze_module_handle_t module, const char *, size_t *, void **) {
  ZE_TEST_ENTER("zeModuleGetGlobalPointer");
  ZE_TEST_LIVE("zeModuleGetGlobalPointer", module, kind::module);
  // PoCL has no query for a program-scope variable's address.
  return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
}

ze_result_t zeModuleGetKernelNames(ze_module_handle_t module, uint32_t *count, const char **names) {
  ZE_TEST_ENTER("zeModuleGetKernelNames");
  ZE_TEST_LIVE("zeModuleGetKernelNames", module, kind::module);
  const module_t &m = *as<module_t>(module);
  for (uint32_t i = 0; names && i < *count && i < m.kernel_names.size(); ++i)
    names[i] = m.kernel_names[i].c_str();
  *count = uint32_t(m.kernel_names.size());
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelCreate(ze_module_handle_t module, const ze_kernel_desc_t *desc,
                           ze_kernel_handle_t *out) {
  ZE_TEST_ENTER("zeKernelCreate");
  ZE_TEST_LIVE("zeKernelCreate", module, kind::module);
  module_t &m = *as<module_t>(module);
  auto k = std::make_unique<kernel_t>();
  k->module = &m;
  k->name = desc->pKernelName;
  if (!adapter::spirv_kernel_params(m.spirv.data(), m.spirv.size(), k->name, k->params))
    return ZE_RESULT_ERROR_INVALID_KERNEL_NAME;
  cl_int err = CL_SUCCESS;
  k->kernel = clCreateKernel(m.program, k->name.c_str(), &err);
  if (err != CL_SUCCESS)
    return cl_failed("zeKernelCreate", "clCreateKernel", err);
  cl_uint cl_args = 0;
  clGetKernelInfo(k->kernel, CL_KERNEL_NUM_ARGS, sizeof(cl_args), &cl_args, nullptr);
  if (cl_args != k->params.size()) {
    clReleaseKernel(k->kernel);
    return rule_broken("zeKernelCreate", "the SPIR-V declares " + std::to_string(k->params.size()) +
                                             " parameters, PoCL's kernel has " +
                                             std::to_string(cl_args),
                       ZE_RESULT_ERROR_UNKNOWN);
  }
  k->args.resize(k->params.size());
  return publish(std::move(k), kind::kernel, out);
}

ze_result_t zeKernelDestroy(ze_kernel_handle_t kernel) {
  ZE_TEST_ENTER("zeKernelDestroy");
  ZE_TEST_LIVE("zeKernelDestroy", kernel, kind::kernel);
  auto k = retire<kernel_t>(kernel, kind::kernel);
  clReleaseKernel(k->kernel);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelSetArgumentValue(ze_kernel_handle_t kernel, uint32_t index, size_t size,
                                     const void *value) {
  ZE_TEST_ENTER("zeKernelSetArgumentValue");
  ZE_TEST_LIVE("zeKernelSetArgumentValue", kernel, kind::kernel);
  kernel_t &k = *as<kernel_t>(kernel);
  if (index >= k.params.size())
    return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
  const auto param = k.params[index];
  if (param == SMCP_ARG_POINTER && size != sizeof(void *))
    return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
  if (param == SMCP_ARG_LOCAL && value)
    return rule_broken("zeKernelSetArgumentValue", "a local-memory argument takes no value",
                       ZE_RESULT_ERROR_INVALID_ARGUMENT);
  if (param != SMCP_ARG_LOCAL && !value)
    return rule_broken("zeKernelSetArgumentValue", "argument " + std::to_string(index) +
                                                       " needs a value",
                       ZE_RESULT_ERROR_INVALID_ARGUMENT);
  // Level Zero lets one thread at a time set a kernel's state: the lock
  // tells whether the caller kept to that.
  std::unique_lock<std::mutex> lock(k.mutex, std::try_to_lock);
  if (!lock.owns_lock())
    return rule_broken("zeKernelSetArgumentValue",
                       "two threads change one kernel's arguments at once");
  kernel_t::argument &a = k.args[index];
  a.set = true;
  a.size = size;
  a.bytes.assign(static_cast<const unsigned char *>(value),
                 value ? static_cast<const unsigned char *>(value) + size : nullptr);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelSetGroupSize(ze_kernel_handle_t kernel, uint32_t x, uint32_t y, uint32_t z) {
  ZE_TEST_ENTER("zeKernelSetGroupSize");
  ZE_TEST_LIVE("zeKernelSetGroupSize", kernel, kind::kernel);
  kernel_t &k = *as<kernel_t>(kernel);
  const device_t &d = *k.module->context->device;
  if (!x || !y || !z || x > d.max_item[0] || y > d.max_item[1] || z > d.max_item[2] ||
      uint64_t(x) * y * z > d.max_group)
    return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
  std::unique_lock<std::mutex> lock(k.mutex, std::try_to_lock);
  if (!lock.owns_lock())
    return rule_broken("zeKernelSetGroupSize", "two threads change one kernel's state at once");
  k.group[0] = x;
  k.group[1] = y;
  k.group[2] = z;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelSetGlobalOffsetExp(ze_kernel_handle_t kernel, uint32_t x, uint32_t y,
                                      uint32_t z) {
  ZE_TEST_ENTER("zeKernelSetGlobalOffsetExp");
  ZE_TEST_LIVE("zeKernelSetGlobalOffsetExp", kernel, kind::kernel);
  kernel_t &k = *as<kernel_t>(kernel);
  std::unique_lock<std::mutex> lock(k.mutex, std::try_to_lock);
  if (!lock.owns_lock())
    return rule_broken("zeKernelSetGlobalOffsetExp",
                       "two threads change one kernel's state at once");
  k.offset[0] = x;
  k.offset[1] = y;
  k.offset[2] = z;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelSuggestGroupSize(ze_kernel_handle_t kernel, uint32_t gx, uint32_t gy,
                                     uint32_t gz, uint32_t *x, uint32_t *y, uint32_t *z) {
  ZE_TEST_ENTER("zeKernelSuggestGroupSize");
  ZE_TEST_LIVE("zeKernelSuggestGroupSize", kernel, kind::kernel);
  const device_t &d = *as<kernel_t>(kernel)->module->context->device;
  // Per dimension the largest divisor of the global size within what is left
  // of a budget of 256 work-items.
  size_t budget = std::min<size_t>(256, d.max_group);
  const uint32_t global[3] = {gx, gy, gz};
  uint32_t *out[3] = {x, y, z};
  for (int i = 0; i < 3; ++i) {
    uint32_t best = 1;
    for (uint32_t s = uint32_t(std::min<size_t>(budget, d.max_item[i])); s > 1; --s)
      if (global[i] % s == 0) {
        best = s;
        break;
      }
    *out[i] = best;
    budget /= best;
  }
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelSetIndirectAccess(ze_kernel_handle_t kernel,
                                      ze_kernel_indirect_access_flags_t flags) {
  ZE_TEST_ENTER("zeKernelSetIndirectAccess");
  ZE_TEST_LIVE("zeKernelSetIndirectAccess", kernel, kind::kernel);
  kernel_t &k = *as<kernel_t>(kernel);
  std::lock_guard<std::mutex> lock(k.mutex);
  k.indirect = flags;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelGetProperties(ze_kernel_handle_t kernel, ze_kernel_properties_t *p) {
  ZE_TEST_ENTER("zeKernelGetProperties");
  ZE_TEST_LIVE("zeKernelGetProperties", kernel, kind::kernel);
  const kernel_t &k = *as<kernel_t>(kernel);
  p->numKernelArgs = uint32_t(k.params.size());
  p->requiredGroupSizeX = p->requiredGroupSizeY = p->requiredGroupSizeZ = 0;
  p->requiredNumSubGroups = p->requiredSubgroupSize = 0;
  // OpenCL has the kernel's own limit on its group size; sub-groups of one
  // work-item make maxSubgroupSize * maxNumSubgroups that limit.
  size_t limit = k.module->context->device->max_group;
  clGetKernelWorkGroupInfo(k.kernel, k.module->context->device->device, CL_KERNEL_WORK_GROUP_SIZE,
                           sizeof(limit), &limit, nullptr);
  p->maxSubgroupSize = 1;
  p->maxNumSubgroups = uint32_t(limit);
  p->localMemSize = p->privateMemSize = p->spillMemSize = 0;
  std::memset(&p->uuid, 0, sizeof(p->uuid));
  return ZE_RESULT_SUCCESS;
}

} // namespace smcp::ze_test
