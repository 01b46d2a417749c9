// <sycl/properties/image_properties.hpp>: DPC++'s name for the header of the image
// properties (property::image::use_host_ptr, use_mutex, context_bound).
#pragma once

#include "../image.hpp"
