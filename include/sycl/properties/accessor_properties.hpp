// <sycl/properties/accessor_properties.hpp>: the accessor property no_init.
#pragma once

#include "../access.hpp"
