#!/usr/bin/env bash
# Runs what needs two GPUs from a kit (kit/README.md), on the machine that has
# them: from the repository root, `bash .gpu/run-multi-gpu.sh`. Lists the
# devices, runs the adapter conformance suite (its peer-copy test uses the
# first two GPUs), the multi-device Jacobi example on both GPUs checked
# against one, then `bench/gpu/run.py --multi-gpu` (peer copies against
# cudaMemcpyPeerAsync, the Jacobi strong scaling). With fewer than two GPUs
# the two-GPU parts say they skipped. Log: $OUT/multi-gpu.log; run.py's own
# beside it.
set -uo pipefail
KIT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$KIT")
OUT=${OUT:-$KIT/out}
mkdir -p "$OUT"
exec > >(tee "$OUT/multi-gpu.log") 2>&1
# shellcheck source=/dev/null
source "$KIT/KIT"   # BACKEND, TARGETS, COMMIT, BUILT
export LD_LIBRARY_PATH="$KIT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OUT
failed=()

step() {
  echo "== $*"
  "$@"
  local status=$?
  [ "$status" -eq 0 ] || failed+=("$1... (exit $status)")
}

nvidia-smi -L 2>/dev/null || echo "(no nvidia-smi)"
"$KIT/bin/sycl-ls"
if [ -x "$KIT/conformance/smcp-adapter-conformance" ]; then
  step "$KIT/conformance/smcp-adapter-conformance" "$KIT/lib/libsmcp_adapter_$BACKEND.so" \
    "$KIT/conformance/kernels" "$(cat "$KIT/conformance/format")"
else
  echo "== conformance: not in the kit (./smcp.sh gpu-kit said why)"
fi
step env ONEAPI_DEVICE_SELECTOR="$BACKEND:0,1" timeout 300 \
  "$KIT/examples/jacobi_multi_device" 4096 200
step python3 "$ROOT/bench/gpu/run.py" --kit "$KIT" --multi-gpu
echo "multi-gpu: ${#failed[@]} step(s) failed${failed:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
