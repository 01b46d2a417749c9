// <sycl/ext/oneapi/experimental/builtins.hpp>: where DPC++ declares the experimental printf.
#pragma once

#include "printf.hpp"
