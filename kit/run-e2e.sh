#!/usr/bin/env bash
# Runs a kit's programs on the machine with the device (kit/README.md): from the
# repository root, `bash .gpu/run-e2e.sh`. Lists the devices, runs the examples,
# then the e2e suite with every compile replayed from the kit (test/prebuilt.py)
# and every program run for real. The whole log goes to $OUT/e2e.log; the
# summary ends it. Needs python3 only: lit, FileCheck and libsycl come with the kit.
# SMCP_E2E_TIMEOUT (seconds, default 540) bounds the lit run.
set -uo pipefail
KIT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$KIT")
OUT=${OUT:-$KIT/out}
mkdir -p "$OUT"
LOG=$OUT/e2e.log
# shellcheck source=/dev/null
source "$KIT/KIT"   # BACKEND, TARGETS, COMMIT, BUILT
# The kit's libsycl first: the programs' RUNPATH names the build machine's folder.
export LD_LIBRARY_PATH="$KIT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
SELECTOR=${ONEAPI_DEVICE_SELECTOR:-$BACKEND:0}

run_examples() {
  local passed=0 failed=()
  for prog in "$KIT"/examples/*; do
    [ -x "$prog" ] || continue
    echo "== example $(basename "$prog")"
    if ONEAPI_DEVICE_SELECTOR=$SELECTOR timeout 120 "$prog"; then
      passed=$((passed + 1))
    else
      failed+=("$(basename "$prog") (exit $?)")
    fi
  done
  EXAMPLES_FAILED=${#failed[@]}
  EXAMPLES="examples: $passed passed, $EXAMPLES_FAILED failed${failed:+: ${failed[*]}}"
  if [ $((passed + EXAMPLES_FAILED)) -eq 0 ]; then
    EXAMPLES="examples: none in the kit (./smcp.sh gpu-kit said why)"
    EXAMPLES_FAILED=1
  fi
}

run_lit() {
  # lit's tree for this machine: the build tree's values (test/lit.site.cfg.py.in)
  # with the kit's folders; no compiler, and values of the build alone left empty.
  local exec_dir
  exec_dir=$(mktemp -d "${TMPDIR:-/tmp}/smcp-e2e.XXXXXX")
  python3 -c 'import re, sys
values = dict(a.split("=", 1) for a in sys.argv[3:])
text = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(re.sub(r"@(\w+)@", lambda m: values.get(m.group(1), ""), text))' \
    "$ROOT/test/lit.site.cfg.py.in" "$exec_dir/lit.site.cfg.py" CMAKE_BINARY_DIR="$exec_dir" \
    SMCP_BIN_DIR="$KIT/bin" SMCP_LIB_DIR="$KIT/lib" PROJECT_SOURCE_DIR="$ROOT" \
    LLVM_TOOLS_BINARY_DIR="$KIT/bin"
  local rc=0
  timeout "${SMCP_E2E_TIMEOUT:-540}" python3 "$KIT/lit/lit.py" -a --param smcp_site="$exec_dir" \
    --param backend="$BACKEND" --param sycl_targets="$TARGETS" --param prebuilt="$KIT/e2e" \
    "$ROOT/test/e2e" || rc=$?
  rm -rf "$exec_dir"
  return "$rc"
}

main() {
  echo "kit: backend $BACKEND, targets $TARGETS, built from $COMMIT at $BUILT"
  echo "selector: ONEAPI_DEVICE_SELECTOR=$SELECTOR"
  for f in "$KIT"/bin/sycl-ls "$KIT"/lib/*.so; do
    ldd "$f" | grep "not found" | sed "s|^|$(basename "$f") (an adapter without its libraries is skipped):|"
  done
  "$KIT/bin/sycl-ls" || echo "sycl-ls failed (SMCP_TRACE=1 says why each adapter was not loaded)"
  run_examples
  local lit_log lit_rc
  lit_log=$(mktemp)
  run_lit 2>&1 | tee "$lit_log"
  lit_rc=${PIPESTATUS[0]}

  echo
  echo "== summary ($BACKEND, $TARGETS, $COMMIT)"
  echo "$EXAMPLES"
  # lit's own: the failing tests, then the counts.
  sed -n '/^\(Failed\|Timed Out\|Unresolved\|Unexpectedly Passed\) Tests (/,/^$/p' "$lit_log"
  sed -n '/^Testing Time:/,$p' "$lit_log" | grep -E "^ +[A-Z][a-zA-Z ]+: +[0-9]+" | sed 's/^ */e2e /'
  grep -q "^Testing Time:" "$lit_log" || echo "e2e: lit did not finish (exit $lit_rc)"
  echo "full log: $LOG"
  rm -f "$lit_log"
  [ "$lit_rc" -eq 0 ] && [ "$EXAMPLES_FAILED" -eq 0 ]
}

main 2>&1 | tee "$LOG"
exit "${PIPESTATUS[0]}"
