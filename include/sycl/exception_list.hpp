// <sycl/exception_list.hpp>: sycl::exception_list, declared with sycl::exception.
#pragma once

#include "exception.hpp"
