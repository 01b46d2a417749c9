// chrome_trace_test.cpp - the Chrome trace's JSON (core/chrome_trace.h):
// complete events with escaped names, microsecond times, and readable
// kernel names from their unique stable names.
#include "core/chrome_trace.h"

#include <gtest/gtest.h>

using namespace smcp::rt;

TEST(ChromeTrace, EventsAreCompleteWithEscapedNamesAndMicroseconds) {
  const std::string json = chrome_trace_json(
      {{"k\"quoted\\name\n", "kernel", 1234567, 1240000, 3, true},
       {"host_task", "host_task", 5000, 4000, 1, false}},
      42);
  EXPECT_EQ(json, "[\n"
                  "{\"name\":\"k\\\"quoted\\\\name\\u000a\",\"cat\":\"kernel\",\"ph\":\"X\","
                  "\"ts\":1234.567,\"dur\":5.433,\"pid\":42,\"tid\":3,"
                  "\"args\":{\"clock\":\"device\"}},\n"
                  "{\"name\":\"host_task\",\"cat\":\"host_task\",\"ph\":\"X\",\"ts\":5.000,"
                  "\"dur\":0.000,\"pid\":42,\"tid\":1,\"args\":{\"clock\":\"host\"}}\n"
                  "]\n")
      << "an end before the start is a zero duration";
  EXPECT_EQ(chrome_trace_json({}, 1), "[\n]\n");
}

TEST(ChromeTrace, KernelNamesAreDemangled) {
  EXPECT_EQ(chrome_trace_kernel_name("_ZTSZ4mainE7MyScale"), "main::MyScale");
  EXPECT_EQ(chrome_trace_kernel_name("_ZTS7Kernel1"), "Kernel1");
  EXPECT_EQ(chrome_trace_kernel_name("not mangled"), "not mangled");
  EXPECT_EQ(chrome_trace_kernel_name(nullptr), "kernel");
}
