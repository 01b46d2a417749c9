// <sycl/kernel.hpp>: sycl::kernel, which SMCP declares with the kernel bundles.
#pragma once

#include "kernel_bundle.hpp"
