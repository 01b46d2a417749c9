#!/usr/bin/env bash
# The MPI Jacobi example with 1 and 2 ranks: the grids must be identical.
# Usage: check-jacobi.sh <syclcc> <scratch dir>
set -euo pipefail
syclcc=$1 work=$2
mkdir -p "$work"
# shellcheck disable=SC2046 # mpicxx's flags are words
"$syclcc" -O2 $(mpicxx --showme:compile) "$(dirname "$0")/jacobi.cpp" $(mpicxx --showme:link) \
  -o "$work/jacobi"
run() { mpirun --allow-run-as-root --oversubscribe -np "$1" "$work/jacobi" 128 100; }
one=$(run 1) two=$(run 2)
echo "$one"; echo "$two"
[ "${one#*rank(s): }" = "${two#*rank(s): }" ]
echo "mpi jacobi: 2 ranks give the 1-rank grid"
