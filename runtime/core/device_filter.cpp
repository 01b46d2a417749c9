// device_filter.cpp - parsing and applying ONEAPI_DEVICE_SELECTOR.
#include "device_filter.h"

#include "error.h"

#include <sycl/detail/abi/backends.h>

#include <algorithm>
#include <cctype>

namespace smcp::rt {
namespace {

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t end = s.find(sep, start);
    parts.push_back(s.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos)
      return parts;
    start = end + 1;
  }
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

[[noreturn]] void bad_syntax(const std::string &whole, const std::string &why) {
  throw_error(sycl::errc::invalid, "ONEAPI_DEVICE_SELECTOR='" + whole + "' is invalid: " + why +
                                       " (expected terms like 'opencl:cpu', 'level_zero:gpu', "
                                       "'cuda:0', '*:*', separated by ';')");
}

} // namespace

static_assert(int(smcp::abi::backend_id::opencl) == SMCP_BACKEND_OPENCL &&
                  int(smcp::abi::backend_id::level_zero) == SMCP_BACKEND_LEVEL_ZERO &&
                  int(smcp::abi::backend_id::cuda) == SMCP_BACKEND_CUDA,
              "abi/backends.h and the adapter interface number backends alike");

const char *backend_selector_name(smcp_backend b) {
  return smcp::abi::backend_name(smcp::abi::backend_id(b));
}

device_filter::term device_filter::parse_term(const std::string &text, const std::string &whole) {
  term t;
  std::string body = text;
  if (!body.empty() && body[0] == '!') {
    t.negative = true;
    body.erase(0, 1);
  }
  size_t colon = body.find(':');
  if (colon == std::string::npos)
    bad_syntax(whole, "term '" + text + "' has no ':' between backend and devices");
  std::string be = lower(body.substr(0, colon));
  if (smcp::abi::backend_id id; smcp::abi::parse_backend_name(be, id))
    t.backend = smcp_backend(id);
  else if (be == "hip" || be == "native_cpu")
    t.unknown_backend = true;
  else if (be != "*")
    bad_syntax(whole, "unknown backend '" + be + "' in term '" + text + "'");
  for (const auto &dev : split(body.substr(colon + 1), ',')) {
    std::string d = lower(dev);
    device_pattern p;
    if (d == "*") {
      p.kind = device_pattern::any;
    } else if (d == "cpu" || d == "gpu" || d == "acc" || d == "fpga") {
      p.kind = device_pattern::type;
      p.device_type = d == "cpu"   ? SMCP_DEVICE_TYPE_CPU
                      : d == "gpu" ? SMCP_DEVICE_TYPE_GPU
                                   : SMCP_DEVICE_TYPE_ACCELERATOR;
    } else if (!d.empty() && d.size() < 9 &&
               std::all_of(d.begin(), d.end(), [](unsigned char c) { return std::isdigit(c); })) {
      p.kind = device_pattern::index;
      p.device_index = unsigned(std::stoul(d));
    } else if (d.find('.') != std::string::npos) {
      bad_syntax(whole, "sub-devices ('" + dev + "') are not supported");
    } else {
      bad_syntax(whole, "unknown device '" + dev + "' in term '" + text +
                            "' (expected *, cpu, gpu, acc, fpga or an index)");
    }
    t.devices.push_back(p);
  }
  return t;
}

device_filter device_filter::parse(const std::string &text) {
  device_filter f;
  f._text = text;
  if (text.empty())
    bad_syntax(text, "it is empty");
  for (const auto &part : split(text, ';')) {
    if (part.empty())
      bad_syntax(text, "it has an empty term");
    f._terms.push_back(parse_term(part, text));
  }
  return f;
}

bool device_filter::matches(const term &t, const device_description &d) {
  if (t.unknown_backend || (t.backend && *t.backend != d.backend))
    return false;
  for (const auto &p : t.devices) {
    if (p.kind == device_pattern::any ||
        (p.kind == device_pattern::type && p.device_type == d.type) ||
        (p.kind == device_pattern::index && p.device_index == d.index))
      return true;
  }
  return false;
}

bool device_filter::accepts(const device_description &d) const {
  bool has_positive = false, accepted = false;
  for (const auto &t : _terms) {
    if (t.negative) {
      if (matches(t, d))
        return false;
      continue;
    }
    has_positive = true;
    accepted = accepted || matches(t, d);
  }
  return accepted || !has_positive;
}

} // namespace smcp::rt
