#!/usr/bin/env bash
# The MPI Jacobi example with 1 and 2 ranks: the grids must be identical.
# With a recording adapter (test/unit) as a host with two GPUs, each rank
# takes the GPU of its local rank.
# Usage: check-jacobi.sh <syclcc> <scratch dir> [recording adapter]
set -euo pipefail
syclcc=$1 work=$2 recording=${3:-}
mkdir -p "$work"
# shellcheck disable=SC2046 # mpicxx's flags are words
"$syclcc" -O2 $(mpicxx --showme:compile) "$(dirname "$0")/jacobi.cpp" $(mpicxx --showme:link) \
  -o "$work/jacobi"
run() { mpirun --allow-run-as-root --oversubscribe -np "$1" "$work/jacobi" 128 100; }
one=$(run 1) two=$(run 2)
echo "$one"; echo "$two"
[ "${one#*rank(s): }" = "${two#*rank(s): }" ]
echo "mpi jacobi: 2 ranks give the 1-rank grid"
if [ -n "$recording" ]; then
  ranks=$(SMCP_ADAPTERS=$recording SMCP_RECORDING_DEVICES=2 mpirun --allow-run-as-root \
    --oversubscribe -x SMCP_ADAPTERS -x SMCP_RECORDING_DEVICES -np 2 "$work/jacobi" --which-device | sort)
  echo "$ranks"
  [ "$ranks" = "$(printf 'rank 0: recording gpu 0\nrank 1: recording gpu 1')" ]
  echo "mpi jacobi: each rank takes the GPU of its local rank"
fi
