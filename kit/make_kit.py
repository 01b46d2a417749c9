#!/usr/bin/env python3
"""Builds a kit: everything a machine with the device but without the
compiler needs to run SMCP's programs (./smcp.sh gpu-kit; kit/README.md).

Usage: make_kit.py --build <build dir> --backend <b> [--targets <t,...>] [--kit <dir>]

The kit (default <repo>/.gpu, git-ignored) holds the runtime (libsycl and
the adapters), sycl-ls, lit, FileCheck and not with the libraries they need, the e2e
suite's compile-side calls recorded with their programs (test/prebuilt.py),
the examples and the GPU benchmarks built for the targets, the adapter
conformance suite, run-e2e.sh and run-multi-gpu.sh."""

import argparse
import datetime
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test"))
from e2e_backends import DEFAULT_TARGETS  # noqa: E402

# FileCheck's libraries that the kit brings along; glibc's and the C++
# runtime's come from the other machine, as they do for libsycl itself.
SYSTEM_LIBS = ("libc.so", "libm.so", "libstdc++.so", "libgcc_s.so", "ld-linux", "linux-vdso")


def site_values(build):
    """The build tree's lit values (test/lit.site.cfg.py): clang's and LLVM's folders."""
    config = types.SimpleNamespace()
    exec(open(os.path.join(build, "test", "lit.site.cfg.py")).read(), {"config": config})
    return config


def record_e2e(build, site, backend, targets, kit):
    """Compiles the e2e suite, keeping every compile-side call in <kit>/e2e."""
    exec_root = os.path.join(build, "kit-record")
    shutil.rmtree(exec_root, ignore_errors=True)
    lit = os.path.join(site.llvm_tools_dir, "..", "build", "utils", "lit", "lit.py")
    log = os.path.join(build, "kit-record.log")
    cmd = [sys.executable, lit, "-v", f"--param=smcp_site={build}/test", f"--param=backend={backend}",
           f"--param=sycl_targets={targets}", f"--param=record={kit}/e2e",
           f"--param=exec_root={exec_root}", os.path.join(ROOT, "test", "e2e")]
    print(f"gpu-kit: compiling the e2e suite for {targets} (log: {log})", flush=True)
    with open(log, "w") as f:
        if subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode != 0:
            sys.exit(f"gpu-kit: recording the e2e suite failed, see {log}")
    calls, failed, checks = 0, [], set()
    for journal in glob.glob(os.path.join(kit, "e2e", "calls", "*.json")):
        for entry in json.load(open(journal)):
            if entry["key"][0] == "syclcc":
                calls += 1
                if entry["rc"] != 0:
                    failed.append(" ".join(entry["key"][1:]))
            elif entry["rc"] != 0:
                checks.add(test_of(entry["key"]))
    print(f"gpu-kit: {calls} compiles recorded, {len(failed)} failed here "
          "(replayed as failures there; a test may expect one)")
    for f in sorted(failed):
        print(f"  failed: syclcc {f}")
    if checks:
        # e.g. spirv-val of image0.spirv when the images are PTX: replayed as they failed here.
        print(f"gpu-kit: image checks failed here in {', '.join(sorted(checks))}")
    return calls > 0 and len(failed) < calls


def test_of(key):
    """The e2e test a recorded call belongs to, from its %t path."""
    for arg in key:
        if "/e2e/Output/" in arg:
            return arg.split("/e2e/Output/", 1)[1].split(".tmp", 1)[0]
    return " ".join(key)


def build_programs(site, targets, sources, folder):
    os.makedirs(folder, exist_ok=True)
    syclcc = os.path.join(site.smcp_bin_dir, "syclcc")
    ok = True
    for src in sources:
        out = os.path.join(folder, os.path.splitext(os.path.basename(src))[0])
        result = subprocess.run([syclcc, "-O2", f"-fsycl-targets={targets}", src, "-o", out],
                                capture_output=True, text=True)
        status = "built" if result.returncode == 0 else "FAILED: " + result.stderr.strip()
        print(f"gpu-kit: {os.path.relpath(src, ROOT)}: {status}", flush=True)
        ok = ok and result.returncode == 0
    return ok


def soname(lib):
    dynamic = subprocess.run(["readelf", "-d", lib], capture_output=True, text=True).stdout
    for line in dynamic.splitlines():
        if "(SONAME)" in line:
            return line.split("[", 1)[1].rstrip("]")
    sys.exit(f"gpu-kit: {lib} has no SONAME")


def copy_runtime(build, kit):
    """libsycl under the name the programs ask for, as a plain file (a carried
    folder may lose symbolic links), the adapters beside it, where libsycl
    looks for them, and sycl-ls."""
    os.makedirs(os.path.join(kit, "lib"))
    os.makedirs(os.path.join(kit, "bin"))
    libsycl = os.path.join(build, "lib", "libsycl.so")
    shutil.copy(libsycl, os.path.join(kit, "lib", soname(libsycl)))
    for adapter in glob.glob(os.path.join(build, "lib", "libsmcp_adapter_*.so")):
        shutil.copy(adapter, os.path.join(kit, "lib"))
    shutil.copy(os.path.join(build, "bin", "sycl-ls"), os.path.join(kit, "bin"))


