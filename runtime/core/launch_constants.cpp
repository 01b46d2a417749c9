// launch_constants.cpp - launch constants per kernel and per launch.
#include "launch_constants.h"

#include "error.h"

#include <cstring>

namespace sycl::detail {
namespace {

[[noreturn]] void throw_broken(const std::string &kernel, const std::string &why) {
  smcp::rt::throw_error(errc::kernel,
                        "kernel '" + kernel + "': its device image is broken: " + why);
}

/// One past the highest SpecId of the image's specialization constants.
uint32_t first_free_spec_id(const image_spec_constants &spec) {
  uint32_t next = 0;
  for (const auto &[id, desc] : spec.by_id)
    for (const auto &leaf : desc.Leaves)
      if (leaf.SpecId != smcp::fatbin::PaddingSpecId && leaf.SpecId >= next)
        next = leaf.SpecId + 1;
  return next;
}

} // namespace

std::vector<smcp::fatbin::LaunchConstant>
launch_constants_of(const smcp::fatbin::DeviceImage &image, const image_spec_constants &spec,
                    const std::string &kernel,
                    const std::vector<smcp::abi::kernel_param_desc> &params) {
  std::vector<smcp::fatbin::LaunchConstant> constants;
  std::string error;
  if (!smcp::fatbin::decodeLaunchConstants(image, kernel, constants, error))
    throw_broken(kernel, error);
  uint32_t next = first_free_spec_id(spec); // constants are sorted: each above the last
  for (const auto &c : constants) {
    auto which = [&] { return "launch constant " + std::to_string(c.SpecId); };
    if (c.SpecId < next)
      throw_broken(kernel, which() + " shares its SpecId with another constant");
    next = c.SpecId + 1;
    const bool in_value = c.Param < params.size() &&
                          params[c.Param].kind == smcp::abi::param_kind::std_layout &&
                          uint64_t(c.Offset) + sizeof(uint32_t) <= uint64_t(params[c.Param].info);
    if (!in_value)
      throw_broken(kernel, which() + " names bytes " + std::to_string(c.Offset) + "-" +
                               std::to_string(uint64_t(c.Offset) + 3) + " of parameter " +
                               std::to_string(c.Param) +
                               ", which is no by-value parameter holding them");
  }
  return constants;
}

void add_launch_values(const std::vector<smcp::fatbin::LaunchConstant> &constants,
                       const std::vector<smcp::abi::kernel_param_desc> &params,
                       const unsigned char *functor, std::vector<spec_leaf_value> &leaves) {
  for (const auto &c : constants) {
    const unsigned char *word = functor + params[c.Param].offset + c.Offset;
    uint32_t value;
    std::memcpy(&value, word, sizeof(value));
    if (value != smcp::abi::launch_constant_unset)
      leaves.push_back({c.SpecId, std::vector<unsigned char>(word, word + sizeof(value))});
  }
}

} // namespace sycl::detail
