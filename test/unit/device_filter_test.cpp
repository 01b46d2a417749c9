// device_filter_test.cpp - ONEAPI_DEVICE_SELECTOR parsing and matching.
#include "core/device_filter.h"

#include <sycl/exception.hpp>

#include <gtest/gtest.h>

using smcp::rt::device_description;
using smcp::rt::device_filter;

namespace {

const device_description ocl_cpu0{SMCP_BACKEND_OPENCL, SMCP_DEVICE_TYPE_CPU, 0};
const device_description ocl_gpu1{SMCP_BACKEND_OPENCL, SMCP_DEVICE_TYPE_GPU, 1};
const device_description ze_gpu0{SMCP_BACKEND_LEVEL_ZERO, SMCP_DEVICE_TYPE_GPU, 0};
const device_description cuda_gpu0{SMCP_BACKEND_CUDA, SMCP_DEVICE_TYPE_GPU, 0};

std::string parse_error(const std::string &text) {
  try {
    device_filter::parse(text);
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    return e.what();
  }
  return "(no error)";
}

} // namespace

TEST(DeviceFilter, NoFilterAcceptsAll) {
  device_filter f;
  EXPECT_TRUE(f.accepts(ocl_cpu0));
  EXPECT_TRUE(f.accepts(cuda_gpu0));
}

TEST(DeviceFilter, BackendAndType) {
  auto f = device_filter::parse("opencl:cpu");
  EXPECT_TRUE(f.accepts(ocl_cpu0));
  EXPECT_FALSE(f.accepts(ocl_gpu1));
  EXPECT_FALSE(f.accepts(ze_gpu0));
}

TEST(DeviceFilter, IndexCountsPerBackend) {
  auto f = device_filter::parse("opencl:1");
  EXPECT_FALSE(f.accepts(ocl_cpu0));
  EXPECT_TRUE(f.accepts(ocl_gpu1));
  EXPECT_FALSE(f.accepts(ze_gpu0));
}

TEST(DeviceFilter, WildcardsAndLists) {
  EXPECT_TRUE(device_filter::parse("*:*").accepts(cuda_gpu0));
  EXPECT_TRUE(device_filter::parse("*:gpu").accepts(ze_gpu0));
  EXPECT_FALSE(device_filter::parse("*:gpu").accepts(ocl_cpu0));
  auto f = device_filter::parse("level_zero:*;cuda:*");
  EXPECT_TRUE(f.accepts(ze_gpu0));
  EXPECT_TRUE(f.accepts(cuda_gpu0));
  EXPECT_FALSE(f.accepts(ocl_cpu0));
  EXPECT_TRUE(device_filter::parse("opencl:gpu,cpu").accepts(ocl_cpu0));
  EXPECT_TRUE(device_filter::parse("OpenCL:CPU").accepts(ocl_cpu0));
}

TEST(DeviceFilter, NegativeTermsExclude) {
  auto only_neg = device_filter::parse("!opencl:cpu");
  EXPECT_FALSE(only_neg.accepts(ocl_cpu0));
  EXPECT_TRUE(only_neg.accepts(ocl_gpu1));
  auto mixed = device_filter::parse("opencl:*;!opencl:1");
  EXPECT_TRUE(mixed.accepts(ocl_cpu0));
  EXPECT_FALSE(mixed.accepts(ocl_gpu1));
  EXPECT_FALSE(mixed.accepts(ze_gpu0));
}

TEST(DeviceFilter, BackendsWithoutAdapterMatchNothing) {
  EXPECT_FALSE(device_filter::parse("hip:*").accepts(ocl_cpu0));
}

TEST(DeviceFilter, BadSyntaxNamesTheProblem) {
  EXPECT_NE(parse_error("opencl").find("has no ':'"), std::string::npos);
  EXPECT_NE(parse_error("foo:gpu").find("unknown backend 'foo'"), std::string::npos);
  EXPECT_NE(parse_error("opencl:banana").find("unknown device 'banana'"), std::string::npos);
  EXPECT_NE(parse_error("opencl:0.1").find("sub-devices"), std::string::npos);
  EXPECT_NE(parse_error("").find("empty"), std::string::npos);
  EXPECT_NE(parse_error("opencl:cpu;").find("empty term"), std::string::npos);
  EXPECT_NE(parse_error("foo:gpu").find("ONEAPI_DEVICE_SELECTOR='foo:gpu'"), std::string::npos);
}
