#!/usr/bin/env python3
"""Runs SMCP's CPU benchmarks against their baselines and prints median ratios.

Each SMCP program and its baseline run alternately (A B A B ..., --pairs of
them, at least 5), so that a noisy machine weighs on both alike; each ratio
is the median of the pair-wise ratios, with their min-max. The machine's load
is printed before and after. Usage: bench/run.py [build dir] [--pairs N]
[--only REGEX] (only the rows whose name matches, and only their programs).
Not a test: no assertions."""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import gen_many_kernels

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TMP = tempfile.mkdtemp(prefix="smcp-bench-")


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: '{' '.join(cmd)}' failed:\n{result.stderr}")
    return result.stdout


def metrics(output):
    return {k: float(v) for k, v in (line.split() for line in output.splitlines() if line.strip())}


def elapsed(cmd):
    t0 = time.perf_counter()
    run(cmd)
    return {"seconds": time.perf_counter() - t0}


def build(syclcc, build_dir, wanted):
    """name -> the command that runs it (each prints "metric value" lines), for
    the programs in wanted (the others are not built)."""
    bench = os.path.join(ROOT, "bench")
    progs = {}

    def sycl(name):
        out = os.path.join(TMP, name)
        run([syclcc, "-O2", os.path.join(bench, name + ".cpp"), "-o", out])
        progs[name] = [out]

    def native(name, flags, libs=()):
        out = os.path.join(TMP, name)
        run(["g++", *flags, os.path.join(bench, name + ".cpp"), *libs, "-o", out])
        progs[name] = [out]

    for name in ("sycl_bench", "workgroup_bench", "spec_constants_bench", "device_global_bench",
                 "submit_threads_bench", "host_access_bench", "image_bench"):
        if name in wanted:
            sycl(name)
    for name in ("opencl_baseline", "workgroup_baseline", "device_global_baseline"):
        if name in wanted:
            native(name, ["-O2"], ["-lOpenCL"])
    if "openmp_baseline" in wanted:
        native("openmp_baseline", ["-O3", "-march=native", "-fopenmp"])
    progs["smcp-bench-scheduler"] = [os.path.join(build_dir, "bin", "smcp-bench-scheduler")]
    # Compile time: syclcc on a SYCL program vs clang++ on its host-only twin.
    progs["compile_sycl"] = ("time", [syclcc, "-O2", os.path.join(ROOT, "examples", "vector_add.cpp"),
                                      "-o", os.path.join(TMP, "va")])
    progs["compile_host"] = ("time", ["clang++-15", "-O2", os.path.join(bench, "vector_add_host.cpp"),
                                      "-o", os.path.join(TMP, "va_host")])
    many_sycl, many_host = gen_many_kernels.write_both(TMP)
    progs["compile_many_sycl"] = ("time", [syclcc, "-O2", many_sycl, "-o", os.path.join(TMP, "many")])
    progs["compile_many_host"] = ("time", ["clang++-15", "-O2", many_host,
                                           "-o", os.path.join(TMP, "many_host")])
    parse = os.path.join(TMP, "parse.cpp")
    with open(parse, "w") as f:
        f.write("#include <sycl/sycl.hpp>\n")
    progs["parse_sycl_hpp"] = ("time", ["clang++-15", "-std=c++17", "-fsyntax-only", "-Xclang",
                                        "-fsycl-is-host", "-I" + os.path.join(ROOT, "include"), parse])
    return progs


def measure(progs, name):
    p = progs[name]
    return elapsed(p[1]) if isinstance(p, tuple) else metrics(run(p))


