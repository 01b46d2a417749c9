#!/usr/bin/env bash
# SYCL-Bench built unchanged against an installed SMCP tree in its DPC++ mode
# (-DSYCL_IMPL=dpcpp, CMAKE_CXX_COMPILER=<prefix>/bin/clang++: its build adds
# -fsycl). Its configure-time feature probes (try_compile) must all come out
# ON; a few benchmarks build and run with "Verification: PASS" and no error.
# Usage: run_sycl_bench.sh <smcp prefix> <SYCL-Bench source folder> <scratch dir> [benchmark...]
# Exit 77 (skipped) when the source folder is not given.
set -euo pipefail
prefix=${1:?smcp prefix} src=${2:-} work=${3:?scratch dir}
shift 3 || true
benchmarks=${*:-vec_add scalar_prod 2DConvolution}
if [ -z "$src" ]; then
  echo "skipped: set SMCP_SYCL_BENCH_DIR to a SYCL-Bench checkout"
  exit 77
fi
[ -f "$src/include/common.h" ] || { echo "error: $src is not a SYCL-Bench source folder"; exit 1; }
rm -rf "$work" && mkdir -p "$work"
echo "== SYCL-Bench configure (dpcpp)"
cmake -S "$src" -B "$work/build" -DSYCL_IMPL=dpcpp -DCMAKE_CXX_COMPILER="$prefix/bin/clang++" \
  > "$work/configure.log" 2>&1 || { tail -30 "$work/configure.log"; exit 1; }
grep -E '^-- (KERNEL_REDUCTIONS|SPEC_CONSTANTS|GROUP_ALGORITHMS|FP64_SUPPORT):' "$work/configure.log"
if grep -Eq '^-- (KERNEL_REDUCTIONS|SPEC_CONSTANTS|GROUP_ALGORITHMS|FP64_SUPPORT): OFF' "$work/configure.log"; then
  echo "error: a SYCL feature probe failed to compile (CMakeFiles/CMakeError.log says why)"; exit 1
fi
for b in $benchmarks; do
  echo "== SYCL-Bench $b"
  cmake --build "$work/build" --target "$b" > "$work/$b.build.log" 2>&1 \
    || { tail -40 "$work/$b.build.log"; exit 1; }
  "$work/build/$b" --size=4096 --num-runs=2 > "$work/$b.out" 2>&1 || { cat "$work/$b.out"; exit 1; }
  grep -E '^(\*\*\*|Verification)' "$work/$b.out"
  if grep -Eq 'Verification: FAIL|SYCL error|^Error' "$work/$b.out"; then
    echo "error: $b failed"; exit 1
  fi
  grep -q 'Verification: PASS' "$work/$b.out" || { echo "error: $b verified nothing"; exit 1; }
done
echo "sycl-bench: $benchmarks built and verified"
