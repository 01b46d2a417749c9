#!/usr/bin/env python3
"""syclcc: the SMCP compiler driver.

Each SYCL source is compiled twice by clang-15: a device compile with the
SMCP plugin (device bitcode + integration header) and a host compile that
includes the integration header. The host object carries the device bitcode
in an excluded section (a fat object), so that `-c` works. Linking extracts
the device bitcode of every object, runs smcp-post-link (device link, device
passes, SPIR-V) and smcp-wrap (the image-registration object), then links
the host objects with libsycl.
"""

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

# Filled in by CMake (configure_file) for the build tree.
CLANG = "@SMCP_CLANG@"
LLVM_OBJCOPY = "@SMCP_LLVM_OBJCOPY@"
PLUGIN = "@SMCP_PLUGIN@"
POST_LINK = "@SMCP_POST_LINK@"
WRAP = "@SMCP_WRAP@"
INCLUDE_DIR = "@SMCP_INCLUDE_DIR@"
LIB_DIR = "@SMCP_LIB_DIR@"
VERSION = "@SMCP_VERSION@"

DEVICE_SECTION = ".smcp_device_bc."
SOURCE_EXTS = (".cpp", ".cc", ".cxx", ".c++", ".C", ".cp")
# The device targets: name -> the triple of its device compile. smcp-post-link
# knows the same targets (tools/post-link/DeviceTarget.h); test/driver/targets.test
# checks that both print the same list. Triples name their target too.
DEVICE_TARGETS = {"spir64": "spir64-unknown-unknown", "nvptx64": "nvptx64-nvidia-cuda"}
TARGET_ALIASES = {triple: name for name, triple in DEVICE_TARGETS.items()}
IMAGE_SUFFIX = {"spir64": ".spv", "nvptx64": ".ptx"}  # what -save-temps calls each image
# Flags of one target's device compile: clang-15 has no _Float16 for NVPTX,
# so sycl::half is __fp16 there with native half arithmetic (include/sycl/half.hpp).
# Targets whose device compile gets clang's resource folder from clang itself.
TARGET_OWN_INCLUDES = ("spir64",)
TARGET_FLAGS = {"nvptx64": ["-Xclang", "-fnative-half-type",
                            "-Xclang", "-fnative-half-arguments-and-returns"]}

HELP = """usage: syclcc [options] <inputs>

Compiles single-source SYCL 2020 C++ with clang-15 and the SMCP plugin.

  -fsycl-targets=<t,...>  device targets (default spir64)
  -c                      compile only: a fat object with host and device code
  -o <file>               output file
  -O0 .. -O3, -g          optimisation and debug information
  -I<dir> -D<m> -U<m> -std=<std> -isystem <dir> -include <file>
  -L<dir> -l<lib> -Wl,<args> -pthread   passed to the host link
  -###                    print the commands, run nothing
  -v                      print the commands as they run
  -save-temps             keep every intermediate file in the current folder
  --cuda-gpu-arch=<sm_XX|none>  nvptx64: the GPU whose cubin joins the PTX
                          (default sm_90 where NVIDIA's ptxas is found; none: PTX only)
  --print-targets         the device targets and their triples
  --help, --version
Other -f, -W and -m options go to the host compile; -fsycl is accepted and
other -fsycl-* options are ignored with a warning."""


class DriverError(Exception):
    pass


def warn(msg):
    print(f"syclcc: warning: {msg}", file=sys.stderr)


class Options:
    def __init__(self):
        self.targets = ["spir64"]
        self.compile_only = False
        self.output = None
        self.opt = "-O0"
        self.debug = False
        self.std = "-std=c++17"
        self.preprocessor = []   # -I, -D, -U, -isystem, -include: both compiles
        self.host_only = []      # -f*, -W*, -m*: host compile
        self.link = []           # -L, -l, -Wl, -pthread
        self.sources = []
        self.objects = []
        self.dry_run = False
        self.verbose = False
        self.save_temps = False
        self.cuda_gpu_arch = "auto"


def parse_targets(value):
    targets = []
    supported = ", ".join(DEVICE_TARGETS)
    for t in filter(None, value.split(",")):
        if t in DEVICE_TARGETS or t in TARGET_ALIASES:
            targets.append(TARGET_ALIASES.get(t, t))
        else:
            raise DriverError(f"unknown SYCL target '{t}' in -fsycl-targets "
                              f"(supported: {supported})")
    if not targets:
        raise DriverError("-fsycl-targets needs at least one target")
    return targets


