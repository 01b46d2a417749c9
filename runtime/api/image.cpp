// image.cpp - the runtime side of the image classes (sycl/image.hpp): the
// texel layout an image's constructor arguments give. The memory itself is a
// buffer's memory object (buffer.cpp).
#include "../core/error.h"

#include <sycl/detail/image_texels.hpp>

#include <string>

namespace sycl::detail {

namespace {
const char *const axis_names[3] = {"width", "height", "depth"};

/// A pitch must cover what it spans and be a multiple of `unit` (OpenCL's
/// rule, which also keeps every channel aligned to its size).
void check_pitch(const char *what, uint64_t given, uint64_t least, uint64_t unit,
                 const char *unit_name) {
  if (given < least)
    smcp::rt::throw_error(errc::invalid, std::string("image ") + what + " pitch of " +
                                             std::to_string(given) + " bytes is smaller than the " +
                                             std::to_string(least) + " bytes its texels take");
  if (unit && given % unit)
    smcp::rt::throw_error(errc::invalid, std::string("image ") + what + " pitch of " +
                                             std::to_string(given) + " bytes is not a multiple of " +
                                             unit_name + " (" + std::to_string(unit) + " bytes)");
}
} // namespace

image_layout make_image_layout(channel_format format, int dims, const size_t *range,
                               const size_t *pitch) {
  if (const char *problem = format_problem(format.order, format.type))
    smcp::rt::throw_error(errc::invalid, std::string("image format (channel order ") +
                                             std::to_string(unsigned(format.order)) +
                                             ", channel type " +
                                             std::to_string(unsigned(format.type)) + "): " +
                                             problem);
  image_layout l;
  l.order = uint32_t(format.order);
  l.type = uint32_t(format.type);
  l.texel_bytes = texel_bytes(format.order, format.type);
  for (int d = 0; d < 3; ++d) {
    const size_t n = d < dims ? range[d] : 1;
    if (n == 0) // SYCL 2020 3.10: an image holds at least one element
      smcp::rt::throw_error(errc::invalid, std::string("image ") + axis_names[d] +
                                               " of 0 texels: an image has at least one texel");
    if (n > size_t(image_layout::max_extent))
      smcp::rt::throw_error(errc::invalid, std::string("image ") + axis_names[d] + " of " +
                                               std::to_string(n) + " texels exceeds " +
                                               std::to_string(image_layout::max_extent));
    l.size[d] = int32_t(n);
  }
  l.row_pitch = uint64_t(l.size[0]) * l.texel_bytes;
  if (dims >= 2 && pitch) {
    check_pitch("row", pitch[0], l.row_pitch, l.texel_bytes, "the texel size");
    l.row_pitch = pitch[0];
  }
  l.slice_pitch = l.row_pitch * uint64_t(l.size[1]);
  if (dims == 3 && pitch) {
    check_pitch("slice", pitch[1], l.slice_pitch, l.row_pitch, "the row pitch");
    l.slice_pitch = pitch[1];
  }
  return l;
}

} // namespace sycl::detail