# The adapter conformance suite's kernels per backend (test/conformance), and their format.
CONFORMANCE_KERNELS = {
    "cuda": (os.path.join("test", "conformance", "cuda_kernels.ptx"), "ptx"),
    "opencl": (os.path.join("test", "unit", "opencl_kernels.spv"), "spirv"),
    "level_zero": (os.path.join("test", "unit", "opencl_kernels.spv"), "spirv"),
}


def copy_conformance(build, kit, backend):
    """The adapter conformance suite and its kernels for the backend
    (run-multi-gpu.sh runs it); a note when the build has none."""
    binary = os.path.join(build, "bin", "smcp-adapter-conformance")
    kernels, form = CONFORMANCE_KERNELS[backend]
    kernels = os.path.join(build, kernels)
    if not (os.path.exists(binary) and os.path.exists(kernels)):
        print(f"gpu-kit: no conformance suite in the kit ({binary} or {kernels} is missing)")
        return
    folder = os.path.join(kit, "conformance")
    os.makedirs(folder)
    shutil.copy(binary, folder)
    shutil.copy(kernels, os.path.join(folder, "kernels"))
    with open(os.path.join(folder, "format"), "w") as f:
        f.write(form + "\n")


def copy_lit_and_filecheck(site, kit):
    lit_dir = os.path.join(site.llvm_tools_dir, "..", "build", "utils", "lit")
    shutil.copytree(os.path.join(lit_dir, "lit"), os.path.join(kit, "lit", "lit"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(os.path.join(lit_dir, "lit.py"), os.path.join(kit, "lit"))
    # FileCheck and `not` (RUN lines of tests that must crash) and their
    # libraries stay in their own folder, reached only through wrappers: a
    # shell must not load the kit's libtinfo instead of its own.
    private = os.path.join(kit, "filecheck")
    os.makedirs(private)
    for tool in ("FileCheck", "not"):
        path = os.path.join(site.llvm_tools_dir, tool)
        shutil.copy2(path, private)
        for line in subprocess.run(["ldd", path], capture_output=True, text=True).stdout.splitlines():
            parts = line.split()
            if "=>" in parts and not parts[0].startswith(SYSTEM_LIBS):
                shutil.copy2(parts[parts.index("=>") + 1], os.path.join(private, parts[0]))
        wrapper = os.path.join(kit, "bin", tool)
        with open(wrapper, "w") as f:
            # After the caller's folders: what `not` runs needs the kit's libsycl.
            f.write('#!/bin/sh\nd=$(dirname "$0")/../filecheck\n'
                    f'LD_LIBRARY_PATH="${{LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}}$d" exec "$d/{tool}" "$@"\n')
        os.chmod(wrapper, 0o755)


def describe(kit, backend, targets):
    commit = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    values = {"BACKEND": backend, "TARGETS": targets, "COMMIT": commit,
              "BUILT": datetime.datetime.now().isoformat(timespec="seconds")}
    with open(os.path.join(kit, "KIT"), "w") as f:  # sourced by run-e2e.sh
        for k, v in values.items():
            f.write(f"{k}={shlex.quote(v)}\n")


def size_of(folder):
    return sum(os.lstat(os.path.join(d, f)).st_size for d, _, files in os.walk(folder) for f in files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--backend", default="cuda", choices=sorted(DEFAULT_TARGETS))
    ap.add_argument("--targets", help="-fsycl-targets (default: the backend's)")
    ap.add_argument("--kit", default=os.path.join(ROOT, ".gpu"))
    args = ap.parse_args()
    build, kit = os.path.abspath(args.build), os.path.abspath(args.kit)
    targets = args.targets or DEFAULT_TARGETS[args.backend]
    site = site_values(build)
    shutil.rmtree(kit, ignore_errors=True)
    os.makedirs(kit)
    copy_runtime(build, kit)
    copy_lit_and_filecheck(site, kit)
    shutil.copy2(os.path.join(ROOT, "kit", "run-e2e.sh"), kit)
    shutil.copy2(os.path.join(ROOT, "kit", "run-multi-gpu.sh"), kit)
    copy_conformance(build, kit, args.backend)
    complete = record_e2e(build, site, args.backend, targets, kit)
    for folder, name in (("examples", "examples"), (os.path.join("bench", "gpu"), "bench")):
        sources = sorted(glob.glob(os.path.join(ROOT, folder, "*.cpp")))
        complete = build_programs(site, targets, sources, os.path.join(kit, name)) and complete
    describe(kit, args.backend, targets)
    size = size_of(kit)
    print(f"gpu-kit: {os.path.relpath(kit, ROOT)}/ for {args.backend} ({targets}): "
          f"{size / 2**20:.1f} MiB (a carried folder may hold 64 MiB)")
    if size > 60 * 2**20:
        sys.exit("gpu-kit: the kit is too large to carry")
    if not complete:
        sys.exit("gpu-kit: some programs were not built for the targets (above): the kit runs, "
                 "but they fail there")


if __name__ == "__main__":
    main()