# (row, SMCP program, metric, baseline program, metric, goal). A baseline of
# None compares two metrics of one run of the SMCP program.
ROWS = [
    ("STREAM triad 2^25 floats (GB/s) vs OpenCL C", "sycl_bench", "triad_gbps",
     "opencl_baseline", "triad_gbps", ">= 0.95"),
    ("STREAM triad 2^25 floats (GB/s) vs OpenMP", "sycl_bench", "triad_gbps",
     "openmp_baseline", "triad_gbps", ">= 0.9"),
    ("reduction sum 2^26 floats (GB/s) vs OpenCL C", "workgroup_bench", "reduction_gbps",
     "workgroup_baseline", "reduction_gbps", ">= 0.95"),
    ("reduction sum 2^26 floats (GB/s) vs OpenMP", "workgroup_bench", "reduction_gbps",
     "openmp_baseline", "reduction_gbps", ">= 0.9"),
    ("reduction sum 2^26 floats nd_range(256) vs OpenMP", "workgroup_bench", "reduction_nd_gbps",
     "openmp_baseline", "reduction_gbps", ">= 0.9"),
    ("reduction sum 2^26 floats, buffers, vs OpenMP (USM arrays)", "workgroup_bench",
     "reduction_buffer_gbps", "openmp_baseline", "reduction_gbps", ">= 0.9"),
    ("reduction sum and max 2^26 floats, two reducers, vs OpenMP", "workgroup_bench",
     "sum_max_gbps", "openmp_baseline", "sum_max_gbps", ">= 0.9"),
    ("reduction dot 2^25 doubles (GB/s) vs OpenMP", "workgroup_bench", "dot_double_gbps",
     "openmp_baseline", "dot_double_gbps", ">= 0.9"),
    ("reduce_over_group 2^26 floats, groups of 256 vs OpenCL C", "workgroup_bench",
     "group_sums_gbps", "workgroup_baseline", "group_sums_gbps", ""),
    ("inclusive_scan_over_group 2^26 floats vs OpenCL C", "workgroup_bench",
     "group_scans_gbps", "workgroup_baseline", "group_scans_gbps", ""),
    ("SGEMM 1024^2 local memory (GFLOP/s) vs OpenCL C", "workgroup_bench", "sgemm_gflops",
     "workgroup_baseline", "sgemm_gflops", ">= 0.95"),
    ("empty single_task submit+wait (us) vs OpenCL", "sycl_bench", "latency_us",
     "opencl_baseline", "latency_us", "<= 1.3"),
    ("1000-kernel chain USM in-order (us/CG) vs OpenCL", "sycl_bench", "usm_chain_us",
     "opencl_baseline", "chain_us", ""),
    ("1000-kernel chain buffers vs USM (us/CG)", "sycl_bench", "buffer_chain_us",
     None, "usm_chain_us", "<= 1.2"),
    ("compile vector_add -O2 (s) vs clang++ host-only", "compile_sycl", "seconds",
     "compile_host", "seconds", "<= 3"),
    ("compile 120-kernel program -O2 (s) vs host-only", "compile_many_sycl", "seconds",
     "compile_many_host", "seconds", "<= 3"),
    ("spec constants, same value: cache hit (us)", "spec_constants_bench", "spec_hit_us",
     None, "spec_plain_us", "<= 1.1"),
    ("spec constants, new value: rebuild (us)", "spec_constants_bench", "spec_rebuild_us",
     None, "spec_plain_us", ""),
    ("device_global++ launch+wait (us) vs USM ptr", "device_global_bench", "dg_launch_us",
     None, "usm_launch_us", ""),
    ("device_global++ launch+wait (us) vs OpenCL C", "device_global_bench", "dg_launch_us",
     "device_global_baseline", "inc_launch_us", ""),
    ("3 host_accessors to 268 MB buffers a kernel wrote, then memcpy out (ms) vs memcpy",
     "host_access_bench", "host_access_ms", None, "memcpy_ms", ""),
    ("3 buffers over user pointers, first kernel (ms) vs the same kernels again",
     "host_access_bench", "upload_ms", None, "upload_kernel_ms", ""),
    ("5x5 convolution 2048^2 float4 (ms): sampled_image vs buffer", "image_bench",
     "conv_sampled_ms", None, "conv_buffer_ms", ""),
    ("5x5 convolution 2048^2 float4 (ms): unsampled_image vs buffer", "image_bench",
     "conv_unsampled_ms", None, "conv_buffer_ms", ""),
    ("4 threads submitting (cmd/s) vs 1", "submit_threads_bench", "submit_4t_cps",
     None, "submit_1t_cps", ">= 1"),
    ("4 threads, 20 us launch latency (cmd/s) vs 1", "smcp-bench-scheduler", "sched_4t_cps",
     None, "sched_1t_cps", ">= 1"),
]
for size, tag in (("4 B", "4b"), ("4 KiB", "4k"), ("1 MiB", "1m")):
    ROWS.append((f"device_global copy {size} (us) vs USM memcpy", "device_global_bench",
                 f"dg_copy_{tag}_us", None, f"usm_copy_{tag}_us", ""))
    ROWS.append((f"device_global copy {size} (us) vs clEnqueueRead", "device_global_bench",
                 f"dg_copy_{tag}_us", "device_global_baseline", f"read_{tag}_us", ""))


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--only", metavar="REGEX",
                    help="only the rows whose name matches (re.search); skips the start-up runs")
    args = ap.parse_args()
    pairs = max(5, args.pairs)
    build_dir = os.path.abspath(args.build)
    rows = [r for r in ROWS if not args.only or re.search(args.only, r[0])]
    if not rows:
        sys.exit(f"bench: no row matches '{args.only}'")
    wanted = {p for r in rows for p in (r[1], r[3] or r[1])} | ({"parse_sycl_hpp"} if not args.only else set())
    progs = build(os.path.join(build_dir, "bin", "syclcc"), build_dir, wanted)
    print(f"machine: {os.cpu_count()} cores, load {load()} (1/5/15 min) before the runs")
    # Every SMCP program alternates with each of its baselines.
    order = []
    for _, smcp, _, base, _, _ in rows:
        pair = (smcp, base or smcp)
        if pair not in order:
            order.append(pair)
    runs = {}  # (smcp, base) -> [(smcp metrics, base metrics)]
    for i in range(pairs):
        for smcp, base in order:
            a = measure(progs, smcp)
            b = a if base == smcp else measure(progs, base)
            runs.setdefault((smcp, base), []).append((a, b))
    print(f"{'benchmark':50} {'SMCP':>10} {'base':>10} {'ratio':>6} {'min-max':>11}  goal")
    for name, smcp, key, base, base_key, goal in rows:
        pairs_of = runs[(smcp, base or smcp)]
        ratios = [a[key] / b[base_key] for a, b in pairs_of]
        med = statistics.median(ratios)
        a_med = statistics.median(a[key] for a, _ in pairs_of)
        b_med = statistics.median(b[base_key] for _, b in pairs_of)
        print(f"{name:50} {a_med:10.3f} {b_med:10.3f} {med:6.2f} {min(ratios):5.2f}-{max(ratios):<5.2f}  {goal}")
    if args.only is None:
        parse = [measure(progs, "parse_sycl_hpp")["seconds"] for _ in range(pairs)]
        print(f"{'parse <sycl/sycl.hpp> alone (s), median':50} {statistics.median(parse):10.3f}")
    print(f"ratios: median of {pairs} alternating pairs; machine load after: {load()}")
    if args.only is not None:
        return
    print()
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "startup.py"), build_dir], check=True)


if __name__ == "__main__":
    main()
