#!/usr/bin/env python3
"""Runs the GPU benchmarks on the machine with the GPU (bench/gpu/README.md):
builds the CUDA baselines with nvcc, then runs each SMCP benchmark (built by
./smcp.sh gpu-kit into .gpu/bench) and its baseline alternately, A B A B, and
prints per figure SMCP and CUDA as min-median-max and the median of the
pair-wise ratios SMCP/CUDA with their min-max, then the same as table rows
for the README. With two GPUs it also measures peer copies (against
cudaMemcpyPeerAsync) and the multi-device Jacobi example's strong scaling
from one GPU to two; with fewer, those rows say they were skipped. The log goes to $OUT/bench-gpu.log, the raw figures to
$OUT/bench-gpu.json.

Usage: bench/gpu/run.py [--kit .gpu] [--pairs 5] [--small] [--smcp-only] [--multi-gpu]
                       [--only PROGRAM]...
  --small      small sizes (a CPU device, e.g. PoCL with a spir64 kit)
  --smcp-only  no baselines (a machine without an NVIDIA GPU)
  --multi-gpu  only what needs two GPUs: peer copies and the Jacobi scaling
  --only       only these programs (PROGRAMS below; "jacobi": the Jacobi scaling)"""

import argparse
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# name: (arguments, small arguments, extra nvcc arguments)
PROGRAMS = {
    "triad": ([], ["16,18"], []),
    "empty_kernel": ([], ["1000", "200"], ["-lcuda"]),
    "sgemm": ([], ["256"], []),
    "reduction": ([], ["20"], []),
    "peer_copy": ([], ["20"], []),
    "image_conv": ([], ["256"], []),
}
# Programs that use two GPUs: their ONEAPI_DEVICE_SELECTOR (others get <backend>:0).
TWO_DEVICES = {"peer_copy"}
# The multi-device Jacobi example of the kit (examples/jacobi_multi_device.cpp):
# (N, iterations) for the timed runs, and for the run that checks the 2-GPU grid.
JACOBI = {"full": (16384, 100), "small": (256, 20), "check": (1024, 50)}


def triad_rows(sizes):
    rows = []
    for log2 in sizes:
        for t in ("float", "double"):
            for mem, what in (("usm", "USM"), ("buffer", "buffers")):
                rows.append((f"STREAM triad 2^{log2} {t}s, {what} (GB/s)", "triad",
                             f"triad_{t}_2^{log2}_{mem}_gbps", f"triad_{t}_2^{log2}_gbps", True))
    return rows


def rows_for(small):
    """(label, program, SMCP figure, CUDA figure, higher is better)"""
    return triad_rows((16, 18) if small else (25, 28)) + [
        ("empty kernel, N launches + 1 wait, in-order queue (µs/launch) vs cuLaunchKernel",
         "empty_kernel", "empty_launch_inorder_us", "empty_launch_us", False),
        ("empty kernel, N launches + 1 wait, out-of-order queue (µs/launch) vs cuLaunchKernel",
         "empty_kernel", "empty_launch_ooo_us", "empty_launch_us", False),
        ("empty kernel, N launches + 1 wait, out-of-order queue (µs/launch) vs cuLaunchKernel "
         "over 4 streams in turn", "empty_kernel", "empty_launch_ooo_us", "empty_launch_4streams_us",
         False),
        ("empty kernel, N launches + 1 wait, in-order queue (µs/launch) vs <<<>>>",
         "empty_kernel", "empty_launch_inorder_us", "empty_launch_rt_us", False),
        ("empty kernel, launch + wait (µs) vs cuLaunchKernel + cuStreamSynchronize",
         "empty_kernel", "empty_latency_us", "empty_latency_us", False),
        ("empty kernel, launch + wait (µs) vs <<<>>> + cudaStreamSynchronize",
         "empty_kernel", "empty_latency_us", "empty_latency_rt_us", False),
        (f"SGEMM {256 if small else 4096}² tiled 16×16, local_accessor tiles vs __shared__ arrays (GFLOP/s)",
         "sgemm", "sgemm_gflops", "sgemm_gflops", True),
        (f"SGEMM {256 if small else 4096}² tiled 16×16, group_local_memory tiles vs __shared__ arrays (GFLOP/s)",
         "sgemm", "sgemm_glm_gflops", "sgemm_gflops", True),
        (f"SGEMM {256 if small else 4096}² tiled 16×16, local_accessor tiles vs extern __shared__ with a run-time stride (GFLOP/s)",
         "sgemm", "sgemm_gflops", "sgemm_dynamic_gflops", True),
        (f"reduction sum of 2^{20 if small else 28} floats (GB/s) vs cub::DeviceReduce::Sum",
         "reduction", "reduction_gbps", "reduction_gbps", True),
        (f"5x5 convolution of a {256 if small else 2048}² float4 image through a sampled_image "
         "vs tex2D on a texture object (ms)", "image_conv", "image_conv_sampled_ms",
         "image_conv_sampled_ms", False),
        (f"5x5 convolution of a {256 if small else 2048}² float4 image through an unsampled_image "
         "vs tex2D on a texture object (ms)", "image_conv", "image_conv_unsampled_ms",
         "image_conv_sampled_ms", False),
        (f"5x5 convolution of a {256 if small else 2048}² float4 image over a buffer vs a pointer "
         "(ms)", "image_conv", "image_conv_buffer_ms", "image_conv_buffer_ms", False),
        (f"peer copy GPU 0 -> GPU 1, 2^{20 if small else 28} bytes, USM memcpy (GB/s) vs cudaMemcpyPeerAsync",
         "peer_copy", f"peer_copy_2^{20 if small else 28}_gbps",
         f"peer_copy_2^{20 if small else 28}_gbps", True),
    ]


