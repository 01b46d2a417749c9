// recording_gpu_test.h - the fixture of the suites that run on the recording
// adapter's GPU: a queue on it. Skipped where ONEAPI_DEVICE_SELECTOR picks
// the devices (the suites that run under a selector have fixtures of their
// own).
#pragma once

#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

class RecordingGpuTest : public testing::Test {
protected:
  void SetUp() override {
    if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
      GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
    q = std::make_unique<sycl::queue>(sycl::gpu_selector_v);
  }
  std::unique_ptr<sycl::queue> q;
};
