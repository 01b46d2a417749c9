// device_filter.h - ONEAPI_DEVICE_SELECTOR: which devices the process sees.
//
// Syntax (as DPC++): a ';'-separated list of terms "[!]backend:devices" with
// backend one of opencl, level_zero, cuda, hip, * and devices a ','-separated
// list of *, cpu, gpu, acc/fpga or a device index (counted per backend). A
// device is visible when some positive term accepts it (or there is none) and
// no '!' term does.
#pragma once

#include "../adapters/adapter_abi.h"

#include <optional>
#include <string>
#include <vector>

namespace smcp::rt {

struct device_description {
  smcp_backend backend;
  smcp_device_type type;
  unsigned index; // among the devices of its backend
};

class device_filter {
public:
  /// Accepts every device.
  device_filter() = default;
  /// Throws sycl::exception (errc::invalid) naming the offending term.
  static device_filter parse(const std::string &text);

  bool accepts(const device_description &d) const;
  const std::string &text() const { return _text; }

private:
  struct device_pattern {
    enum { any, type, index } kind = any;
    smcp_device_type device_type = SMCP_DEVICE_TYPE_CPU;
    unsigned device_index = 0;
  };
  struct term {
    bool negative = false;
    std::optional<smcp_backend> backend; // nullopt: '*'
    bool unknown_backend = false;        // a backend SMCP has no adapter for (hip)
    std::vector<device_pattern> devices;
  };

  static term parse_term(const std::string &text, const std::string &whole);
  static bool matches(const term &t, const device_description &d);

  std::vector<term> _terms;
  std::string _text;
};

/// Name of a backend as ONEAPI_DEVICE_SELECTOR and sycl-ls spell it.
const char *backend_selector_name(smcp_backend b);

} // namespace smcp::rt
