// Libraries that look like adapters to libsycl's loader but cannot be used,
// for sycl-ls-verbose.test: -DOLD_ABI claims ABI version 4, which libsycl no
// longer drives; -DREFUSES refuses the caller's version outright; without
// either it exports no entry point at all.
#include "adapter_abi.h"

#if defined(OLD_ABI) || defined(REFUSES)
extern "C" __attribute__((visibility("default"))) smcp_result
smcp_adapter_get_table(uint32_t, uint32_t, smcp_adapter_table *out) {
#ifdef OLD_ABI
  out->abi_version = 4;
  return SMCP_SUCCESS;
#else
  (void)out;
  return SMCP_ERROR_VERSION_MISMATCH;
#endif
}
#else
extern "C" __attribute__((visibility("default"))) int not_an_adapter() { return 0; }
#endif
