// stream_buffer_test.cpp - sycl::stream buffers: the record walk of
// detail/abi/stream_buffer.h (grouping by work-item, capacity, malformed
// records) and the runtime's owner, which prints when it goes and leaves the
// block zeroed for the temporary pool.
#include "core/stream_flush.h"

#include <sycl/detail/abi/stream_buffer.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace smcp::abi;

/// A device's writes: one record per call, as sycl::stream::write lays them.
struct fake_device {
  std::vector<unsigned char> bytes;
  explicit fake_device(uint32_t capacity) : bytes(sizeof(stream_header) + capacity, 0) {
    stream_header h{0, capacity};
    std::memcpy(bytes.data(), &h, sizeof(h));
  }
  void write(uint64_t work_item, const std::string &text) {
    stream_header h;
    std::memcpy(&h, bytes.data(), sizeof(h));
    uint32_t size = uint32_t(stream_record_size(text.size()));
    uint32_t at = h.used;
    h.used += size;
    std::memcpy(bytes.data(), &h, sizeof(h));
    if (uint64_t(at) + size > h.capacity)
      return;
    stream_record r{work_item, uint32_t(text.size()), 0};
    unsigned char *p = bytes.data() + sizeof(stream_header) + at;
    std::memcpy(p, &r, sizeof(r));
    std::memcpy(p + sizeof(r), text.data(), text.size());
  }
};

TEST(StreamBuffer, GroupsRecordsByWorkItemInWriteOrder) {
  fake_device d(1024);
  d.write(2, "c1 ");
  d.write(0, "a1 ");
  d.write(2, "c2\n");
  d.write(1, "b\n");
  d.write(0, "a2\n");
  bool dropped = true;
  EXPECT_EQ(stream_text(d.bytes.data(), dropped), "a1 a2\nb\nc1 c2\n");
  EXPECT_FALSE(dropped);
}

TEST(StreamBuffer, RecordsPastTheCapacityAreDroppedAndReported) {
  fake_device d(2 * uint32_t(stream_record_size(4)));
  d.write(0, "one\n");
  d.write(1, "two\n");
  d.write(2, "three\n");
  bool dropped = false;
  EXPECT_EQ(stream_text(d.bytes.data(), dropped), "one\ntwo\n");
  EXPECT_TRUE(dropped);
}

TEST(StreamBuffer, AMalformedRecordEndsTheWalk) {
  fake_device d(64);
  d.write(0, "ok\n");
  stream_record bad{1, 1000, 0}; // claims more text than the buffer holds
  std::memcpy(d.bytes.data() + sizeof(stream_header) + stream_record_size(3), &bad, sizeof(bad));
  stream_header h{uint32_t(stream_record_size(3) + stream_record_size(1000)), 64};
  std::memcpy(d.bytes.data(), &h, sizeof(h));
  bool dropped = false;
  EXPECT_EQ(stream_text(d.bytes.data(), dropped), "ok\n");
  EXPECT_TRUE(dropped);
}

TEST(StreamBuffer, OwnerPrintsOnceWhenItGoesAndLeavesTheBlockZeroed) {
  constexpr size_t capacity = 256;
  auto block = std::shared_ptr<void>(new unsigned char[sizeof(stream_header) + capacity](),
                                     [](void *p) { delete[] static_cast<unsigned char *>(p); });
  auto *raw = static_cast<unsigned char *>(block.get());
  char text[128] = {};
  std::FILE *out = fmemopen(text, sizeof(text), "w");
  ASSERT_NE(out, nullptr);
  {
    auto owner = sycl::detail::make_stream_buffer(block, capacity, out);
    EXPECT_EQ(owner.get(), raw);
    stream_header h;
    std::memcpy(&h, raw, sizeof(h));
    EXPECT_EQ(h.used, 0u);
    EXPECT_EQ(h.capacity, capacity);
    fake_device d(capacity);
    d.write(1, "world\n");
    d.write(0, "hello ");
    std::memcpy(raw, d.bytes.data(), d.bytes.size());
    auto copy = owner; // the last owner prints
    owner.reset();
    EXPECT_EQ(std::string(text), "");
  }
  std::fclose(out);
  EXPECT_EQ(std::string(text), "hello world\n");
  for (size_t i = 0; i < sizeof(stream_header) + capacity; ++i)
    ASSERT_EQ(raw[i], 0) << "byte " << i;
}

} // namespace
