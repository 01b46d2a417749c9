// <sycl/properties/context_properties.hpp>: SMCP has no context properties; the header exists for code that includes it.
#pragma once

#include "../context.hpp"
