// ze_image_check.cpp - lane 2: Intel's own Level Zero compiler accepts what
// SMCP emits. For every SPIR-V image in the given executables (their
// "smcp_images" section): zeModuleCreate with the image's specialization
// constants at their default values and -ze-take-global-address, as the
// adapter builds it; zeKernelCreate of every kernel, whose argument count
// (zeKernelGetProperties) must equal the SPIR-V kernel's parameter list,
// which the device passes generate from the kernel-ABI list and the
// implicit arguments. device_globals reach kernels as implicit arguments
// (no module-scope variable is left in the image, so there is nothing for
// zeModuleGetGlobalPointer to find): each kernel's implicit arguments must be
// among the parameters Intel's compiler counts.
//
// Usage: smcp-ze-image-check [--modules-only] <executable or blob>...
// Exit 0: all accepted. An image whose kernels use fp64 on a device without
// it (Tiger Lake) is reported as "needs fp64" and not counted as a failure:
// check_e2e_images.py builds those again for a device with fp64.
// Run it against Intel's driver in capture mode (check_e2e_images.py): the
// kernels are compiled by the real compiler but never executed.
#include "../../runtime/adapters/support/spirv_scan.h"
#include "../../runtime/adapters/support/ze_module_inputs.h"
#include "../../runtime/fatbin/fatbin.h"
#include "../../runtime/fatbin/implicit_args.h"
#include "../../runtime/fatbin/kernel_symbol.h"
#include "../../runtime/fatbin/spec_constants.h"

#include <level_zero/ze_api.h>

#include <elf.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using namespace smcp;

/// The "smcp_images" section of an ELF file, or the whole file when it is
/// not ELF (a raw blob).
bool read_blob(const std::string &path, std::vector<uint8_t> &out, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> file{std::istreambuf_iterator<char>(in), {}};
  if (file.size() < sizeof(Elf64_Ehdr) || std::memcmp(file.data(), ELFMAG, SELFMAG) != 0) {
    out = std::move(file);
    return true;
  }
  Elf64_Ehdr eh;
  std::memcpy(&eh, file.data(), sizeof(eh));
  auto section = [&](size_t i, Elf64_Shdr &sh) {
    const size_t at = eh.e_shoff + i * sizeof(Elf64_Shdr);
    if (at + sizeof(sh) > file.size())
      return false;
    std::memcpy(&sh, file.data() + at, sizeof(sh));
    return sh.sh_offset + sh.sh_size <= file.size() || sh.sh_type == SHT_NOBITS;
  };
  Elf64_Shdr names;
  if (!section(eh.e_shstrndx, names)) {
    error = "malformed ELF section table";
    return false;
  }
  for (size_t i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    if (!section(i, sh) || names.sh_offset + sh.sh_name >= file.size())
      continue;
    const char *name = reinterpret_cast<const char *>(file.data() + names.sh_offset + sh.sh_name);
    if (std::strcmp(name, "smcp_images") == 0) {
      out.assign(file.begin() + long(sh.sh_offset), file.begin() + long(sh.sh_offset + sh.sh_size));
      return true;
    }
  }
  error = "no 'smcp_images' section";
  return false;
}

struct checker {
  ze_context_handle_t context = nullptr;
  ze_device_handle_t device = nullptr;
  bool modules_only = false, fp64 = false;
  int failures = 0, modules = 0, kernels = 0, implicit_args = 0, needs_fp64 = 0;

  void failed(const std::string &where, const std::string &what) {
    ++failures;
    std::printf("FAILED: %s: %s\n", where.c_str(), what.c_str());
  }

  /// The image's spec constants with their default values, by SpecId,
  /// filtered as the adapter filters them (ze_module_inputs.h).
  adapter::ze_spec_constants defaults(const fatbin::DeviceImage &image,
                                      std::vector<std::vector<uint8_t>> &storage) {
    std::vector<uint32_t> ids;
    const fatbin::PropertySet *set = image.findSet(fatbin::SpecConstantsSet);
    for (const auto &p : set ? set->Properties : std::vector<fatbin::Property>{}) {
      fatbin::SpecConstantDesc d;
      std::string error;
      if (!fatbin::decodeSpecConstant(p, d, error))
        continue;
      for (const auto &leaf : d.Leaves) {
        ids.push_back(leaf.SpecId);
        storage.emplace_back(d.Default.begin() + leaf.Offset,
                             d.Default.begin() + leaf.Offset + leaf.Size);
      }
    }
    return adapter::ze_declared_spec_constants(
        image.Bytes.data(), image.Bytes.size(), ids.size(),
        [&](size_t i) { return std::make_pair(ids[i], static_cast<const void *>(storage[i].data())); });
  }

