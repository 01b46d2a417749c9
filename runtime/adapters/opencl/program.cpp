// program.cpp - OpenCL programs from SPIR-V images.
//
// A device that lists SPIR-V in CL_DEVICE_IL_VERSION takes the image as IL.
// One that only has cl_khr_spir (PoCL 3.1) gets it reverse-translated to SPIR
// 1.2 bitcode, built with "-x spir -spir-std=1.2". Specialization constants
// go to clSetProgramSpecializationConstant for IL, and into the reverse
// translation (which specializes the module) for SPIR. A built program's
// CL_PROGRAM_BINARIES come back through clCreateProgramWithBinary (the
// persistent program cache).
#include "../support/binary_envelope.h"
#include "common.h"
#include "entry_points.h"
#include "spirv_to_spir.h"

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace smcp::opencl {
namespace {

std::string build_log(cl_program program, cl_device_id device) {
  size_t n = 0;
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n) !=
      CL_SUCCESS)
    return "(no build log: clGetProgramBuildInfo failed)";
  std::string log(n, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
  log.resize(std::char_traits<char>::length(log.c_str()));
  return log;
}

/// Builds program for device; on failure releases it and records the log.
smcp_result build(cl_program program, cl_device_id device, const std::string &options,
                  smcp_program *out) {
  cl_int err = clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
  if (!check(err, "clBuildProgram", __FILE__, __LINE__)) {
    std::string log = build_log(program, device);
    clReleaseProgram(program);
    if (err != CL_BUILD_PROGRAM_FAILURE)
      return to_result(err);
    return fail(SMCP_ERROR_BUILD_FAILED, "clBuildProgram", err, log);
  }
  *out = reinterpret_cast<smcp_program>(program);
  return SMCP_SUCCESS;
}

using spec_values = std::vector<std::pair<uint32_t, uint64_t>>;

smcp_result create_from_il(cl_context context, cl_device_id device, const void *image,
                           size_t size, uint32_t num_spec, const smcp_spec_constant *spec,
                           const std::string &options, smcp_program *out) {
  cl_int err = CL_SUCCESS;
  cl_program program = clCreateProgramWithIL(context, image, size, &err);
  SMCP_CL_CHECK(err, clCreateProgramWithIL);
  for (uint32_t i = 0; i < num_spec; ++i) {
    err = clSetProgramSpecializationConstant(program, spec[i].spec_id, spec[i].size,
                                             spec[i].value);
    if (!check(err, "clSetProgramSpecializationConstant", __FILE__, __LINE__)) {
      clReleaseProgram(program);
      return to_result(err);
    }
  }
  return build(program, device, options, out);
}

smcp_result create_from_spir(cl_context context, cl_device_id device, const void *image,
                             size_t size, const spec_values &spec, const std::string &options,
                             smcp_program *out) {
  std::vector<char> bitcode;
  std::string error;
  if (!spirv_to_spir_bitcode(image, size, spec, bitcode, error))
    return fail(SMCP_ERROR_BUILD_FAILED, "llvm::readSpirv", CL_SUCCESS, error);
  const auto *bytes = reinterpret_cast<const unsigned char *>(bitcode.data());
  size_t length = bitcode.size();
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  cl_program program =
      clCreateProgramWithBinary(context, 1, &device, &length, &bytes, &status, &err);
  SMCP_CL_CHECK(err, clCreateProgramWithBinary);
  return build(program, device, "-x spir -spir-std=1.2 " + options, out);
}

} // namespace