class Log:
    def __init__(self, path):
        self.file = open(path, "w")

    def __call__(self, text=""):
        print(text, flush=True)
        self.file.write(text + "\n")
        self.file.flush()


def read_kit(kit):
    values = {}
    with open(os.path.join(kit, "KIT")) as f:
        for line in f:
            key, _, value = line.strip().partition("=")
            values[key] = shlex.split(value)[0] if value else ""
    return values


def build_baselines(folder, names, log):
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"

    def build(name):
        cmd = [nvcc, "-O3", "-arch=sm_90", "-std=c++17", os.path.join(HERE, name + ".cu"),
               "-o", os.path.join(folder, name)] + PROGRAMS[name][2]
        result = subprocess.run(cmd, capture_output=True, text=True)
        return name, " ".join(cmd), result

    with ThreadPoolExecutor(len(names)) as pool:
        for name, cmd, result in pool.map(build, names):
            log(f"$ {cmd}")
            if result.returncode != 0:
                log(result.stdout + result.stderr)
                sys.exit(f"bench/gpu: building the {name} baseline failed")


def run_once(cmd, env, log):
    """The program's "name value" lines, or None when it fails."""
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    except subprocess.TimeoutExpired:
        log(f"  {' '.join(cmd)}: timed out")
        return None
    except OSError as e:  # a program the kit could not build
        log(f"  {' '.join(cmd)}: {e.strerror}")
        return None
    if result.returncode != 0:
        log(f"  {' '.join(cmd)}: exit {result.returncode}\n{result.stdout}{result.stderr}")
        return None
    log(f"  {' '.join(cmd)}: " + "; ".join(result.stdout.splitlines()))
    if not result.stdout.strip():  # a program that skipped says why on stderr
        log(f"    {result.stderr.strip()}")
    return {k: float(v) for k, v in (line.split() for line in result.stdout.splitlines() if line.strip())}


def spread(values):
    return f"{min(values):.4g}–{statistics.median(values):.4g}–{max(values):.4g}"


def jacobi_ms(kit, env, selector, args, log):
    """ms per iteration of the kit's multi-device Jacobi example, and its
    output; None when it fails."""
    cmd = [os.path.join(kit, "examples", "jacobi_multi_device")] + [str(a) for a in args]
    run_env = dict(env, ONEAPI_DEVICE_SELECTOR=selector)
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=run_env, timeout=300)
    except (subprocess.TimeoutExpired, OSError) as e:
        log(f"  {selector} {' '.join(cmd)}: {e}")
        return None, ""
    log(f"  ONEAPI_DEVICE_SELECTOR={selector} {' '.join(cmd)}: exit {result.returncode}: " +
        "; ".join(result.stdout.splitlines()))
    if result.returncode != 0:
        log(result.stderr)
        return None, result.stdout
    match = re.search(r"([0-9.]+) ms/iteration", result.stdout)
    return (float(match.group(1)) if match else None), result.stdout


