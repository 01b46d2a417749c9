// adapter_report.hpp - what the runtime's adapter scan found unusable, for
// sycl-ls: one "<adapter library>: <why>" per adapter that did not load or
// initialise (no driver behind the Level Zero loader, no NVIDIA driver, ...).
#pragma once

#include <string>
#include <vector>

namespace sycl::detail {

std::vector<std::string> unusable_adapters();

} // namespace sycl::detail
