// adapter.cpp - the Level Zero adapter's table and its one exported entry point.
#include "common.h"
#include "entry_points.h"

using namespace smcp::level_zero;
using smcp::adapter::no_throw;

namespace {

smcp_adapter_table make_table() {
  smcp_adapter_table t{};
  t.abi_version = SMCP_ADAPTER_ABI_VERSION;
  t.table_size = sizeof(t);
  t.backend = SMCP_BACKEND_LEVEL_ZERO;
  t.name = backend_name;
#include "../support/fill_table.inc"
  return t;
}

} // namespace

extern "C" __attribute__((visibility("default"))) smcp_result
smcp_adapter_get_table(uint32_t abi_version, uint32_t table_size, smcp_adapter_table *out) {
  static const smcp_adapter_table table = make_table();
  return smcp_answer_table(abi_version, &table, table_size, out);
}
