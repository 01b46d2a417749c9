// native_binary.cpp - the test driver's "native binary" of a module
// (zeModuleGetNativeBinary, zeModuleCreate with ZE_MODULE_FORMAT_NATIVE), as
// the adapter's persistent program cache stores it.
//
// The bytes: "SMCPZETD", then the SPIR-V and PoCL's program binary, each
// after its 64-bit size. The SPIR-V gives the kernels' names and parameter
// kinds (spirv_scan.h); PoCL's binary skips the reverse translation and
// the SPIR build, as a real driver's native binary skips its compiler. A
// module made from one is the same as the one it came from, so every rule
// still holds for its kernels. Bytes that are not such a binary fail with
// ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, as a real driver does.
#include "entries.h"

#include <cstring>

namespace smcp::ze_test {
namespace {

constexpr char magic[8] = {'S', 'M', 'C', 'P', 'Z', 'E', 'T', 'D'};

void append_part(std::vector<uint8_t> &out, const void *bytes, uint64_t size) {
  const auto *s = reinterpret_cast<const uint8_t *>(&size);
  out.insert(out.end(), s, s + sizeof(size));
  const auto *b = static_cast<const uint8_t *>(bytes);
  out.insert(out.end(), b, b + size);
}

/// The next part of a binary, or false when it runs past the end.
bool read_part(const uint8_t *&at, const uint8_t *end, const uint8_t *&part, uint64_t &size) {
  if (size_t(end - at) < sizeof(size))
    return false;
  std::memcpy(&size, at, sizeof(size));
  at += sizeof(size);
  if (size > uint64_t(end - at))
    return false;
  part = at;
  at += size;
  return true;
}

bool cl_binary(const module_t &m, std::vector<uint8_t> &out) {
  size_t size = 0;
  if (clGetProgramInfo(m.program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr) !=
          CL_SUCCESS ||
      size == 0)
    return false;
  out.resize(size);
  unsigned char *binaries[1] = {out.data()};
  return clGetProgramInfo(m.program, CL_PROGRAM_BINARIES, sizeof(binaries), binaries, nullptr) ==
         CL_SUCCESS;
}

} // namespace

ze_result_t zeModuleGetNativeBinary(ze_module_handle_t module, size_t *size, uint8_t *binary) {
  ZE_TEST_ENTER("zeModuleGetNativeBinary");
  ZE_TEST_LIVE("zeModuleGetNativeBinary", module, kind::module);
  const module_t &m = *as<module_t>(module);
  std::vector<uint8_t> program;
  if (!cl_binary(m, program))
    return cl_failed("zeModuleGetNativeBinary", "clGetProgramInfo", CL_INVALID_PROGRAM);
  std::vector<uint8_t> bytes(magic, magic + sizeof(magic));
  append_part(bytes, m.spirv.data(), m.spirv.size());
  append_part(bytes, program.data(), program.size());
  if (binary) {
    if (*size < bytes.size())
      return rule_broken("zeModuleGetNativeBinary", "a buffer smaller than the size it gave",
                         ZE_RESULT_ERROR_INVALID_SIZE);
    std::memcpy(binary, bytes.data(), bytes.size());
  }
  *size = bytes.size();
  return ZE_RESULT_SUCCESS;
}

ze_result_t module_from_native(device_t &d, const ze_module_desc_t *desc, module_t &m) {
  const auto *at = static_cast<const uint8_t *>(desc->pInputModule);
  const uint8_t *end = at + desc->inputSize;
  const uint8_t *spirv = nullptr, *program = nullptr;
  uint64_t spirv_size = 0, program_size = 0;
  if (desc->inputSize < sizeof(magic) || std::memcmp(at, magic, sizeof(magic)) != 0 ||
      !read_part(at += sizeof(magic), end, spirv, spirv_size) ||
      !read_part(at, end, program, program_size) || at != end || program_size == 0)
    return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
  m.spirv.assign(spirv, spirv + spirv_size);
  std::string error;
  if (!adapter::spirv_check_structure(m.spirv.data(), m.spirv.size(), error))
    return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
  size_t length = program_size;
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  m.program = clCreateProgramWithBinary(d.context, 1, &d.device, &length, &program, &status, &err);
  if (err == CL_SUCCESS && status != CL_SUCCESS) {
    clReleaseProgram(m.program);
    err = status;
  }
  if (err != CL_SUCCESS) {
    m.program = nullptr;
    return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
  }
  if (clBuildProgram(m.program, 1, &d.device, "", nullptr, nullptr) != CL_SUCCESS) {
    clReleaseProgram(m.program);
    m.program = nullptr;
    return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
  }
  m.kernel_names = adapter::spirv_kernel_names(m.spirv.data(), m.spirv.size());
  return ZE_RESULT_SUCCESS;
}

} // namespace smcp::ze_test
