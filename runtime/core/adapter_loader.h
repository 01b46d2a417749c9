// adapter_loader.h - finds, dlopens and initialises the adapters.
//
// By default every libsmcp_adapter_<backend>.so beside libsycl.so is tried.
// SMCP_ADAPTERS=<path>[:<path>...] replaces that scan with an explicit list
// (the unit tests load the recording adapter this way). Every attempt is
// remembered with its outcome (sycl/detail/adapter_report.hpp), for
// SMCP_TRACE, sycl-ls --verbose and the "no device" error.
#pragma once

#include "adapter.h"

#include <sycl/detail/adapter_report.hpp>

#include <memory>
#include <string>
#include <vector>

namespace smcp::rt {

struct loaded_adapters {
  std::vector<std::unique_ptr<adapter>> adapters;
  /// One per library tried; an adapter that loaded is `usable` here until
  /// the device enumeration says otherwise.
  std::vector<sycl::detail::adapter_outcome> attempts;
  std::string search; // where they were looked for, for messages
};

loaded_adapters load_adapters();

/// SMCP_ADAPTERS' list: the paths between colons, empty ones dropped.
std::vector<std::string> split_adapter_paths(const std::string &list);

} // namespace smcp::rt
