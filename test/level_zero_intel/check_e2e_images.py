#!/usr/bin/env python3
"""Lane 2: Intel's Level Zero driver (Debian's intel-opencl-icd) compiles every
SPIR-V image of the e2e programs already built under <e2e output dir>.

With no GPU, the driver runs in its capture mode (debug keys below, chosen
with ZE_ENABLE_ALT_DRIVERS): its compiler builds modules and kernels, which
never execute. Tiger Lake (tgllp) is the device; images whose kernels use
fp64, which Tiger Lake lacks, are built again for Ponte Vecchio (pvc), where
the capture mode builds modules but cannot create kernels. Each run writes an
.aub capture file into its working directory: a temporary one, removed.

With --dumps <dir>, the zeModuleCreate inputs lane 1's test driver dumped
while lit-e2e.level_zero ran (test/level_zero_driver/module_dump.h) are
replayed too: every module the adapter built, with its real specialization
values and build flags, and every kernel launched from it, created with the
argument count the adapter set. Programs of the Level Zero lane without fresh
dumps fail the run (the replay would silently check nothing).

Failures listed in known_failures.txt (regular expressions) are reported as
known and do not fail the run; a listed pattern that no longer matches does.

Usage: check_e2e_images.py <smcp-ze-image-check> [--dumps <dir>] <lit-e2e output dir>
                           [<lit-e2e.level_zero output dir>...]
Exit 77 (skipped) without Intel's driver or without built programs."""
import os
import re
import subprocess
import sys
import tempfile

INTEL_DRIVER = "/usr/lib/x86_64-linux-gnu/libze_intel_gpu.so.1"


def programs(root):
    found = []
    for dirpath, _, files in os.walk(root):
        for f in files:
            path = os.path.join(dirpath, f)
            if not os.access(path, os.X_OK) or os.path.islink(path):
                continue
            with open(path, "rb") as fh:
                head = fh.read(4)
            if head == b"\x7fELF" and b"smcp_images" in open(path, "rb").read():
                found.append(path)
    return sorted(found)


def run(checker, product, args):
    env = dict(os.environ, ZE_ENABLE_ALT_DRIVERS=INTEL_DRIVER, NEOReadDebugKeys="1",
               SetCommandStreamReceiver="1", ProductFamilyOverride=product)
    for var in ("ZE_ENABLE_VALIDATION_LAYER", "ZE_ENABLE_PARAMETER_VALIDATION"):
        env.pop(var, None)
    with tempfile.TemporaryDirectory(prefix="smcp-ze-aub-") as work:  # the .aub files
        r = subprocess.run([checker] + args, cwd=work, env=env, capture_output=True, text=True,
                           timeout=1800)
    return r.returncode, r.stdout


def toolchain_time(checker):
    """When the compiler last changed: programs built before are stale."""
    build = os.path.dirname(os.path.dirname(os.path.abspath(checker)))
    parts = ["bin/syclcc", "bin/smcp-post-link", "bin/smcp-wrap", "lib/SMCPPasses.so",
             "lib/smcp-plugin.so"]
    return max((os.path.getmtime(os.path.join(build, p)) for p in parts
                if os.path.exists(os.path.join(build, p))), default=0)


def known_patterns():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "known_failures.txt")
    return [re.compile(l.strip()) for l in open(path) if l.strip() and not l.startswith("#")]


def judge(outputs):
    """The FAILED lines no known pattern matches, and the patterns nothing matched."""
    patterns = known_patterns()
    used = set()
    unknown = []
    for line in "".join(outputs).splitlines():
        if not line.startswith("FAILED: "):
            continue
        hits = [p for p in patterns if p.search(line)]
        used.update(p.pattern for p in hits)
        if not hits:
            unknown.append(line)
    stale = [p.pattern for p in patterns if p.pattern not in used]
    return unknown, stale


def dumped_modules(directory, built_after):
    if not directory or not os.path.isdir(directory):
        return []
    return sorted(os.path.join(directory, f) for f in os.listdir(directory)
                  if f.endswith(".module")
                  and os.path.getmtime(os.path.join(directory, f)) >= built_after)


def main():
    checker, roots = sys.argv[1], sys.argv[2:]
    dumps = None
    if roots[:1] == ["--dumps"]:
        dumps, roots = roots[1], roots[2:]
    if not os.path.exists(INTEL_DRIVER):
        print(f"skipped: {INTEL_DRIVER} is not installed (Debian's intel-opencl-icd)")
        return 77
    # Programs left over from tests that no longer run (or no longer build
    # them) were compiled by an older toolchain: not what SMCP emits today.
    built_after = toolchain_time(checker)
    every = [f for root in roots for f in programs(root)]
    files = [f for f in every if os.path.getmtime(f) >= built_after]
    if len(files) < len(every):
        print(f"{len(every) - len(files)} programs older than the toolchain skipped")
    if not files:
        print(f"skipped: no e2e programs built under {' '.join(roots)} (run lit-e2e first)")
        return 77
    status, out = run(checker, "tgllp", files)
    outputs = [out]
    print(out, end="")
    fp64 = sorted({m.group(1) for m in re.finditer(r"^needs fp64: (.*) image \d+$", out, re.M)})
    if fp64:
        status, out = run(checker, "pvc", ["--modules-only"] + fp64)
        outputs.append(out)
        print("fp64 images, modules only, on pvc:")
        print(out, end="")
    if dumps is not None:
        modules = dumped_modules(dumps, built_after)
        # The output dirs after the first are the Level Zero lane's.
        lane1 = [f for f in files if any(os.path.abspath(f).startswith(os.path.abspath(r))
                                         for r in roots[1:])]
        if lane1 and not modules:
            print(f"no fresh zeModuleCreate dumps in {dumps} although lit-e2e.level_zero "
                  f"built {len(lane1)} programs")
            return 1
        if modules:
            status, out = run(checker, "tgllp", ["--replay"] + modules)
            outputs.append(out)
            print("lane 1's modules, replayed:")
            print(out, end="")
            fp64 = sorted(set(re.findall(r"^needs fp64: (.*\.module)$", out, re.M)))
            if fp64:
                status, out = run(checker, "pvc", ["--modules-only", "--replay"] + fp64)
                outputs.append(out)
                print("lane 1's fp64 modules, modules only, on pvc:")
                print(out, end="")
    unknown, stale = judge(outputs)
    print(f"{len(files)} programs checked")
    for line in unknown:
        print("NEW FAILURE: " + line[len("FAILED: "):])
    for pattern in stale:
        print("NO LONGER FAILS (remove it from known_failures.txt): " + pattern)
    if any(o.strip() == "" for o in outputs):
        print("the checker printed nothing: it crashed")
        return 1
    return 1 if unknown or stale else 0


if __name__ == "__main__":
    sys.exit(main())
