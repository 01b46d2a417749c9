// adapter.cpp - the Level Zero adapter's table and its one exported entry point.
#include "common.h"
#include "entry_points.h"

using namespace smcp::level_zero;

#define SMCP_ADAPTER_BACKEND SMCP_BACKEND_LEVEL_ZERO
// Sampled images are read in code: the Level Zero lanes here cannot run
// Level Zero images (docs/architecture.md, "SYCL images").
#define SMCP_ADAPTER_NO_TEXTURES
#include "../support/adapter_table.inc"
