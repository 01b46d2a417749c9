#!/usr/bin/env bash
# BabelStream (v5.0) built unchanged against an installed SMCP tree, the way
# its README tells DPC++ users to: -DSYCL_COMPILER=DPCPP
# -DSYCL_COMPILER_DIR=<prefix>, whose build files then compile and link with
# <prefix>/bin/clang++ -fsycl. Each of the sycl2020-acc and sycl2020-usm
# models configures, builds and runs; its run must report all five kernels
# and no "Validation failed" (BabelStream prints nothing on success).
# Usage: run_babelstream.sh <smcp prefix> <BabelStream source folder> <scratch dir>
# Exit 77 (skipped) when the source folder is not given.
set -euo pipefail
prefix=${1:?smcp prefix} src=${2:-} work=${3:?scratch dir}
if [ -z "$src" ]; then
  echo "skipped: set SMCP_BABELSTREAM_DIR to a BabelStream v5.0 checkout"
  exit 77
fi
[ -f "$src/src/main.cpp" ] || { echo "error: $src is not a BabelStream source folder"; exit 1; }
mkdir -p "$work"
for model in sycl2020-acc sycl2020-usm; do
  echo "== BabelStream $model"
  rm -rf "$work/$model"
  cmake -S "$src" -B "$work/$model" -DMODEL=$model -DSYCL_COMPILER=DPCPP \
    -DSYCL_COMPILER_DIR="$prefix" > "$work/$model.configure.log" 2>&1 \
    || { tail -20 "$work/$model.configure.log"; exit 1; }
  cmake --build "$work/$model" > "$work/$model.build.log" 2>&1 \
    || { tail -40 "$work/$model.build.log"; exit 1; }
  "$work/$model/$model-stream" -s 1048576 -n 5 > "$work/$model.out" 2>&1 \
    || { cat "$work/$model.out"; exit 1; }
  cat "$work/$model.out"
  if grep -q 'Validation failed' "$work/$model.out"; then
    echo "error: $model: BabelStream's validation failed"; exit 1
  fi
  for kernel in Copy Mul Add Triad Dot; do
    grep -Eq "^$kernel +[0-9]" "$work/$model.out" || { echo "error: $model: no $kernel figure"; exit 1; }
  done
done
echo "babelstream: sycl2020-acc and sycl2020-usm built and validated"
