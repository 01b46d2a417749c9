#!/usr/bin/env bash
# ctest's entry to the third-party builds: installs the SMCP build into a
# scratch prefix (as users get it) and builds one project there from the
# source folder its variable names, else from the copy vendored beside this
# script (test/third_party/<Project>/), or skips (77) when there is neither.
# Usage: check.sh <smcp build dir> <scratch dir> babelstream|sycl-bench
set -euo pipefail
build=$1 work=$2 project=$3
here=$(cd "$(dirname "$0")" && pwd)
case $project in
  babelstream) src=${SMCP_BABELSTREAM_DIR:-} var=SMCP_BABELSTREAM_DIR vendored=$here/BabelStream script=run_babelstream.sh ;;
  sycl-bench) src=${SMCP_SYCL_BENCH_DIR:-} var=SMCP_SYCL_BENCH_DIR vendored=$here/sycl-bench script=run_sycl_bench.sh ;;
  *) echo "error: unknown project '$project'"; exit 1 ;;
esac
if [ -z "$src" ] && [ -d "$vendored" ]; then
  src=$vendored
fi
if [ -z "$src" ]; then
  echo "skipped: $var is not set and $vendored is absent (a $project checkout to build against the installed tree)"
  exit 77
fi
echo "$project sources: $src"
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
unset CMAKE_CXX_COMPILER_LAUNCHER || true
exec bash "$here/$script" "$work/prefix" "$src" "$work/$project"
