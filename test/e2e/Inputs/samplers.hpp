// samplers.hpp - every sampler SYCL defines, for the image tests.
#pragma once

#include <sycl/sycl.hpp>

#include <vector>

/// Each addressing mode with nearest and linear filtering, with normalized
/// and unnormalized coordinates; repeat and mirrored_repeat only with
/// normalized ones, the only ones they are defined for.
inline std::vector<sycl::image_sampler> every_sampler() {
  using namespace sycl;
  std::vector<image_sampler> all;
  for (addressing_mode m : {addressing_mode::mirrored_repeat, addressing_mode::repeat,
                            addressing_mode::clamp_to_edge, addressing_mode::clamp,
                            addressing_mode::none})
    for (auto c : {coordinate_normalization_mode::normalized,
                   coordinate_normalization_mode::unnormalized})
      for (filtering_mode f : {filtering_mode::nearest, filtering_mode::linear})
        if (c == coordinate_normalization_mode::normalized ||
            (m != addressing_mode::repeat && m != addressing_mode::mirrored_repeat))
          all.push_back({m, c, f});
  return all;
}