  void check_image(const std::string &where, const fatbin::DeviceImage &image) {
    std::string error;
    if (!adapter::spirv_check_structure(image.Bytes.data(), image.Bytes.size(), error))
      return failed(where, error);
    std::vector<std::vector<uint8_t>> storage;
    adapter::ze_spec_constants spec = defaults(image, storage);
    ze_module_constants_t constants{uint32_t(spec.ids.size()), spec.ids.data(), spec.values.data()};
    const std::string flags = adapter::ze_build_flags(nullptr);
    ze_module_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
    desc.format = ZE_MODULE_FORMAT_IL_SPIRV;
    desc.inputSize = image.Bytes.size();
    desc.pInputModule = image.Bytes.data();
    desc.pBuildFlags = flags.c_str();
    desc.pConstants = &constants;
    ze_module_handle_t module = nullptr;
    ze_module_build_log_handle_t log = nullptr;
    const ze_result_t r = zeModuleCreate(context, device, &desc, &module, &log);
    std::string text;
    if (log) {
      size_t n = 0;
      zeModuleBuildLogGetString(log, &n, nullptr);
      text.resize(n);
      zeModuleBuildLogGetString(log, &n, text.data());
      zeModuleBuildLogDestroy(log);
    }
    if (r != ZE_RESULT_SUCCESS && text.find("Double type is not supported") != std::string::npos &&
        !(fp64)) {
      std::printf("needs fp64: %s\n", where.c_str());
      ++needs_fp64;
      return;
    }
    std::replace(text.begin(), text.end(), '\n', ' '); // one line per failure
    text.resize(std::char_traits<char>::length(text.c_str()));
    if (r != ZE_RESULT_SUCCESS)
      return failed(where, "zeModuleCreate returned " + std::to_string(r) + " with " +
                               std::to_string(spec.ids.size()) + " spec constants; log: " +
                               (text.find_first_not_of(' ') != std::string::npos ? text : "(empty)"));
    ++modules;
    if (modules_only) {
      zeModuleDestroy(module);
      return;
    }
    std::vector<fatbin::KernelImplicitArgs> implicit;
    if (!fatbin::decodeImplicitArgs(image, implicit, error))
      failed(where, error);
    for (const std::string &name : image.Kernels) {
      size_t count = 0;
      for (const auto &k : implicit)
        if (k.Kernel == name)
          count = k.Args.size();
      check_kernel(where, image, module, name, count);
    }
    zeModuleDestroy(module);
  }

  void check_kernel(const std::string &where, const fatbin::DeviceImage &image,
                    ze_module_handle_t module, const std::string &name, size_t implicit) {
    // A long kernel name has a shorter symbol in the image, as libsycl asks for it.
    const std::string symbol = fatbin::kernelSymbol(name);
    ze_kernel_desc_t desc{ZE_STRUCTURE_TYPE_KERNEL_DESC, nullptr, 0, symbol.c_str()};
    ze_kernel_handle_t kernel = nullptr;
    const ze_result_t r = zeKernelCreate(module, &desc, &kernel);
    if (r != ZE_RESULT_SUCCESS)
      return failed(where, "zeKernelCreate('" + name + "') returned " + std::to_string(r));
    std::vector<smcp_arg_kind> params;
    adapter::spirv_kernel_params(image.Bytes.data(), image.Bytes.size(), symbol, params);
    ze_kernel_properties_t p{};
    p.stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES;
    if (zeKernelGetProperties(kernel, &p) != ZE_RESULT_SUCCESS)
      failed(where, "zeKernelGetProperties('" + name + "') failed");
    else if (p.numKernelArgs != params.size())
      failed(where, "kernel '" + name + "' has " + std::to_string(p.numKernelArgs) +
                        " arguments for Intel's compiler, " + std::to_string(params.size()) +
                        " in the SPIR-V");
    else if (implicit > params.size())
      failed(where, "kernel '" + name + "' has " + std::to_string(implicit) +
                        " implicit arguments but " + std::to_string(params.size()) + " parameters");
    else {
      ++kernels;
      implicit_args += int(implicit);
    }
    zeKernelDestroy(kernel);
  }
};

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <executable or blob>...\n", argv[0]);
    return 2;
  }
  if (zeInit(0) != ZE_RESULT_SUCCESS) {
    std::fprintf(stderr, "zeInit failed: no Level Zero driver (Intel's in capture mode expected)\n");
    return 77;
  }
  uint32_t n = 1;
  ze_driver_handle_t driver = nullptr;
  checker c;
  ze_context_desc_t cd{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
  if (zeDriverGet(&n, &driver) != ZE_RESULT_SUCCESS || n == 0 ||
      zeDeviceGet(driver, &(n = 1), &c.device) != ZE_RESULT_SUCCESS || n == 0 ||
      zeContextCreate(driver, &cd, &c.context) != ZE_RESULT_SUCCESS) {
    std::fprintf(stderr, "no Level Zero device\n");
    return 77;
  }
  int first = 1;
  if (argc > 1 && std::strcmp(argv[1], "--modules-only") == 0) {
    c.modules_only = true;
    first = 2;
  }
  ze_device_module_properties_t mp{};
  mp.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES;
  zeDeviceGetModuleProperties(c.device, &mp);
  c.fp64 = (mp.flags & ZE_DEVICE_MODULE_FLAG_FP64) != 0;
  for (int i = first; i < argc; ++i) {
    std::vector<uint8_t> blob;
    std::vector<fatbin::DeviceImage> images;
    std::string error;
    if (!read_blob(argv[i], blob, error) ||
        !fatbin::parseFatBinary(blob.data(), blob.size(), images, error)) {
      c.failed(argv[i], error);
      continue;
    }
    for (size_t k = 0; k < images.size(); ++k)
      if (images[k].Format == fatbin::ImageFormat::SPIRV)
        c.check_image(std::string(argv[i]) + " image " + std::to_string(k), images[k]);
  }
  zeContextDestroy(c.context);
  std::printf("%d modules, %d kernels (%d implicit arguments) accepted; %d need fp64; "
              "%d failures\n",
              c.modules, c.kernels, c.implicit_args, c.needs_fp64, c.failures);
  return c.failures ? 1 : 0;
}
