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
// With --replay, the arguments are the <key>.module files lane 1's test
// driver dumped while the e2e suite ran on it (test/level_zero_driver/
// module_dump.h): each module is built from the SPIR-V, build flags and
// specialization values the adapter really passed, and each kernel launched
// from it is created and must have as many arguments for Intel's compiler as
// the adapter set (zeKernelSetArgumentValue indices: the kernel-ABI list and
// the implicit arguments, as libsycl passes them).
//
// Usage: smcp-ze-image-check [--modules-only] [--replay] <executable, blob or .module>...
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
#include <set>
#include <sstream>
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
  int replayed_spec_values = 0; // spec constants the replayed modules were built with

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

  /// zeModuleCreate; null when it failed (reported) or needs fp64 the
  /// device lacks.
  ze_module_handle_t build(const std::string &where, const std::vector<uint8_t> &spirv,
                           const std::string &flags, adapter::ze_spec_constants &spec) {
    std::string error;
    if (!adapter::spirv_check_structure(spirv.data(), spirv.size(), error)) {
      failed(where, error);
      return nullptr;
    }
    ze_module_constants_t constants{uint32_t(spec.ids.size()), spec.ids.data(), spec.values.data()};
    ze_module_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
    desc.format = ZE_MODULE_FORMAT_IL_SPIRV;
    desc.inputSize = spirv.size();
    desc.pInputModule = spirv.data();
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
      return nullptr;
    }
    std::replace(text.begin(), text.end(), '\n', ' '); // one line per failure
    text.resize(std::char_traits<char>::length(text.c_str()));
    if (r != ZE_RESULT_SUCCESS) {
      failed(where, "zeModuleCreate returned " + std::to_string(r) + " with " +
                        std::to_string(spec.ids.size()) + " spec constants; log: " +
                        (text.find_first_not_of(' ') != std::string::npos ? text : "(empty)"));
      return nullptr;
    }
    ++modules;
    return module;
  }

  void check_image(const std::string &where, const fatbin::DeviceImage &image) {
    std::vector<std::vector<uint8_t>> storage;
    adapter::ze_spec_constants spec = defaults(image, storage);
    ze_module_handle_t module = build(where, image.Bytes, adapter::ze_build_flags(nullptr), spec);
    if (!module)
      return;
    std::string error;
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

  /// A module lane 1 dumped (<key>.module, with <key>.spv and <key>.kernels
  /// beside it): built with its recorded inputs, its launched kernels
  /// created with the argument counts the adapter set.
  void replay(const std::string &path) {
    const std::string base = path.substr(0, path.size() - std::strlen(".module"));
    std::ifstream text(path), spv(base + ".spv", std::ios::binary);
    std::vector<uint8_t> spirv{std::istreambuf_iterator<char>(spv), {}};
    std::string flags, line;
    std::vector<std::vector<uint8_t>> values;
    adapter::ze_spec_constants spec;
    while (std::getline(text, line)) {
      if (line.rfind("flags ", 0) == 0) {
        flags = line.substr(6);
      } else if (line.rfind("spec ", 0) == 0) {
        std::istringstream in(line.substr(5));
        uint32_t id = 0;
        std::string hex;
        in >> id >> hex;
        std::vector<uint8_t> bytes;
        for (size_t i = 0; i + 1 < hex.size(); i += 2)
          bytes.push_back(uint8_t(std::stoul(hex.substr(i, 2), nullptr, 16)));
        bytes.resize(std::max<size_t>(bytes.size(), 8)); // the driver may read 8
        spec.ids.push_back(id);
        values.push_back(std::move(bytes));
      }
    }
    for (const auto &v : values)
      spec.values.push_back(v.data());
    if (spirv.empty())
      return failed(path, "no SPIR-V beside it");
    ze_module_handle_t module = build(path, spirv, flags, spec);
    if (!module)
      return;
    replayed_spec_values += int(spec.ids.size());
    std::ifstream kernel_lines(base + ".kernels");
    std::set<std::pair<std::string, uint32_t>> launched;
    std::string name;
    uint32_t args = 0;
    while (!modules_only && kernel_lines >> name >> args)
      launched.emplace(name, args);
    for (const auto &[symbol, set] : launched) {
      ze_kernel_desc_t desc{ZE_STRUCTURE_TYPE_KERNEL_DESC, nullptr, 0, symbol.c_str()};
      ze_kernel_handle_t kernel = nullptr;
      const ze_result_t r = zeKernelCreate(module, &desc, &kernel);
      if (r != ZE_RESULT_SUCCESS) {
        failed(path, "zeKernelCreate('" + symbol + "') returned " + std::to_string(r));
        continue;
      }
      ze_kernel_properties_t p{};
      p.stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES;
      if (zeKernelGetProperties(kernel, &p) != ZE_RESULT_SUCCESS)
        failed(path, "zeKernelGetProperties('" + symbol + "') failed");
      else if (p.numKernelArgs != set)
        failed(path, "kernel '" + symbol + "' has " + std::to_string(p.numKernelArgs) +
                         " arguments for Intel's compiler; the adapter set " + std::to_string(set));
      else
        ++kernels;
      zeKernelDestroy(kernel);
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
  bool replay = false;
  for (; first < argc && std::strncmp(argv[first], "--", 2) == 0; ++first) {
    if (std::strcmp(argv[first], "--modules-only") == 0)
      c.modules_only = true;
    else if (std::strcmp(argv[first], "--replay") == 0)
      replay = true;
  }
  ze_device_module_properties_t mp{};
  mp.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES;
  zeDeviceGetModuleProperties(c.device, &mp);
  c.fp64 = (mp.flags & ZE_DEVICE_MODULE_FLAG_FP64) != 0;
  for (int i = first; i < argc && replay; ++i)
    c.replay(argv[i]);
  for (int i = first; i < argc && !replay; ++i) {
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
  if (replay)
    std::printf("replayed: %d modules (%d spec values), %d kernels accepted; %d need fp64; "
                "%d failures\n",
                c.modules, c.replayed_spec_values, c.kernels, c.needs_fp64, c.failures);
  else
    std::printf("%d modules, %d kernels (%d implicit arguments) accepted; %d need fp64; "
                "%d failures\n",
                c.modules, c.kernels, c.implicit_args, c.needs_fp64, c.failures);
  return c.failures ? 1 : 0;
}
