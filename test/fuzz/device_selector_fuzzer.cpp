// device_selector_fuzzer.cpp - ONEAPI_DEVICE_SELECTOR's parser: any text
// either parses or throws sycl::exception with errc::invalid and a message;
// a parsed filter then answers for devices of every backend and type.
#include "device_filter.h"

#include <sycl/exception.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

using smcp::rt::device_description;
using smcp::rt::device_filter;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  device_filter filter;
  try {
    filter = device_filter::parse(text);
  } catch (const sycl::exception &e) {
    if (e.code() != sycl::errc::invalid || std::string(e.what()).empty()) {
      std::fprintf(stderr, "a rejected selector must be errc::invalid with a message\n");
      std::abort();
    }
    return 0;
  }
  const smcp_backend backends[] = {SMCP_BACKEND_OPENCL, SMCP_BACKEND_LEVEL_ZERO,
                                   SMCP_BACKEND_CUDA};
  const smcp_device_type types[] = {SMCP_DEVICE_TYPE_CPU, SMCP_DEVICE_TYPE_GPU,
                                    SMCP_DEVICE_TYPE_ACCELERATOR};
  for (smcp_backend b : backends)
    for (smcp_device_type t : types)
      for (unsigned index : {0u, 1u, 7u, 4294967295u})
        filter.accepts(device_description{b, t, index});
  return 0;
}
