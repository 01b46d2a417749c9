#!/usr/bin/env bash
# The installed tree as users meet it: `cmake --install` into a prefix, moved
# elsewhere (relocatable); a plain CMake project with find_package(SMCP) +
# add_sycl_to_target builds and runs, its compile_commands.json names the SYCL
# headers, and touching a header rebuilds only its users; a project with
# CMAKE_CXX_COMPILER=<prefix>/bin/syclcc and -fsycl builds and runs; the
# DPC++ layout's bin/clang++ -fsycl compiles a program, also from projects
# written for DPC++ (BabelStream's and SYCL-Bench's ways of using it).
# Usage: check-package.sh <smcp build dir> <scratch dir>
set -euo pipefail
build=$1 work=$2
rm -rf "$work" && mkdir -p "$work/src"
cp -r "$(dirname "$0")/project" "$(dirname "$0")/compiler" "$(dirname "$0")/dpcpp-layout" \
  "$(dirname "$0")/dpcpp-flags" "$work/src/"
here=$work/src
cmake --install "$build" --prefix "$work/installed" >/dev/null
mv "$work/installed" "$work/moved"
prefix=$work/moved
unset CMAKE_CXX_COMPILER_LAUNCHER CCACHE_DISABLE || true

echo "== find_package(SMCP) + add_sycl_to_target"
cmake -S "$here/project" -B "$work/project" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/project" >/dev/null
"$work/project/app" | tee "$work/project.out"
grep -q 'package project: 300 309' "$work/project.out"
python3 - "$work/project/compile_commands.json" "$prefix/include" <<'PY'
import json, sys
entries = json.load(open(sys.argv[1]))
files = sorted(e["file"].rsplit("/", 1)[-1] for e in entries)
assert files == ["main.cpp", "scale.cpp"], files
assert all(sys.argv[2] in e["command"] for e in entries), "SYCL headers missing"
print("compile_commands.json: both sources, SYCL headers named")
PY
touch "$here/project/offset.h"
rebuilt=$(cmake --build "$work/project" -- -v | grep -o '\-c [^ ]*\.cpp' || true)
echo "after touching offset.h, compiled: $rebuilt"
[ "$(echo "$rebuilt" | grep -c main.cpp)" = 1 ] && ! echo "$rebuilt" | grep -q scale.cpp

echo "== CMAKE_CXX_COMPILER=syclcc, CMAKE_CXX_FLAGS=-fsycl"
cmake -S "$here/compiler" -B "$work/compiler" -G Ninja -DCMAKE_CXX_COMPILER="$prefix/bin/syclcc" \
  -DCMAKE_CXX_FLAGS=-fsycl >/dev/null
cmake --build "$work/compiler" >/dev/null
"$work/compiler/app" | grep 'package project: 300 309'

echo "== bin/clang++ -fsycl (DPC++'s layout)"
"$prefix/bin/clang++" -fsycl -O1 "$here/project/main.cpp" "$here/project/scale.cpp" -o "$work/dpcpp-app"
"$work/dpcpp-app" | grep 'package project: 300 309'
"$prefix/bin/clang++" --version | head -1 | grep -q clang

echo "== a DPC++ project: compiler switched to bin/clang++ after project(), include/sycl, -fsycl options"
cmake -S "$here/dpcpp-layout" -B "$work/dpcpp-layout" -DSYCL_COMPILER_DIR="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/dpcpp-layout" >/dev/null
"$work/dpcpp-layout/app" | grep 'package project: 300 309'

echo "== a DPC++ project: CMAKE_CXX_COMPILER=bin/clang++, -fsycl in CMAKE_CXX_FLAGS, try_compile probes"
cmake -S "$here/dpcpp-flags" -B "$work/dpcpp-flags" -DCMAKE_CXX_COMPILER="$prefix/bin/clang++" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/dpcpp-flags" >/dev/null
"$work/dpcpp-flags/app" | grep 'package project: 300 309'
echo "cmake package: all checks passed"
