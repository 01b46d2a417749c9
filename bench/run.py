#!/usr/bin/env python3
"""Runs SMCP's benchmarks and their native baselines in one go and prints a
table of ratios. Usage: bench/run.py <build dir>. Not a test: no assertions."""

import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build"))
SYCLCC = os.path.join(BUILD, "bin", "syclcc")
CLANG = "clang++-15"
TMP = tempfile.mkdtemp(prefix="smcp-bench-")


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: '{' '.join(cmd)}' failed:\n{result.stderr}")
    return result.stdout


def metrics(output):
    return {k: float(v) for k, v in (line.split() for line in output.splitlines() if line.strip())}


def best_time(cmd, reps=3):
    best = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        best = min(best, time.perf_counter() - t0)
    return best


def main():
    sycl_bin = os.path.join(TMP, "sycl_bench")
    native_bin = os.path.join(TMP, "opencl_baseline")
    run([SYCLCC, "-O2", os.path.join(ROOT, "bench", "sycl_bench.cpp"), "-o", sycl_bin])
    run(["g++", "-O2", os.path.join(ROOT, "bench", "opencl_baseline.cpp"), "-lOpenCL", "-o", native_bin])
    smcp = metrics(run([sycl_bin]))
    native = metrics(run([native_bin]))
    wg_bin = os.path.join(TMP, "workgroup_bench")
    wg_native_bin = os.path.join(TMP, "workgroup_baseline")
    run([SYCLCC, "-O2", os.path.join(ROOT, "bench", "workgroup_bench.cpp"), "-o", wg_bin])
    run(["g++", "-O2", os.path.join(ROOT, "bench", "workgroup_baseline.cpp"), "-lOpenCL",
         "-o", wg_native_bin])
    smcp.update(metrics(run([wg_bin])))
    wg_native = metrics(run([wg_native_bin]))

    sc_bin = os.path.join(TMP, "spec_constants_bench")
    run([SYCLCC, "-O2", os.path.join(ROOT, "bench", "spec_constants_bench.cpp"), "-o", sc_bin])
    smcp.update(metrics(run([sc_bin])))

    dg_bin = os.path.join(TMP, "device_global_bench")
    dg_native_bin = os.path.join(TMP, "device_global_baseline")
    run([SYCLCC, "-O2", os.path.join(ROOT, "bench", "device_global_bench.cpp"), "-o", dg_bin])
    run(["g++", "-O2", os.path.join(ROOT, "bench", "device_global_baseline.cpp"), "-lOpenCL",
         "-o", dg_native_bin])
    smcp.update(metrics(run([dg_bin])))
    dg_native = metrics(run([dg_native_bin]))

    st_bin = os.path.join(TMP, "submit_threads_bench")
    run([SYCLCC, "-O2", os.path.join(ROOT, "bench", "submit_threads_bench.cpp"), "-o", st_bin])
    smcp.update(metrics(run([st_bin])))
    smcp.update(metrics(run([os.path.join(BUILD, "bin", "smcp-bench-scheduler")])))

    example = os.path.join(ROOT, "examples", "vector_add.cpp")
    t_syclcc = best_time([SYCLCC, "-O2", example, "-o", os.path.join(TMP, "va")])
    t_host = best_time([CLANG, "-O2", os.path.join(ROOT, "bench", "vector_add_host.cpp"),
                        "-o", os.path.join(TMP, "va_host")])
    header = os.path.join(TMP, "parse.cpp")
    with open(header, "w") as f:
        f.write("#include <sycl/sycl.hpp>\n")
    t_parse = best_time([CLANG, "-std=c++17", "-fsyntax-only", "-Xclang", "-fsycl-is-host",
                         "-I" + os.path.join(ROOT, "include"), header])

    rows = [
        ("STREAM triad 2^25 floats (GB/s)", smcp["triad_gbps"], native["triad_gbps"],
         smcp["triad_gbps"] / native["triad_gbps"], ">= 0.95"),
        ("empty single_task submit+wait (us)", smcp["latency_us"], native["latency_us"],
         smcp["latency_us"] / native["latency_us"], "<= 1.3"),
        ("compile vector_add -O2 (s)", t_syclcc, t_host, t_syclcc / t_host, "<= 2"),
        ("1000-kernel chain, buffers (us/CG) vs USM", smcp["buffer_chain_us"],
         smcp["usm_chain_us"], smcp["buffer_chain_us"] / smcp["usm_chain_us"], "<= 1.2"),
        ("1000-kernel chain, USM in-order (us/CG)", smcp["usm_chain_us"], native["chain_us"],
         smcp["usm_chain_us"] / native["chain_us"], ""),
        ("SGEMM 1024^2 tiled in local memory (GFLOP/s)", smcp["sgemm_gflops"],
         wg_native["sgemm_gflops"], smcp["sgemm_gflops"] / wg_native["sgemm_gflops"], ">= 0.95"),
        ("reduction sum 2^26 floats (GB/s)", smcp["reduction_gbps"],
         wg_native["reduction_gbps"], smcp["reduction_gbps"] / wg_native["reduction_gbps"],
         ">= 0.95"),
        # The baseline is SMCP's own launch without spec constants.
        ("spec constants, same value: cache hit (us)", smcp["spec_hit_us"],
         smcp["spec_plain_us"], smcp["spec_hit_us"] / smcp["spec_plain_us"], "<= 1.1"),
        ("spec constants, new value: rebuild (us)", smcp["spec_rebuild_us"],
         smcp["spec_plain_us"], smcp["spec_rebuild_us"] / smcp["spec_plain_us"], ""),
        # device_global: the first baseline is SMCP's own launch/memcpy on USM.
        ("device_global++ launch+wait (us) vs USM ptr", smcp["dg_launch_us"],
         smcp["usm_launch_us"], smcp["dg_launch_us"] / smcp["usm_launch_us"], ""),
        ("device_global++ launch+wait (us) vs OpenCL C", smcp["dg_launch_us"],
         dg_native["inc_launch_us"], smcp["dg_launch_us"] / dg_native["inc_launch_us"], ""),
    ]
    # Multi-threaded submission: the baseline is the same with one thread.
    for prefix, what in (("submit", "default device"), ("sched", "20 us launch latency")):
        one = smcp[f"{prefix}_1t_cps"]
        for n in (2, 4):
            rows.append((f"{n} threads submitting, {what} (cmd/s) vs 1", smcp[f"{prefix}_{n}t_cps"],
                         one, smcp[f"{prefix}_{n}t_cps"] / one, ">= 1" if n == 4 else ""))
    for size, tag in (("4 B", "4b"), ("4 KiB", "4k"), ("1 MiB", "1m")):
        dg = smcp[f"dg_copy_{tag}_us"]
        rows.append((f"device_global copy {size} (us) vs USM memcpy", dg,
                     smcp[f"usm_copy_{tag}_us"], dg / smcp[f"usm_copy_{tag}_us"], ""))
        rows.append((f"device_global copy {size} (us) vs clEnqueueRead", dg,
                     dg_native[f"read_{tag}_us"], dg / dg_native[f"read_{tag}_us"], ""))
    print(f"{'benchmark':46} {'SMCP':>10} {'native':>10} {'ratio':>7}  goal")
    for name, a, b, r, goal in rows:
        print(f"{name:46} {a:10.3f} {b:10.3f} {r:7.2f}  {goal}")
    print(f"{'parse <sycl/sycl.hpp> alone (s)':46} {t_parse:10.3f}")
    print(f"{'device_global counter after 1,000 launches':46} {smcp['dg_counter']:10.0f}")
    print()
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "startup.py"), BUILD], check=True)


if __name__ == "__main__":
    main()
