// adapter_loader.h - finds, dlopens and initialises the adapters.
//
// By default every libsmcp_adapter_<backend>.so beside libsycl.so is tried.
// SMCP_ADAPTERS=<path>[:<path>...] replaces that scan with an explicit list
// (the unit tests load the recording adapter this way). Every attempt is
// remembered with its outcome, for SMCP_TRACE and for the "no device" error.
#pragma once

#include "adapter.h"

#include <memory>
#include <string>
#include <vector>

namespace smcp::rt {

struct load_attempt {
  std::string path;
  std::string failure; // empty when the adapter loaded and initialised
};

struct loaded_adapters {
  std::vector<std::unique_ptr<adapter>> adapters;
  std::vector<load_attempt> attempts;
  std::string search; // where they were looked for, for messages
};

loaded_adapters load_adapters();

} // namespace smcp::rt
