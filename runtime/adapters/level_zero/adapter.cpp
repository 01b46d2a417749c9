// adapter.cpp - the Level Zero adapter's table and its one exported entry point.
#include "common.h"
#include "entry_points.h"

using namespace smcp::level_zero;

#define SMCP_ADAPTER_BACKEND SMCP_BACKEND_LEVEL_ZERO
#include "../support/adapter_table.inc"
