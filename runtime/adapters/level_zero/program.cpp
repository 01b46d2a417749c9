// program.cpp - programs from SPIR-V images through zeModuleCreate, with the
// specialization constants the image declares (ze_module_constants_t) and
// the build log in the error of a failed build; and from the native binaries
// zeModuleGetNativeBinary gives (the persistent program cache).
#include "program.h"

#include "../support/binary_envelope.h"
#include "../support/spirv_scan.h"
#include "../support/ze_module_inputs.h"
#include "entry_points.h"

#include <string>
#include <vector>

namespace smcp::level_zero {
namespace {

std::string read_log(ze_module_build_log_handle_t log) {
  if (!log)
    return {};
  size_t n = 0;
  std::string text;
  if (zeModuleBuildLogGetString(log, &n, nullptr) == ZE_RESULT_SUCCESS && n > 0) {
    text.resize(n);
    if (zeModuleBuildLogGetString(log, &n, text.data()) != ZE_RESULT_SUCCESS)
      text.clear();
    text.resize(std::char_traits<char>::length(text.c_str()));
  }
  SMCP_ZE_CHECK(zeModuleBuildLogDestroy, (log));
  return text;
}

/// zeModuleCreate for p's context and device; the build log goes to text.
ze_result_t create_module(program_record &p, ze_module_format_t format, const void *input,
                          size_t size, const std::string &flags,
                          const ze_module_constants_t *constants, std::string &text) {
  ze_module_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
  desc.format = format;
  desc.inputSize = size;
  desc.pInputModule = static_cast<const uint8_t *>(input);
  desc.pBuildFlags = flags.c_str();
  desc.pConstants = constants;
  ze_module_build_log_handle_t log = nullptr;
  const ze_result_t r = zeModuleCreate(p.context->handle, p.device->handle, &desc, &p.module, &log);
  text = read_log(log);
  return r;
}

} // namespace

program_record::~program_record() {
  if (module)
    SMCP_ZE_CHECK(zeModuleDestroy, (module));
}

smcp_result program_create(smcp_context context, smcp_device device, smcp_image_format format,
                           const void *image, size_t size, uint32_t num_spec_constants,
                           const smcp_spec_constant *spec_constants, const char *options,
                           smcp_program *out) {
  if (format != SMCP_IMAGE_FORMAT_SPIRV)
    return fail(SMCP_ERROR_UNSUPPORTED, "program_create", ZE_RESULT_SUCCESS,
                "the Level Zero adapter loads only SPIR-V images");
  auto p = std::make_shared<program_record>();
  p->context = to_ref(context);
  SMCP_TRY(check_device(*p->context, device, "program_create"));
  p->device = &to_record(device);
  // Intel's driver ends the process on a malformed module: check it first.
  std::string error;
  if (!adapter::spirv_check_structure(image, size, error))
    return fail(SMCP_ERROR_BUILD_FAILED, "zeModuleCreate", ZE_RESULT_SUCCESS,
                error + "; not passed to the driver");
  // The inputs lane 2 gives Intel's compiler too (ze_module_inputs.h).
  adapter::ze_spec_constants spec = adapter::ze_declared_spec_constants(
      image, size, num_spec_constants, [&](size_t i) {
        return std::make_pair(spec_constants[i].spec_id, spec_constants[i].value);
      });
  ze_module_constants_t constants{};
  constants.numConstants = uint32_t(spec.ids.size());
  constants.pConstantIds = spec.ids.data();
  constants.pConstantValues = spec.values.data();
  std::string text;
  const ze_result_t r = create_module(*p, ZE_MODULE_FORMAT_IL_SPIRV, image, size,
                                      adapter::ze_build_flags(options), &constants, text);
  if (trace_enabled() && !text.empty())
    std::fprintf(stderr, "SMCP level_zero: build log:\n%s\n", text.c_str());
  if (!check(r, "zeModuleCreate", __FILE__, __LINE__)) {
    p->module = nullptr;
    // Only the compiler's refusals are build failures, with the log; any
    // other result (a lost device, no memory) is what it says.
    if (r == ZE_RESULT_ERROR_MODULE_BUILD_FAILURE || r == ZE_RESULT_ERROR_MODULE_LINK_FAILURE)
      return fail(SMCP_ERROR_BUILD_FAILED, "zeModuleCreate", r,
                  text.empty() ? "(the driver's build log is empty)" : text);
    return text.empty() ? to_result(r) : fail(to_result(r), "zeModuleCreate", r, text);
  }
  *out = reinterpret_cast<smcp_program>(new program_handle{std::move(p)});
  return SMCP_SUCCESS;
}

smcp_result program_get_binary(smcp_program program, size_t size, void *value, size_t *size_ret) {
  const program_record &p = to_record(program);
  size_t bytes = 0;
  SMCP_ZE_CALL(zeModuleGetNativeBinary, (p.module, &bytes, nullptr));
  return adapter::answer_enveloped_binary(bytes, size, value, size_ret, [&](uint8_t *dest) {
    SMCP_ZE_CALL(zeModuleGetNativeBinary, (p.module, &bytes, dest));
    return SMCP_SUCCESS;
  });
}

smcp_result program_create_from_binary(smcp_context context, smcp_device device,
                                       const void *binary, size_t size, const char *options,
                                       smcp_program *out) {
  // Intel's driver may end the process on bytes it does not expect.
  const void *native = nullptr;
  size_t length = 0;
  std::string why;
  if (!adapter::open_binary_envelope(binary, size, &native, &length, why))
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "program_create_from_binary", ZE_RESULT_SUCCESS,
                why);
  auto p = std::make_shared<program_record>();
  p->context = to_ref(context);
  SMCP_TRY(check_device(*p->context, device, "program_create_from_binary"));
  p->device = &to_record(device);
  // The specialization values are in the binary already.
  std::string text;
  const ze_result_t r = create_module(*p, ZE_MODULE_FORMAT_NATIVE, native, length,
                                      adapter::ze_build_flags(options), nullptr, text);
  if (!check(r, "zeModuleCreate", __FILE__, __LINE__)) {
    p->module = nullptr;
    if (r == ZE_RESULT_ERROR_INVALID_NATIVE_BINARY)
      return fail(SMCP_ERROR_INVALID_ARGUMENT, "zeModuleCreate", r,
                  "the driver does not take this native binary");
    return text.empty() ? to_result(r) : fail(to_result(r), "zeModuleCreate", r, text);
  }
  *out = reinterpret_cast<smcp_program>(new program_handle{std::move(p)});
  return SMCP_SUCCESS;
}

smcp_result program_release(smcp_program program) {
  delete reinterpret_cast<program_handle *>(program);
  return SMCP_SUCCESS;
}

smcp_result program_get_global_pointer(smcp_program program, const char *name, void **out,
                                       size_t *size) {
  size_t bytes = 0;
  SMCP_ZE_CALL(zeModuleGetGlobalPointer, (to_record(program).module, name, &bytes, out));
  if (size)
    *size = bytes;
  return SMCP_SUCCESS;
}

} // namespace smcp::level_zero
