# lit configuration for SMCP's suites: clang-plugin, device-passes, driver, e2e.
import os
import subprocess

import lit.formats

# The build tree's values (lit.site.cfg.py, written by CMake). ctest passes
# its folder; by hand, `lit test/<suite>` finds the default build/ folder.
_site = lit_config.params.get("smcp_site",
                              os.path.join(os.path.dirname(__file__), "..", "build", "test"))
exec(open(os.path.join(_site, "lit.site.cfg.py")).read())

config.name = "SMCP"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".ll", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt", "README.md", "unit"]
config.test_source_root = os.path.dirname(__file__)
# Where the tests' outputs go; a kit's recording keeps apart from the normal run (e2e/lit.local.cfg).
config.test_exec_root = lit_config.params.get("exec_root", os.path.join(config.smcp_build_dir, "test"))

config.environment["PATH"] = os.pathsep.join(
    [config.smcp_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
for var in ("ONEAPI_DEVICE_SELECTOR", "SMCP_TRACE", "SMCP_ADAPTERS", "OCL_ICD_VENDORS", "POCL_DEVICES", "HOME",
            "SMCP_CACHE_DIR", "TSAN_OPTIONS",
            # Level Zero: the driver the loader takes (the test driver) and its layers
            "ZE_ENABLE_ALT_DRIVERS", "ZE_ENABLE_VALIDATION_LAYER", "ZE_ENABLE_PARAMETER_VALIDATION",
            "SMCP_ZE_TEST_DRIVER_RECORD", "SMCP_ZE_TEST_DRIVER_FAIL", "SMCP_ZE_TEST_DRIVER_DUMP"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# The programs' persistent program cache: in the build tree, never the
# user's ~/.cache (unless the caller names one, or "off").
config.environment.setdefault("SMCP_CACHE_DIR", os.path.join(config.smcp_build_dir, "test", "smcp-cache"))


def host_include_dirs():
    err = subprocess.run([config.clang, "-xc++", "-E", "-v", "/dev/null"],
                         capture_output=True, text=True).stderr.splitlines()
    start = err.index("#include <...> search starts here:") + 1
    end = err.index("End of search list.")
    return [d.strip() for d in err[start:end] if "/lib/clang/" not in d]


# The plugin's suites compile with clang; a kit's replay runs where there is none (kit/README.md):
# tests that call %clang_host or %clang_device themselves say REQUIRES: clang.
if os.path.exists(config.clang):
    config.available_features.add("clang")
    device_flags = ["-std=c++17", "--target=spir64-unknown-unknown", "-Xclang", "-fsycl-is-device",
                    "-Xclang", "-aux-triple", "-Xclang", "x86_64-pc-linux-gnu",
                    "-D__GCC_ATOMIC_TEST_AND_SET_TRUEVAL=1", "-I" + config.smcp_include_dir]
    for d in host_include_dirs():
        device_flags += ["-isystem", d]
    device_flags += ["-fplugin=" + config.smcp_plugin]

    config.substitutions.append(("%clang_device", config.clang + " " + " ".join(device_flags)))
    config.substitutions.append(("%clang_host", config.clang + " -std=c++17 -Xclang -fsycl-is-host -I"
                                 + config.smcp_include_dir))
config.substitutions.append(("%plugin_arg", "-Xclang -plugin-arg-smcp -Xclang"))
config.substitutions.append(("%opt_smcp", "opt -load-pass-plugin=" + config.smcp_pass_plugin))
syclcc = os.path.join(config.smcp_bin_dir, "syclcc")
if lit_config.params.get("reuse_binaries"):  # ./smcp.sh loop-e2e: run the built programs again
    syclcc = "python3 " + os.path.join(os.path.dirname(__file__), "reuse-binaries.py") + " " + syclcc
# Flags every program of the run is built with (./smcp.sh sanitize builds the
# e2e suite with -fsanitize=thread against the ThreadSanitizer runtime).
if lit_config.params.get("syclcc_flags"):
    syclcc += " " + lit_config.params["syclcc_flags"]
config.substitutions.append(("%syclcc", syclcc))
config.substitutions.append(("%include_dir", config.smcp_include_dir))
config.substitutions.append(("%smcp_bin_dir", config.smcp_bin_dir))

# The devices the runtime can run kernels on (PoCL's CPU device on a bare
# machine): a feature per backend that sycl-ls lists ("[cuda:gpu:0] ...").
# The Level Zero device is the test driver's (test/level_zero_driver): tests of
# its record mode and fault injection can run. A Level Zero rule the adapter
# breaks aborts the test (strict mode): the adapter ignores some failed calls
# (an event reset while it releases an event), which would hide it.
if "libsmcp_ze_test_driver" in os.environ.get("ZE_ENABLE_ALT_DRIVERS", ""):
    config.available_features.add("ze-test-driver")
    config.environment["SMCP_ZE_TEST_DRIVER_STRICT"] = "1"
sycl_ls = os.path.join(config.smcp_bin_dir, "sycl-ls")
config.smcp_device_listing = ""
if os.path.exists(sycl_ls):
    config.smcp_device_listing = subprocess.run([sycl_ls], capture_output=True, text=True).stdout
    for backend in ("opencl", "level_zero", "cuda"):
        if f"[{backend}:" in config.smcp_device_listing:
            config.available_features.add(backend)

# nvptx64 needs NVIDIA's libdevice at the device link (CUDA is optional);
# ptxas, where CUDA is installed, validates the PTX the tests produce.
if os.path.exists(config.smcp_libdevice):
    config.available_features.add("libdevice")
# With ptxas and fatbinary (feature cuda-tools), nvptx64 images carry a cubin.
_cuda_bin = os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin")
_ptxas = os.path.join(_cuda_bin, "ptxas")
config.substitutions.append(("%ptxas_check", _ptxas + " -arch=sm_90 -o /dev/null"
                             if os.path.exists(_ptxas) else "true"))
if os.path.exists(_ptxas) and os.path.exists(os.path.join(_cuda_bin, "fatbinary")):
    config.available_features.add("cuda-tools")
config.substitutions.append(("%smcp_bin", config.smcp_bin_dir))
