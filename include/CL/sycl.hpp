// <CL/sycl.hpp>: the SYCL 1.2.1 spelling of <sycl/sycl.hpp>, which older
// programs (the oneAPI guides among them) still include.
#pragma once
#include "../sycl/sycl.hpp"
