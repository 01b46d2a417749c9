#!/bin/sh
# run_conformance_on_gpu.sh - the adapter conformance suite on the CUDA
# adapter, on a machine with an NVIDIA GPU and driver (the build machines
# have neither: there the suite skips, see README.md).
#
# Needs these build outputs, relative to the repository root (or to the build
# directory given as $1):
#   build/bin/smcp-adapter-conformance
#   build/lib/libsmcp_adapter_cuda.so
#   build/test/conformance/cuda_kernels.ptx
# and, for the libsycl check at the end, build/bin/sycl-ls and build/lib/libsycl.so*.
#
# Usage: runtime/adapters/cuda/run_conformance_on_gpu.sh [build dir] [gtest flags...]
#        SMCP_TRACE=1 ... prints every driver call.
set -u
build=${1:-build}
[ $# -gt 0 ] && shift

nvidia-smi -L 2>/dev/null || echo "(no nvidia-smi)"
"$build/bin/smcp-adapter-conformance" "$build/lib/libsmcp_adapter_cuda.so" \
  "$build/test/conformance/cuda_kernels.ptx" ptx "$@"
status=$?
if [ "$status" -eq 77 ]; then
  echo "FAILED: the adapter found no usable NVIDIA driver here, so the suite skipped (see above)"
  status=1
fi

# libsycl over the CUDA adapter alone: the GPU must be listed as cuda:gpu.
if [ -x "$build/bin/sycl-ls" ]; then
  echo "sycl-ls with the CUDA adapter only:"
  SMCP_ADAPTERS="$build/lib/libsmcp_adapter_cuda.so" "$build/bin/sycl-ls" --verbose || status=1
fi
echo "conformance on CUDA: exit status $status"
exit "$status"
