#!/usr/bin/env python3
"""Compile time of SYCL programs with syclcc vs clang++-15 on their host-only
twins (issue 16: within 3x), with the precompiled <sycl/sycl.hpp> (a warm
cache, driver/Pch.h) and without it (SMCP_CACHE_DIR=off).

  bench/compile_time.py [build dir] [--pairs N]

Rows: examples/vector_add.cpp and compile_many_kernels.cpp (written by
bench/gen_many_kernels.py into a temporary folder), each with -c and compiled and linked, all at -O2.
Every variant of a row runs in turn, N rounds (default 5), so that load
from other processes hits each alike. Printed per variant: wall seconds and
CPU seconds (user + system of the driver and its children), min-median-max,
and the ratio of the medians to clang++'s; the machine's load before and
after. Not a test: no assertions."""

import argparse
import os
import statistics
import subprocess
import tempfile
import time

import gen_many_kernels

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def timed(cmd, env):
    """(wall, CPU) seconds of one run of cmd, children included."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"compile-time bench: '{' '.join(cmd)}' failed")
    return wall, usage.ru_utime + usage.ru_stime


def spread(values):
    return f"{min(values):6.3f} {statistics.median(values):6.3f} {max(values):6.3f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    ap.add_argument("--pairs", type=int, default=5)
    args = ap.parse_args()
    syclcc = os.path.join(os.path.abspath(args.build), "bin", "syclcc")
    tmp = tempfile.mkdtemp(prefix="smcp-compile-time-")
    warm = dict(os.environ, SMCP_CACHE_DIR=os.path.join(tmp, "cache"))
    cold = dict(os.environ, SMCP_CACHE_DIR="off")
    programs = [("vector_add", os.path.join(ROOT, "examples", "vector_add.cpp"),
                 os.path.join(ROOT, "bench", "vector_add_host.cpp")),
                ("many_kernels", *gen_many_kernels.write_both(tmp))]
    rows = []
    for name, sycl, host in programs:
        for link in (False, True):
            out = os.path.join(tmp, name + ("" if link else ".o"))
            mode = [] if link else ["-c"]
            label = f"{name} {'compile+link' if link else '-c'}"
            rows.append((label, {
                "clang++ host-only": (["clang++-15", "-O2", *mode, host, "-o", out + ".host"], cold),
                "syclcc, no PCH": ([syclcc, "-O2", *mode, sycl, "-o", out], cold),
                "syclcc, PCH": ([syclcc, "-O2", *mode, sycl, "-o", out], warm),
            }))
    for _, variants in rows:  # fills the PCH cache and the file cache
        for cmd, env in variants.values():
            timed(cmd, env)
    print(f"machine: {os.cpu_count()} cores, load {load()} (1/5/15 min) before the runs")
    results = {}
    for _ in range(args.pairs):
        for label, variants in rows:
            for variant, (cmd, env) in variants.items():
                results.setdefault((label, variant), []).append(timed(cmd, env))
    print(f"{'row':28} {'variant':20} {'wall min med max':>22} {'CPU min med max':>22} "
          f"{'ratio wall':>10} {'ratio CPU':>9}")
    for label, variants in rows:
        base = results[(label, "clang++ host-only")]
        base_wall = statistics.median(w for w, _ in base)
        base_cpu = statistics.median(c for _, c in base)
        for variant in variants:
            runs = results[(label, variant)]
            walls, cpus = [w for w, _ in runs], [c for _, c in runs]
            print(f"{label:28} {variant:20} {spread(walls):>22} {spread(cpus):>22} "
                  f"{statistics.median(walls) / base_wall:10.2f} "
                  f"{statistics.median(cpus) / base_cpu:9.2f}")
    print(f"{args.pairs} rounds; machine load after: {load()}")


if __name__ == "__main__":
    main()
