// <sycl/known_identity.hpp>: sycl::known_identity, declared with the function objects.
#pragma once

#include "functional.hpp"