def parse_args(argv):
    o = Options()
    it = iter(argv)
    takes_value = {"-o", "-I", "-D", "-U", "-isystem", "-include", "-L", "-l", "-x"}
    for arg in it:
        if arg in takes_value:
            value = next(it, None)
            if value is None:
                raise DriverError(f"option '{arg}' needs a value")
            arg = arg + ("" if arg in ("-I", "-D", "-U", "-L", "-l") else "\0") + value
        if arg.startswith("-o\0"):
            o.output = arg[3:]
        elif arg == "-c":
            o.compile_only = True
        elif arg.startswith("-fsycl-targets="):
            o.targets = parse_targets(arg.split("=", 1)[1])
        elif arg == "-fsycl":
            pass
        elif arg.startswith(("--cuda-gpu-arch=", "--offload-arch=")):
            o.cuda_gpu_arch = arg.split("=", 1)[1]
        elif arg.startswith("-fsycl-"):
            warn(f"ignoring unsupported option '{arg}'")
        elif arg in ("-O0", "-O1", "-O2", "-O3", "-O", "-Os", "-Oz"):
            o.opt = {"-O": "-O1", "-Os": "-O2", "-Oz": "-O2"}.get(arg, arg)
        elif arg.startswith("-O"):
            raise DriverError(f"invalid optimisation level '{arg}'")
        elif arg in ("-g", "-g0", "-g1", "-g2", "-g3", "-ggdb"):
            o.debug = arg != "-g0"
        elif arg.startswith("-std="):
            o.std = arg
        elif arg.startswith(("-I", "-D", "-U")):
            o.preprocessor.append(arg)
        elif arg.startswith(("-isystem\0", "-include\0")):
            o.preprocessor.extend(arg.split("\0"))
        elif arg.startswith(("-L", "-l", "-Wl,")) or arg in ("-pthread", "-shared", "-rdynamic"):
            o.link.append(arg)
            if arg == "-pthread":
                o.host_only.append(arg)
        elif arg == "-###":
            o.dry_run = True
        elif arg == "-v":
            o.verbose = True
        elif arg == "-save-temps":
            o.save_temps = True
        elif arg in ("--help", "-help", "-h"):
            print(HELP)
            sys.exit(0)
        elif arg == "--print-targets":
            for name, triple in DEVICE_TARGETS.items():
                print(f"{name} {triple}")
            sys.exit(0)
        elif arg == "--version":
            print(f"syclcc (SMCP) {VERSION}\nclang: {CLANG}\nSYCL 2020 (SYCL_LANGUAGE_VERSION 202012L)")
            sys.exit(0)
        elif arg.startswith(("-fsanitize", "-fno-sanitize")):
            # Host code only (device code runs no sanitizer runtime), and the
            # link, which brings in the runtime.
            o.host_only.append(arg)
            o.link.append(arg)
        elif arg.startswith(("-f", "-W", "-m", "-w")):
            o.host_only.append(arg)
        elif arg.startswith("-x\0"):
            raise DriverError("-x is not supported: name sources .cpp/.cc/.cxx")
        elif arg.startswith("-"):
            raise DriverError(f"unknown option '{arg}' (see syclcc --help)")
        elif arg.endswith(SOURCE_EXTS):
            o.sources.append(arg)
        elif arg.endswith((".o", ".a", ".so")) or ".so." in arg:
            o.objects.append(arg)
        else:
            raise DriverError(f"'{arg}': unknown input type (expected a C++ source or an object)")
    if not o.sources and not o.objects:
        raise DriverError("no input files")
    if o.compile_only and o.output and len(o.sources) > 1:
        raise DriverError("cannot use -o with -c and several sources")
    if o.compile_only and o.objects:
        warn("object files are ignored with -c")
    return o


DEFAULT_CUDA_GPU_ARCH = "sm_90"  # the H100 (DESIGN.md)


def cuda_bin_dir():
    """Where NVIDIA's ptxas and fatbinary are: $CUDA_PATH/bin, /usr/local/cuda/bin
    or PATH; None without them."""
    dirs = [os.path.join(os.environ["CUDA_PATH"], "bin")] if "CUDA_PATH" in os.environ else []
    dirs.append("/usr/local/cuda/bin")
    for d in dirs:
        if all(os.access(os.path.join(d, t), os.X_OK) for t in ("ptxas", "fatbinary")):
            return d
    ptxas = shutil.which("ptxas")
    if ptxas and shutil.which("fatbinary", path=os.path.dirname(ptxas)):
        return os.path.dirname(ptxas)
    return None


def cubin_flags(arch, keep_prefix):
    """smcp-post-link's flags for the nvptx64 image: a cubin for `arch` beside
    the PTX, where ptxas is found (always when an architecture is named)."""
    if arch == "none":
        return []
    bin_dir = cuda_bin_dir()
    if arch == "auto":
        if not bin_dir:
            return []
        arch = DEFAULT_CUDA_GPU_ARCH
    flags = [f"--cuda-gpu-arch={arch}"] + ([f"--cuda-bin-dir={bin_dir}"] if bin_dir else [])
    return flags + ([f"--cuda-keep={keep_prefix}"] if keep_prefix else [])


