#!/usr/bin/env python3
"""Parse time of SYCL headers: median CPU time of N runs of `clang++-15 -fsyntax-only`
with the host flags syclcc uses, for several (include dir, source) variants,
runs interleaved so that load from other processes hits every variant alike.

  bench/header_parse.py [--runs N] [--device] [--instructions] NAME=INCLUDE_DIR:SOURCE_LINE ...

--instructions counts the instructions of one parse per variant under
valgrind's cachegrind instead (about 30 s each): a figure that load does not
move, for differences of a few percent that timing on a busy machine blurs.

Example (today's headers against a saved copy of yesterday's):
  bench/header_parse.py before=/tmp/old/include:'#include <sycl/sycl.hpp>' \
                        after=include:'#include <sycl/sycl.hpp>'
Not a test: it prints the medians and the ratio of each variant to the first.
"""
import argparse
import os
import statistics
import subprocess
import tempfile

CLANG = "clang++-15"
HOST_FLAGS = ["-std=c++17", "-O2", "-Xclang", "-fsycl-is-host"]
DEVICE_FLAGS = ["-std=c++17", "-O2", "--target=spir64-unknown-unknown", "-Xclang", "-fsycl-is-device",
                "-Xclang", "-aux-triple", "-Xclang", "x86_64-pc-linux-gnu",
                "-D__GCC_ATOMIC_TEST_AND_SET_TRUEVAL=1", "-Wno-unknown-attributes"]


def host_include_dirs():
    """The C++ library folders, which syclcc passes to the device compile as
    -isystem (clang's own resource folder it finds itself)."""
    err = subprocess.run([CLANG, "-xc++", "-E", "-v", "/dev/null"],
                         capture_output=True, text=True).stderr.splitlines()
    start = err.index("#include <...> search starts here:") + 1
    end = err.index("End of search list.")
    return [d.strip() for d in err[start:end] if "/lib/clang/" not in d]


def parse_variant(spec, tmp):
    name, _, rest = spec.partition("=")
    include, _, line = rest.partition(":")
    src = os.path.join(tmp, name + ".cpp")
    with open(src, "w") as f:
        f.write(line.replace("\\n", "\n") + "\n")
    return name, os.path.abspath(include), src


def time_once(flags, include, src):
    """CPU seconds (user + system) of one parse: on a machine shared with
    builds, wall time mostly measures the others' load."""
    proc = subprocess.Popen([CLANG, "-fsyntax-only"] + flags + ["-I" + include, src])
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{CLANG} failed on {src}")
    return usage.ru_utime + usage.ru_stime


def instructions_once(flags, include, src, tmp):
    """Instructions executed by one parse (cachegrind's I refs); clang runs
    its compile job in-process, so one process is counted."""
    out = os.path.join(tmp, "cachegrind.out")
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=" + out, CLANG, "-fsyntax-only"] + flags +
                         ["-I" + include, src], capture_output=True, text=True)
    for line in run.stderr.splitlines():
        if "I   refs:" in line or "I refs:" in line:
            return int(line.split(":")[1].replace(",", ""))
    raise SystemExit(f"no instruction count from valgrind for {src}:\n{run.stderr}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--device", action="store_true", help="the spir64 device compile's flags")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under cachegrind, once per variant")
    ap.add_argument("variants", nargs="+")
    args = ap.parse_args()
    flags = HOST_FLAGS
    if args.device:
        flags = DEVICE_FLAGS + [f for d in host_include_dirs() for f in ("-isystem", d)]
    with tempfile.TemporaryDirectory(prefix="smcp-parse-") as tmp:
        variants = [parse_variant(v, tmp) for v in args.variants]
        if args.instructions:
            counts = [(name, instructions_once(flags, include, src, tmp))
                      for name, include, src in variants]
            for name, count in counts:
                print(f"{name:24} {count / 1e9:.3f} G instructions  ratio {count / counts[0][1]:.3f}")
            return
        times = {name: [] for name, _, _ in variants}
        for name, include, src in variants:  # warm the file cache once
            time_once(flags, include, src)
        for _ in range(args.runs):
            for name, include, src in variants:
                times[name].append(time_once(flags, include, src))
    first = statistics.median(times[variants[0][0]])
    for name, _, _ in variants:
        med = statistics.median(times[name])
        print(f"{name:24} median {med:.3f} s  min {min(times[name]):.3f} s  "
              f"ratio {med / first:.3f}")


if __name__ == "__main__":
    main()