smcp_result program_create(smcp_context context, smcp_device device, smcp_image_format format,
                           const void *image, size_t size, uint32_t num_spec_constants,
                           const smcp_spec_constant *spec_constants, const char *options,
                           smcp_program *out) {
  if (format != SMCP_IMAGE_FORMAT_SPIRV)
    return fail(SMCP_ERROR_UNSUPPORTED, "program_create", CL_INVALID_BINARY,
                "the OpenCL adapter loads only SPIR-V images");
  spec_values spec;
  for (uint32_t i = 0; i < num_spec_constants; ++i) {
    const smcp_spec_constant &c = spec_constants[i];
    if (c.size == 0 || c.size > sizeof(uint64_t) || !c.value)
      return fail(SMCP_ERROR_INVALID_ARGUMENT, "program_create", CL_INVALID_VALUE,
                  "specialization constant " + std::to_string(c.spec_id) + " has a " +
                      std::to_string(c.size) + "-byte value (1 to 8 bytes expected)");
    uint64_t bits = 0; // little-endian host and device: the low bytes
    std::memcpy(&bits, c.value, c.size);
    spec.emplace_back(c.spec_id, bits);
  }
  const std::string opts = options ? options : "";
  cl_device_id d = to_cl(device);
  if (device_accepts_spirv_il(d))
    return create_from_il(to_cl(context), d, image, size, num_spec_constants, spec_constants,
                          opts, out);
  if (device_has_extension(d, "cl_khr_spir"))
    return create_from_spir(to_cl(context), d, image, size, spec, opts, out);
  return fail(SMCP_ERROR_UNSUPPORTED, "program_create", CL_INVALID_BINARY,
              "the device takes neither SPIR-V IL (CL_DEVICE_IL_VERSION) nor SPIR (cl_khr_spir)");
}

smcp_result program_get_binary(smcp_program program, size_t size, void *value, size_t *size_ret) {
  cl_program p = to_cl(program);
  cl_uint devices = 0;
  SMCP_CL_CALL(clGetProgramInfo,
               (p, CL_PROGRAM_NUM_DEVICES, sizeof(devices), &devices, nullptr));
  if (devices != 1) // program_create makes one-device programs only
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "program_get_binary", CL_INVALID_PROGRAM,
                "a program of " + std::to_string(devices) + " devices");
  size_t bytes = 0;
  SMCP_CL_CALL(clGetProgramInfo, (p, CL_PROGRAM_BINARY_SIZES, sizeof(bytes), &bytes, nullptr));
  if (bytes == 0)
    return fail(SMCP_ERROR_UNSUPPORTED, "program_get_binary", CL_SUCCESS,
                "the OpenCL driver gives no binary for this program");
  return adapter::answer_enveloped_binary(bytes, size, value, size_ret, [&](uint8_t *dest) {
    unsigned char *binaries[1] = {dest};
    SMCP_CL_CALL(clGetProgramInfo, (p, CL_PROGRAM_BINARIES, sizeof(binaries), binaries, nullptr));
    return SMCP_SUCCESS;
  });
}

smcp_result program_create_from_binary(smcp_context context, smcp_device device,
                                       const void *binary, size_t size, const char *options,
                                       smcp_program *out) {
  // PoCL asserts on a cut binary: only whole ones reach it.
  const void *native = nullptr;
  size_t length = 0;
  std::string why;
  if (!adapter::open_binary_envelope(binary, size, &native, &length, why))
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "program_create_from_binary", CL_INVALID_BINARY, why);
  const auto *bytes = static_cast<const unsigned char *>(native);
  cl_device_id d = to_cl(device);
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  cl_program program =
      clCreateProgramWithBinary(to_cl(context), 1, &d, &length, &bytes, &status, &err);
  if (err == CL_SUCCESS && status != CL_SUCCESS) {
    clReleaseProgram(program);
    err = status;
  }
  if (err == CL_INVALID_BINARY)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "clCreateProgramWithBinary", err,
                "the OpenCL driver does not take this binary");
  SMCP_CL_CHECK(err, clCreateProgramWithBinary);
  // The binary is the driver's own (not SPIR): only the caller's options.
  return build(program, d, options ? options : "", out);
}

smcp_result program_release(smcp_program program) {
  SMCP_CL_CALL(clReleaseProgram, (to_cl(program)));
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
