// <CL/sycl.hpp>: the SYCL 1.2.1 spelling of <sycl/sycl.hpp>, which older
// programs (the oneAPI guides among them) still include, with the 1.2.1
// namespace cl::sycl as another name of sycl.
#pragma once
#include "../sycl/sycl.hpp"

namespace cl {
namespace sycl = ::sycl;
} // namespace cl
