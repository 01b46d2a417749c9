// <sycl/builtins.hpp>: DPC++'s name for the header of the SYCL built-in functions.
#pragma once

#include "math.hpp"