def libstdcxx_include_dirs():
    """The host's C++ include folders, clang's own last but one (before
    /usr/include): device compiles need them too. clang adds its own folder
    itself for spir64, not for nvptx64 (TARGET_OWN_INCLUDES)."""
    out = subprocess.run([CLANG, "-xc++", "-E", "-v", "/dev/null"], capture_output=True,
                         text=True).stderr.splitlines()
    try:
        start = out.index("#include <...> search starts here:") + 1
        end = out.index("End of search list.")
    except ValueError:
        raise DriverError(f"cannot query the include folders of '{CLANG}'")
    return [os.path.normpath(d.strip()) for d in out[start:end]]


class Driver:
    def __init__(self, opts):
        self.o = opts
        self.produced = []   # final outputs written so far (removed on failure)
        self.tu_prefix = None  # set per source by compile()
        if opts.save_temps:
            self.tmp = "."
        else:
            self.tmp_holder = tempfile.TemporaryDirectory(prefix="syclcc-")
            self.tmp = self.tmp_holder.name

    def temp(self, name):
        return os.path.join(self.tmp, name)

    def run(self, cmd, step):
        if self.o.dry_run or self.o.verbose:
            print(" ".join(shlex.quote(c) for c in cmd), file=sys.stderr if self.o.verbose else sys.stdout)
        if self.o.dry_run:
            return
        try:
            result = subprocess.run(cmd)
        except OSError as e:
            raise DriverError(f"{step}: cannot run '{cmd[0]}': {e.strerror}")
        if result.returncode != 0:
            raise DriverError(f"{step} failed (exit code {result.returncode})")

    def common_flags(self):
        flags = [self.o.std, self.o.opt, f"-I{INCLUDE_DIR}"] + self.o.preprocessor
        if self.tu_prefix:
            flags.append(f'-D__SMCP_TU_PREFIX="{self.tu_prefix}"')
        return flags

    def device_compile(self, src, target, base):
        bc = self.temp(f"{base}.{target}.bc")
        header = self.temp(f"{base}.int.h")
        symbols = self.temp(f"{base}.{target}.dgsyms")
        cmd = [CLANG, "-c", "-emit-llvm", f"--target={DEVICE_TARGETS[target]}",
               "-Xclang", "-fsycl-is-device", "-Xclang", "-aux-triple",
               "-Xclang", "x86_64-pc-linux-gnu", "-D__GCC_ATOMIC_TEST_AND_SET_TRUEVAL=1",
               "-Wno-unknown-attributes"] + TARGET_FLAGS.get(target, [])
        for d in (self.include_dirs if not self.o.dry_run else []):
            if target not in TARGET_OWN_INCLUDES or "/lib/clang/" not in d:
                cmd += ["-isystem", d]
        cmd += self.common_flags()
        cmd += [f"-fplugin={PLUGIN}"]
        for arg in (f"int-header={header}", f"host-symbols={symbols}", f"tu-prefix={self.tu_prefix}"):
            cmd += ["-Xclang", "-plugin-arg-smcp", "-Xclang", arg]
        cmd += [src, "-o", bc]
        self.run(cmd, f"device compile of '{src}' for {target}")
        return bc, header, symbols

    @staticmethod
    def host_symbol_renames(symbols_file):
        """objcopy options that give each internal-linkage device_global's
        host symbol its unique id and make it global, for the link step's
        registration (tools/wrapper)."""
        opts = []
        if not symbols_file or not os.path.exists(symbols_file):
            return opts
        with open(symbols_file) as f:
            for line in f:
                local, _, unique = line.strip().partition(" ")
                if local and unique:
                    opts += ["--globalize-symbol", local, "--redefine-sym", f"{local}={unique}"]
        return opts

    def host_compile(self, src, header, device_bcs, out, base, symbols_file=None):
        partial = self.temp(base + ".host.o")
        cmd = [CLANG, "-c", "-Xclang", "-fsycl-is-host", "-include", header]
        cmd += self.common_flags() + self.o.host_only
        if self.o.debug:
            cmd.append("-g")
        cmd += [src, "-o", partial]
        self.run(cmd, f"host compile of '{src}'")
        embed = [LLVM_OBJCOPY]
        for target, bc in device_bcs:
            section = DEVICE_SECTION + target
            embed += ["--add-section", f"{section}={bc}",
                      "--set-section-flags", f"{section}=exclude"]
        embed += self.host_symbol_renames(symbols_file)
        self.run(embed + [partial, out], f"embedding device code into '{out}'")

    def compile(self, src, out):
        base = os.path.splitext(os.path.basename(src))[0]
        if not self.o.dry_run and not os.path.isfile(src):
            raise DriverError(f"no such file: '{src}'")
        device_bcs, header, symbols = [], None, None
        # One prefix per TU, the same in every compile of it: it tells apart
        # internal-linkage specialization_ids and device_globals of different
        # TUs that mangle alike (include/sycl/specialization_id.hpp,
        # clang-plugin/DeviceGlobals.cpp).
        self.tu_prefix = hashlib.sha1(os.path.abspath(src).encode()).hexdigest()[:16]
        for target in self.o.targets:
            bc, header, symbols = self.device_compile(src, target, base)
            device_bcs.append((target, bc))
        self.host_compile(src, header, device_bcs, out, base, symbols)

    def extract_device_code(self, obj, index):
        """Device bitcode sections of one object, written to temp files."""
        found = []
        if self.o.dry_run or not obj.endswith(".o"):
            return found
        try:
            sections = elf_sections(obj)
        except (OSError, ValueError) as e:
            raise DriverError(f"cannot read object '{obj}': {e}")
        for name, data in sections:
            if name.startswith(DEVICE_SECTION):
                target = name[len(DEVICE_SECTION):]
                path = self.temp(f"link{index}.{target}.bc")
                with open(path, "wb") as f:
                    f.write(data)
                found.append((target, path))
        return found

    def link(self, objects, out, final_name):
        base = os.path.basename(final_name)
        device = {}
        for i, obj in enumerate(objects):
            for target, bc in self.extract_device_code(obj, i):
                device.setdefault(target, []).append(bc)
        if self.o.dry_run:
            device = {t: [self.temp(f"<device code of each object>.{t}.bc")] for t in self.o.targets}
        images = []
        for target, bcs in sorted(device.items()):
            image = self.temp(f"{base}.{target}.img")
            cmd = [POST_LINK, self.o.opt, "-o", image] + bcs
            suffix = IMAGE_SUFFIX[target]
            if target == "nvptx64":
                keep = self.temp(f"{base}.{target}") if self.o.save_temps else None
                cubin = cubin_flags(self.o.cuda_gpu_arch, keep)
                cmd += cubin
                suffix = ".fatbin" if cubin else suffix  # the .ptx and .cubin are kept too
            if self.o.save_temps:
                cmd += [f"--image-bytes={self.temp(base + '.' + target + suffix)}",
                        f"--ir={self.temp(base + '.' + target + '.device.ll')}"]
            self.run(cmd, f"device link for {target}")
            images.append(image)
        link_inputs = list(objects)
        if images:
            wrapped = self.temp(base + ".images.o")
            self.run([WRAP, "-o", wrapped] + images, "device image wrapping")
            link_inputs.append(wrapped)
        cmd = [CLANG] + link_inputs + self.o.link + [f"-L{LIB_DIR}", "-lsycl",
                                                    f"-Wl,-rpath,{LIB_DIR}", "-o", out]
        self.run(cmd, "host link")

    def main(self):
        o = self.o
        self.include_dirs = [] if o.dry_run else libstdcxx_include_dirs()
        if o.compile_only:
            for src in o.sources:
                out = o.output or os.path.splitext(os.path.basename(src))[0] + ".o"
                self.atomic(out, lambda tmp, s=src: self.compile(s, tmp))
            return
        objects = []
        for src in o.sources:
            obj = self.temp(os.path.splitext(os.path.basename(src))[0] + ".o")
            self.compile(src, obj)
            objects.append(obj)
        objects += o.objects
        out = o.output or "a.out"
        self.atomic(out, lambda tmp: self.link(objects, tmp, out))

    def atomic(self, out, produce):
        """Writes `out` only when every step succeeded: no half-written output."""
        if self.o.dry_run:
            return produce(out)
        tmp = os.path.join(os.path.dirname(os.path.abspath(out)),
                           f".{os.path.basename(out)}.syclcc-tmp")
        try:
            produce(tmp)
            os.replace(tmp, out)
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)


def elf_sections(path):
    """(name, bytes) of every section of a 64-bit little-endian ELF file."""
    import struct
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF object")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def header(i):
        name, _type, _flags, _addr, off, size = struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
        return name, off, size

    _, str_off, _ = header(shstrndx)
    result = []
    for i in range(shnum):
        name_off, off, size = header(i)
        end = data.index(b"\0", str_off + name_off)
        result.append((data[str_off + name_off:end].decode(), data[off:off + size]))
    return result


def main(argv):
    try:
        Driver(parse_args(argv)).main()
    except DriverError as e:
        print(f"syclcc: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
