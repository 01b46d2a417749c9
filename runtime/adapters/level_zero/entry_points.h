// entry_points.h - the adapter table's entries, defined one group per source
// file (platform.cpp, device.cpp, ...), declared once for every adapter.
#pragma once

#include "../adapter_abi.h"

namespace smcp::level_zero {
#include "../support/entry_points.inc"
} // namespace smcp::level_zero
