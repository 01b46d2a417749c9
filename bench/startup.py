#!/usr/bin/env python3
"""Start-up time with an empty persistent program cache (SMCP_CACHE_DIR)
and with the one the previous run filled: bench/startup_bench.cpp run whole,
cold and warm alternately (cold: a fresh empty cache folder; warm: that folder
again), N pairs; prints each figure as min–median–max and the median of the
pair-wise ratios warm/cold with their min–max. The backend's own caches are
kept warm for both (PoCL's kernel cache in a folder of this run, filled by a
run before the pairs), so that the figures show SMCP's cache alone.

Usage: bench/startup.py [build dir] [--pairs N]   (default build/, 5 pairs)"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def spread(values, unit=""):
    return f"{min(values):.4g}–{statistics.median(values):.4g}–{max(values):.4g}{unit}"


def timed_run(program, env):
    t0 = time.perf_counter()
    result = subprocess.run([program], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if result.returncode != 0:
        sys.exit(f"startup: {program} failed:\n{result.stdout}{result.stderr}")
    figures = dict(line.split() for line in result.stdout.splitlines() if line.strip())
    return wall * 1000.0, float(figures["first_kernel_ms"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    ap.add_argument("--pairs", type=int, default=5)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="smcp-startup-")
    program = os.path.join(tmp, "startup_bench")
    subprocess.run([os.path.join(os.path.abspath(args.build), "bin", "syclcc"), "-O2",
                    os.path.join(ROOT, "bench", "startup_bench.cpp"), "-o", program], check=True)
    env = dict(os.environ, POCL_CACHE_DIR=os.path.join(tmp, "pocl-cache"))
    env["SMCP_CACHE_DIR"] = os.path.join(tmp, "warm-up")
    timed_run(program, env)  # fills PoCL's kernel cache for every run below
    cold, warm = {"wall": [], "first": []}, {"wall": [], "first": []}
    for pair in range(args.pairs):
        env["SMCP_CACHE_DIR"] = os.path.join(tmp, f"cache-{pair}")
        for figures in (cold, warm):  # the same folder: empty, then filled by the cold run
            wall, first = timed_run(program, env)
            figures["wall"].append(wall)
            figures["first"].append(first)
    print(f"start-up, {args.pairs} pairs (cold: empty SMCP_CACHE_DIR; warm: filled by the cold run)")
    print(f"{'figure':34} {'cold min–median–max':>24} {'warm min–median–max':>24}  warm/cold median (min–max)")
    for key, label in (("wall", "whole run (ms)"), ("first", "start to first kernel result (ms)")):
        ratios = [w / c for w, c in zip(warm[key], cold[key])]
        print(f"{label:34} {spread(cold[key]):>24} {spread(warm[key]):>24}  "
              f"{statistics.median(ratios):.3f} ({min(ratios):.3f}–{max(ratios):.3f})")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
