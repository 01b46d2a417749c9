// Samplers (SYCL 2020 4.7.8): image_sampler, which a sampled_image holds, and
// the deprecated sampler class that legacy image accessors read with. Both
// are one word on the device (detail::sampler_bits): a kernel may capture a
// sampler as plain data.
#pragma once

#include "detail/image_sampling.hpp"
#include "property_list.hpp"

#include <functional>

namespace sycl {

struct image_sampler {
  addressing_mode addressing;
  coordinate_normalization_mode coordinate;
  filtering_mode filtering;
};

class sampler;
namespace detail {
inline uint32_t bits_of(const sampler &S);
} // namespace detail

/// SYCL 1.2.1's sampler, for legacy image accessors' read(coords, sampler).
class sampler {
public:
  sampler(coordinate_normalization_mode Normalization, addressing_mode Addressing,
          filtering_mode Filtering, const property_list & = {})
      : _bits(detail::sampler_bits(Addressing, Filtering, Normalization)) {}

  addressing_mode get_addressing_mode() const { return detail::sampler_addressing(_bits); }
  filtering_mode get_filtering_mode() const {
    return detail::sampler_linear(_bits) ? filtering_mode::linear : filtering_mode::nearest;
  }
  coordinate_normalization_mode get_coordinate_normalization_mode() const {
    return detail::sampler_normalized(_bits) ? coordinate_normalization_mode::normalized
                                             : coordinate_normalization_mode::unnormalized;
  }
  /// The legacy sampler takes no properties SMCP knows.
  template <typename Prop> bool has_property() const noexcept { return false; }
  template <typename Prop> Prop get_property() const { detail::throw_missing_property(); }

  friend bool operator==(const sampler &A, const sampler &B) { return A._bits == B._bits; }
  friend bool operator!=(const sampler &A, const sampler &B) { return !(A == B); }

private:
  friend uint32_t detail::bits_of(const sampler &S);
  uint32_t _bits;
};

namespace detail {
inline uint32_t bits_of(const sampler &S) { return S._bits; }
inline uint32_t bits_of(const image_sampler &S) {
  return sampler_bits(S.addressing, S.filtering, S.coordinate);
}
} // namespace detail

} // namespace sycl

template <> struct std::hash<sycl::sampler> {
  size_t operator()(const sycl::sampler &S) const noexcept { return sycl::detail::bits_of(S); }
};
