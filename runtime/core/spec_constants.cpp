// spec_constants.cpp - specialization-constant values per image.
#include "spec_constants.h"

#include "error.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <algorithm>
#include <cstring>

namespace sycl::detail {

std::string spec_symbolic_id(const char *tu_prefix, const char *name) {
  std::string prefix = tu_prefix ? tu_prefix : "";
  return prefix.empty() ? std::string(name) : prefix + "____" + name;
}

image_spec_constants image_spec_constants::parse(const smcp::fatbin::DeviceImage &image) {
  image_spec_constants result;
  result.native = image.Format == smcp::fatbin::ImageFormat::SPIRV;
  const smcp::fatbin::PropertySet *set = image.findSet(smcp::fatbin::SpecConstantsSet);
  for (const auto &p : set ? set->Properties : std::vector<smcp::fatbin::Property>()) {
    smcp::fatbin::SpecConstantDesc d;
    std::string error;
    if (smcp::fatbin::decodeSpecConstant(p, d, error)) {
      result.by_id.emplace(d.SymbolicId, std::move(d));
    } else if (result.error.empty()) {
      result.error = "set '" + std::string(smcp::fatbin::SpecConstantsSet) + "': " + error;
    }
  }
  return result;
}

const smcp::fatbin::SpecConstantDesc *image_spec_constants::find(const std::string &id) const {
  auto it = by_id.find(id);
  return it == by_id.end() ? nullptr : &it->second;
}

std::vector<spec_leaf_value> spec_leaf_values(const image_spec_constants &image,
                                              const spec_value_map &values) {
  if (!image.error.empty())
    smcp::rt::throw_error(errc::invalid, "the device image is broken: " + image.error);
  std::vector<spec_leaf_value> leaves;
  for (const auto &[id, bytes] : values) {
    const auto *desc = image.find(id);
    if (!desc)
      continue; // setting a constant the kernel does not use has no effect
    if (bytes.size() != desc->Default.size())
      smcp::rt::throw_error(errc::invalid,
                            "specialization constant '" + id + "': a " +
                                std::to_string(bytes.size()) + "-byte value for a " +
                                std::to_string(desc->Default.size()) + "-byte constant");
    for (const auto &leaf : desc->Leaves) {
      if (leaf.SpecId == smcp::fatbin::PaddingSpecId)
        continue;
      const unsigned char *v = bytes.data() + leaf.Offset;
      if (std::memcmp(v, desc->Default.data() + leaf.Offset, leaf.Size) == 0)
        continue;
      leaves.push_back({leaf.SpecId, std::vector<unsigned char>(v, v + leaf.Size)});
    }
  }
  std::sort(leaves.begin(), leaves.end(),
            [](const spec_leaf_value &a, const spec_leaf_value &b) { return a.spec_id < b.spec_id; });
  return leaves;
}

std::vector<spec_leaf_value> spec_build_values(const image_spec_constants &image,
                                               const spec_value_map &values) {
  std::vector<spec_leaf_value> leaves = spec_leaf_values(image, values);
  if (!image.native)
    leaves.clear();
  return leaves;
}

std::vector<unsigned char> spec_constant_buffer(const image_spec_constants &image,
                                               const std::vector<spec_leaf_value> &values) {
  constexpr size_t slot = smcp::abi::spec_constant_slot;
  std::vector<unsigned char> buffer;
  auto put = [&](uint32_t spec_id, const unsigned char *bytes, size_t size) {
    size_t at = slot * spec_id;
    if (buffer.size() < at + slot)
      buffer.resize(at + slot);
    std::memcpy(buffer.data() + at, bytes, std::min(size, slot));
  };
  for (const auto &[id, desc] : image.by_id)
    for (const auto &leaf : desc.Leaves)
      if (leaf.SpecId != smcp::fatbin::PaddingSpecId)
        put(leaf.SpecId, desc.Default.data() + leaf.Offset, leaf.Size);
  for (const auto &v : values)
    put(v.spec_id, v.bytes.data(), v.bytes.size());
  return buffer;
}

std::string spec_cache_key(const std::vector<spec_leaf_value> &leaves) {
  std::string key;
  for (const auto &l : leaves) {
    key.append(reinterpret_cast<const char *>(&l.spec_id), sizeof(l.spec_id));
    const uint32_t size = uint32_t(l.bytes.size());
    key.append(reinterpret_cast<const char *>(&size), sizeof(size));
    key.append(reinterpret_cast<const char *>(l.bytes.data()), l.bytes.size());
  }
  return key;
}

} // namespace sycl::detail
