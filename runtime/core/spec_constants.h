// spec_constants.h - specialization-constant values: what a command group or
// kernel bundle recorded (symbolic id -> value bytes), and how they become
// the SpecId values a program is built with for one image.
#pragma once

#include "../fatbin/spec_constants.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sycl::detail {

/// Values by symbolic id ("<TU prefix>____<name>"), each sizeof(T) bytes.
using spec_value_map = std::map<std::string, std::vector<unsigned char>>;

/// The symbolic id the post-link pass gives the same variable.
std::string spec_symbolic_id(const char *tu_prefix, const char *name);

/// An image's constants, by symbolic id (parsed from its properties).
struct image_spec_constants {
  std::map<std::string, smcp::fatbin::SpecConstantDesc> by_id;
  /// SPIR-V specialises programs; the kernels of other formats (PTX) read
  /// the values from their spec-constant buffer (spec_constant_buffer).
  bool native = true;
  std::string error; // a malformed property: raised when the image is used

  static image_spec_constants parse(const smcp::fatbin::DeviceImage &image);
  const smcp::fatbin::SpecConstantDesc *find(const std::string &id) const;
};

/// One SpecId's value.
struct spec_leaf_value {
  uint32_t spec_id;
  std::vector<unsigned char> bytes;
  bool operator==(const spec_leaf_value &o) const {
    return spec_id == o.spec_id && bytes == o.bytes;
  }
};

/// The SpecId values to build image with, sorted by SpecId: values the image
/// does not use are ignored, and leaves equal to their default are left out,
/// so that setting a default builds (and caches) the same program as not
/// setting it. A value of the wrong size is errc::invalid.
std::vector<spec_leaf_value> spec_leaf_values(const image_spec_constants &image,
                                              const spec_value_map &values);

/// The values a program of the image is built with: spec_leaf_values where
/// the image specialises natively, none otherwise (still checked).
std::vector<spec_leaf_value> spec_build_values(const image_spec_constants &image,
                                               const spec_value_map &values);

/// The contents of a kernel's spec-constant buffer (targets without native
/// specialization): every leaf's default, overwritten by the given values,
/// SpecId k at byte smcp::abi::spec_constant_slot * k.
std::vector<unsigned char> spec_constant_buffer(const image_spec_constants &image,
                                               const std::vector<spec_leaf_value> &values);

/// The program-cache key part for leaf values (empty for none).
std::string spec_cache_key(const std::vector<spec_leaf_value> &leaves);

} // namespace sycl::detail
