// <sycl/feature_test.hpp>: the feature-test macros of the extensions SMCP
// implements, defined here as DPC++ defines them, so that code testing
// them (`#ifdef SYCL_EXT_ONEAPI_DEVICE_GLOBAL`) before it includes the
// extension's header finds them. Each extension's header defines its own too.
#pragma once

#define SYCL_EXT_ONEAPI_DEVICE_GLOBAL 1
#define SYCL_EXT_ONEAPI_LOCAL_MEMORY 1
#define SYCL_EXT_ONEAPI_PROPERTIES 1
