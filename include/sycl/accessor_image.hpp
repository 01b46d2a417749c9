// <sycl/accessor_image.hpp>: DPC++'s name for the header of the image accessors.
#pragma once

#include "image.hpp"
