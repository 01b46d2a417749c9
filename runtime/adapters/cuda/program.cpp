// program.cpp - programs from PTX images (text, JIT-compiled by the driver
// for the device) or from cubins and CUDA fat binaries, passed as they are.
#include "program.h"

#include "entry_points.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace smcp::cuda {
namespace {

constexpr size_t log_capacity = 16 * 1024;

/// A cubin (ELF) or a CUDA fat binary, rather than PTX text.
bool is_binary(const void *image, size_t size) {
  static const unsigned char elf_magic[4] = {0x7f, 'E', 'L', 'F'};
  const uint32_t fatbin_magic = 0xBA55ED50u;
  if (size < 4)
    return false;
  uint32_t word = 0;
  std::memcpy(&word, image, 4);
  return std::memcmp(image, elf_magic, 4) == 0 || word == fatbin_magic;
}

std::string log_text(const std::vector<char> &log) {
  return std::string(log.data(), strnlen(log.data(), log.size()));
}

} // namespace

program_record::~program_record() {
  if (module && make_current(where->primary) == SMCP_SUCCESS)
    SMCP_CU_CHECK(cuModuleUnload, (module));
}

smcp_result program_create(smcp_context context, smcp_device device, smcp_image_format format,
                           const void *image, size_t size, uint32_t num_spec_constants,
                           const smcp_spec_constant *, const char *, smcp_program *out) {
  if (format != SMCP_IMAGE_FORMAT_PTX)
    return fail(SMCP_ERROR_UNSUPPORTED, "program_create", CUDA_SUCCESS,
                "the CUDA adapter loads only PTX images");
  // PTX has no specialization constants: libsycl passes their values as an
  // implicit kernel argument instead.
  if (num_spec_constants > 0)
    return fail(SMCP_ERROR_UNSUPPORTED, "program_create", CUDA_SUCCESS,
                "PTX images take no native specialization constants");
  auto program = std::make_shared<program_record>();
  SMCP_TRY(enter(context, device, "program_create", program->where));
  // PTX text arrives without its terminating NUL, which the driver needs.
  std::string text;
  if (!is_binary(image, size)) {
    text.assign(static_cast<const char *>(image), size);
    image = text.c_str();
  }
  std::vector<char> error_log(log_capacity, '\0'), info_log(log_capacity, '\0');
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {error_log.data(), reinterpret_cast<void *>(uintptr_t(error_log.size() - 1)),
                    info_log.data(), reinterpret_cast<void *>(uintptr_t(info_log.size() - 1))};
  const CUresult r = driver.cuModuleLoadDataEx(&program->module, image, 4, options, values);
  if (trace_enabled() && info_log[0])
    std::fprintf(stderr, "SMCP cuda: JIT log:\n%s\n", log_text(info_log).c_str());
  if (!check(r, "cuModuleLoadDataEx", __FILE__, __LINE__)) {
    program->module = nullptr;
    // Whatever the driver disliked about the image is a failed build for
    // SYCL (errc::build), with the driver's name for it as the native error.
    std::string log = log_text(error_log);
    const smcp_result result =
        to_result(r) == SMCP_ERROR_OUT_OF_MEMORY ? SMCP_ERROR_OUT_OF_MEMORY : SMCP_ERROR_BUILD_FAILED;
    return fail(result, "cuModuleLoadDataEx", r, log.empty() ? "(the driver gave no log)" : log);
  }
  *out = reinterpret_cast<smcp_program>(new program_handle{std::move(program)});
  return SMCP_SUCCESS;
}

smcp_result program_release(smcp_program program) {
  delete reinterpret_cast<program_handle *>(program);
  return SMCP_SUCCESS;
}

smcp_result program_get_global_pointer(smcp_program program, const char *name, void **out,
                                       size_t *size) {
  const program_record &p = to_record(program);
  SMCP_TRY(make_current(p.where->primary));
  CUdeviceptr address = 0;
  size_t bytes = 0;
  SMCP_CU_CALL(cuModuleGetGlobal, (&address, &bytes, p.module, name));
  *out = reinterpret_cast<void *>(address);
  if (size)
    *size = bytes;
  return SMCP_SUCCESS;
}

// The CUDA driver keeps its own cache of JIT-compiled PTX
// (CUDA_CACHE_PATH, ~/.nv/ComputeCache) and images with a cubin for the GPU
// load without a JIT step: libsycl's persistent cache has nothing to add.
smcp_result program_get_binary(smcp_program, size_t, void *, size_t *) {
  return fail(SMCP_ERROR_UNSUPPORTED, "program_get_binary", CUDA_SUCCESS,
              "the CUDA driver caches its own JIT output (CUDA_CACHE_PATH)");
}

smcp_result program_create_from_binary(smcp_context, smcp_device, const void *, size_t,
                                       const char *, smcp_program *) {
  return fail(SMCP_ERROR_UNSUPPORTED, "program_create_from_binary", CUDA_SUCCESS,
              "the CUDA driver caches its own JIT output (CUDA_CACHE_PATH)");
}

} // namespace smcp::cuda
