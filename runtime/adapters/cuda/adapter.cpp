// adapter.cpp - the CUDA adapter's table and its one exported entry point.
#include "common.h"
#include "entry_points.h"

using namespace smcp::cuda;

#define SMCP_ADAPTER_BACKEND SMCP_BACKEND_CUDA
#include "../support/adapter_table.inc"