def jacobi_scaling(kit, env, backend, pairs, small, log):
    """Strong scaling of the Jacobi example from 1 GPU to 2: README rows."""
    n, iterations = JACOBI["small" if small else "full"]
    log(f"== jacobi_multi_device {n} {iterations}: 1 GPU vs 2 GPUs")
    _, out = jacobi_ms(kit, env, f"{backend}:0,1", [*JACOBI["check"], "--parts", "2"], log)
    used = re.search(r"parts on ([0-9]+) device", out)
    if not used or int(used.group(1)) < 2:
        log("  jacobi scaling: skipped: fewer than two GPUs here")
        return []
    if "identical to the one-device run" not in out:
        log("  jacobi scaling: the 2-GPU grid differs from the 1-GPU grid: no figures")
        return []
    one, two = [], []
    for _ in range(pairs):
        a, _ = jacobi_ms(kit, env, f"{backend}:0", [n, iterations, "--parts", "1", "--no-check"], log)
        b, _ = jacobi_ms(kit, env, f"{backend}:0,1", [n, iterations, "--parts", "2", "--no-check"], log)
        if a is None or b is None:
            break
        one.append(a)
        two.append(b)
    if not one:
        return []
    efficiency = [a / (2 * b) for a, b in zip(one, two)]
    label = f"Jacobi {n}² fp64, {iterations} iterations, rows split over GPUs, USM halo copies (ms/iteration)"
    rows = [(f"{label}: 1 GPU", spread(one)), (f"{label}: 2 GPUs", spread(two)),
            ("Jacobi strong-scaling efficiency t(1 GPU) / (2 · t(2 GPUs))", spread(efficiency))]
    for name, value in rows:
        log(f"{name:88} {value:>26}")
    return [f"| {name} | {value} | | | |" for name, value in rows]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kit", default=os.path.join(ROOT, ".gpu"))
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--small", action="store_true")
    ap.add_argument("--smcp-only", action="store_true")
    ap.add_argument("--multi-gpu", action="store_true")
    ap.add_argument("--only", action="append", default=[], metavar="PROGRAM",
                    help="run only this program (repeatable), e.g. empty_kernel")
    args = ap.parse_args()
    kit = os.path.abspath(args.kit)
    out = os.environ.get("OUT") or os.path.join(kit, "out")
    os.makedirs(out, exist_ok=True)
    log = Log(os.path.join(out, "bench-gpu.log"))
    info = read_kit(kit)
    log(f"kit: backend {info['BACKEND']}, targets {info['TARGETS']}, built from {info['COMMIT']}")

    smcp_env = dict(os.environ)
    smcp_env["LD_LIBRARY_PATH"] = os.pathsep.join(
        filter(None, [os.path.join(kit, "lib"), os.environ.get("LD_LIBRARY_PATH")]))
    smcp_env.setdefault("ONEAPI_DEVICE_SELECTOR", info["BACKEND"] + ":0")
    programs = [p for p in PROGRAMS if (p in TWO_DEVICES or not args.multi_gpu) and
                (not args.only or p in args.only)]
    baselines = tempfile.mkdtemp(prefix="smcp-bench-gpu-")
    if not args.smcp_only:
        build_baselines(baselines, programs, log)

    figures = {}  # program -> {"smcp": [runs], "cuda": [runs]}, runs aligned by pair
    for name, (full, small, _) in PROGRAMS.items():
        if name not in programs:
            continue
        prog_args = small if args.small else full
        log(f"== {name} {' '.join(prog_args)}")
        runs = {"smcp": [], "cuda": []}
        env = dict(smcp_env)
        if name in TWO_DEVICES:
            env["ONEAPI_DEVICE_SELECTOR"] = info["BACKEND"] + ":0,1"
        for _ in range(args.pairs):
            a = run_once([os.path.join(kit, "bench", name)] + prog_args, env, log)
            b = {} if args.smcp_only else run_once([os.path.join(baselines, name)] + prog_args,
                                                   dict(os.environ), log)
            if a is None or b is None:
                break
            runs["smcp"].append(a)
            runs["cuda"].append(b)
        figures[name] = runs
    with open(os.path.join(out, "bench-gpu.json"), "w") as f:
        json.dump(figures, f, indent=1)
    jacobi_rows = [] if args.only and "jacobi" not in args.only else \
        jacobi_scaling(kit, smcp_env, info["BACKEND"], args.pairs, args.small, log)

    log()
    log(f"{'figure':88} {'SMCP min–median–max':>26} {'CUDA min–median–max':>26}  SMCP/CUDA median (min–max)")
    table = []
    for label, prog, mine, theirs, higher in rows_for(args.small):
        if prog not in programs:
            continue
        runs = figures[prog]
        a = [r[mine] for r in runs["smcp"] if mine in r]
        b = [r[theirs] for r in runs["cuda"] if theirs in r]
        if not a:
            log(f"{label:88} {'(no result)':>26}")
            continue
        if not b:
            log(f"{label:88} {spread(a):>26}")
            continue
        ratios = [x / y for x, y in zip(a, b)]
        better = "higher" if higher else "lower"
        ratio = f"{statistics.median(ratios):.3f} ({min(ratios):.3f}–{max(ratios):.3f})"
        log(f"{label:88} {spread(a):>26} {spread(b):>26}  {ratio}, {better} is better")
        table.append(f"| {label} | {spread(a)} | {spread(b)} | {ratio} | |")
    log()
    log(f"README rows ({args.pairs} pairs; figures min–median–max; ratio median (min–max)):")
    for row in table + jacobi_rows:
        log(row)
    shutil.rmtree(baselines, ignore_errors=True)


if __name__ == "__main__":
    main()
