// header_lifetimes_test.cpp - what the headers hand libsycl instead of inline
// template code (issue 16, compile time): command group functions as a
// detail::cgf_ref, and the out-of-line copies, moves and destruction of
// accessor records, property lists and events; against the recording adapter.
#include "recording_adapter.h"
#include "recording_gpu_test.h"

#include <sycl/detail/accessor_owner.hpp>
#include <sycl/detail/memory_base.hpp>
#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <utility>

namespace {

class HeaderLifetimes : public RecordingGpuTest {};

int FunctionCalls = 0;
void count_call(sycl::handler &) { ++FunctionCalls; }

} // namespace

TEST_F(HeaderLifetimes, EveryKindOfCommandGroupFunctionIsCalledOnce) {
  FunctionCalls = 0;
  q->submit(count_call);
  q->submit(&count_call);
  EXPECT_EQ(FunctionCalls, 2);

  int Calls = 0;
  const auto Const = [&](sycl::handler &) { ++Calls; };
  q->submit(Const);
  auto Lvalue = [&](sycl::handler &) { ++Calls; };
  q->submit(Lvalue);
  q->submit([&, Own = 0](sycl::handler &) mutable { Calls += ++Own; });
  EXPECT_EQ(Calls, 3);
  q->wait();
}

TEST_F(HeaderLifetimes, AnExceptionFromTheCommandGroupReachesTheCaller) {
  EXPECT_THROW(q->submit([](sycl::handler &) { throw std::runtime_error("from the group"); }),
               std::runtime_error);
  // The queue still takes groups afterwards.
  bool Ran = false;
  q->submit([&](sycl::handler &) { Ran = true; }).wait();
  EXPECT_TRUE(Ran);
}

TEST_F(HeaderLifetimes, AccessorRecordCopiesShareTheRecordAndTheLastOneReleasesIt) {
  auto Record = sycl::detail::make_local_accessor(16);
  std::weak_ptr<sycl::detail::accessor_impl> Watch = Record;
  {
    sycl::detail::accessor_owner A(std::move(Record));
    sycl::detail::accessor_owner B(A);
    EXPECT_TRUE(A == B);
    sycl::detail::accessor_owner C(std::move(A));
    EXPECT_EQ(A.get(), nullptr);
    EXPECT_TRUE(B == C);
    A = C;
    EXPECT_TRUE(A == C);
    B = std::move(C);
    EXPECT_EQ(C.get(), nullptr);
    EXPECT_EQ(Watch.use_count(), 2); // A and B
    A.swap(C);
    EXPECT_EQ(A.get(), nullptr);
    EXPECT_EQ(&*C, B.get());
    EXPECT_FALSE(Watch.expired());
  }
  EXPECT_TRUE(Watch.expired());
}

TEST_F(HeaderLifetimes, PropertyListCopiesAndMovesKeepTheProperties) {
  sycl::property_list P{sycl::property::no_init{}};
  sycl::property_list Copy = P;
  EXPECT_TRUE(Copy.has_property<sycl::property::no_init>());
  sycl::property_list Moved = std::move(P);
  EXPECT_TRUE(Moved.has_property<sycl::property::no_init>());
  sycl::property_list Assigned;
  EXPECT_FALSE(Assigned.has_property<sycl::property::no_init>());
  Assigned = Copy;
  EXPECT_TRUE(Assigned.has_property<sycl::property::no_init>());
  Assigned = sycl::property_list{};
  EXPECT_FALSE(Assigned.has_property<sycl::property::no_init>());
}

TEST_F(HeaderLifetimes, EventCopiesAndMovesAreTheSameEvent) {
  sycl::event E = q->submit([](sycl::handler &) {});
  sycl::event Copy = E;
  EXPECT_TRUE(Copy == E);
  sycl::event Moved = std::move(Copy);
  EXPECT_TRUE(Moved == E);
  sycl::event Assigned;
  EXPECT_FALSE(Assigned == E);
  Assigned = Moved;
  EXPECT_TRUE(Assigned == E);
  Assigned.wait();
}
