// <sycl/properties/all_properties.hpp>: every property class of SYCL 2020
// that SMCP implements (buffer, image, queue, accessor, reduction), as DPC++'s
// header of this name gives them.
#pragma once

#include "accessor_properties.hpp"
#include "buffer_properties.hpp"
#include "context_properties.hpp"
#include "image_properties.hpp"
#include "queue_properties.hpp"
#include "reduction_properties.hpp"
