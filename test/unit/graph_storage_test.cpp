// graph_storage_test.cpp - the command graph's storage: inline_vector (a
// node's dependencies without an allocation for the first few) and the node
// allocator (freed nodes' memory reused for the next ones).
#include "core/inline_vector.h"
#include "core/node_allocator.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>

using sycl::detail::inline_vector;
using sycl::detail::node_allocator;

namespace {

std::vector<int> values(const inline_vector<std::shared_ptr<int>, 2> &v) {
  std::vector<int> out;
  for (const auto &p : v)
    out.push_back(*p);
  return out;
}

} // namespace

TEST(InlineVector, KeepsOrderAcrossTheMoveToTheHeap) {
  inline_vector<std::shared_ptr<int>, 2> v;
  EXPECT_TRUE(v.empty());
  for (int i = 0; i < 5; ++i)
    v.push_back(std::make_shared<int>(i));
  EXPECT_EQ(v.size(), 5u);
  EXPECT_EQ(values(v), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(*v[3], 3);
}

TEST(InlineVector, EraseReleasesWhatItRemoves) {
  for (int n : {2, 4}) { // inline, then on the heap
    inline_vector<std::shared_ptr<int>, 2> v;
    std::vector<std::weak_ptr<int>> watch;
    for (int i = 0; i < n; ++i) {
      v.push_back(std::make_shared<int>(i));
      watch.push_back(v[size_t(i)]);
    }
    v.erase(v.begin(), v.begin() + 1);
    EXPECT_TRUE(watch[0].expired()) << n;
    EXPECT_EQ(v.size(), size_t(n - 1));
    EXPECT_EQ(*v[0], 1);
    v.clear();
    for (const auto &w : watch)
      EXPECT_TRUE(w.expired()) << n;
  }
}

TEST(InlineVector, CopiesAndMovesEitherForm) {
  for (int n : {1, 3}) {
    inline_vector<std::shared_ptr<int>, 2> v;
    for (int i = 0; i < n; ++i)
      v.push_back(std::make_shared<int>(10 + i));
    inline_vector<std::shared_ptr<int>, 2> copy = v;
    EXPECT_EQ(values(copy), values(v));
    inline_vector<std::shared_ptr<int>, 2> moved = std::move(v);
    EXPECT_TRUE(v.empty());
    EXPECT_EQ(values(moved), values(copy));
    moved.push_back(std::make_shared<int>(99));
    EXPECT_EQ(moved.size(), size_t(n + 1));
    EXPECT_EQ(*moved[size_t(n)], 99);
  }
}

#ifndef SMCP_NODE_ALLOCATOR_USES_HEAP
TEST(NodeAllocator, ReusesFreedNodes) {
  struct node {
    char bytes[200];
  };
  node_allocator<node> alloc;
  std::set<void *> first;
  for (int round = 0; round < 2; ++round) {
    std::vector<std::shared_ptr<node>> nodes;
    for (int i = 0; i < 100; ++i)
      nodes.push_back(std::allocate_shared<node>(alloc));
    size_t reused = 0;
    for (const auto &n : nodes)
      reused += first.count(n.get());
    if (round == 0)
      for (const auto &n : nodes)
        first.insert(n.get());
    else
      EXPECT_EQ(reused, nodes.size()); // every block of the first round came back
  }
}
#endif
