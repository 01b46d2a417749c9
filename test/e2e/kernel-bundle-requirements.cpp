// Kernel bundles (SYCL 2020 4.11): every get_kernel_bundle and
// has_kernel_bundle overload (context, devices, kernel ids, kernel name,
// selector), device_image equality and hash, and kernel requirements
// honoured: a kernel that uses an aspect the device lacks (fp16 on PoCL's
// CPU device) makes has_kernel_bundle and is_compatible false, is left out of
// the bundles of all kernels, and build() skips it instead of failing.
// REQUIRES: opencl
// RUN: %syclcc -O2 %s -o %t
// RUN: env ONEAPI_DEVICE_SELECTOR=opencl:cpu %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdio>
#include <iterator>
#include <unordered_set>

using namespace sycl;

class Plain;
class UsesHalf;

// SYCL_EXTERNAL [[sycl::device_has(...)]] is accepted.
SYCL_EXTERNAL [[sycl::device_has(sycl::aspect::cpu)]] float scaled(float X);
SYCL_EXTERNAL [[sycl::device_has(sycl::aspect::cpu)]] float scaled(float X) { return X * 2.0f + 1.0f; }


int main() {
  queue Q;
  device D = Q.get_device();
  context C = Q.get_context();
  float *F = malloc_shared<float>(1, Q);
  *F = 3.0f;
  const bool Fp16 = D.has(aspect::fp16);
  std::printf("fp16: %d\n", Fp16);
  // CHECK: fp16: 0
  if (Fp16) // instantiated (so in the image) either way; run only where it can
    Q.single_task<UsesHalf>([=] {
       half H = half(*F);
       *F = float(H * H);
     }).wait();

  const kernel_id PlainId = get_kernel_id<Plain>();
  const kernel_id HalfId = get_kernel_id<UsesHalf>();

  // --- has_kernel_bundle, is_compatible
  EXPECT(has_kernel_bundle<bundle_state::executable>(C));
  EXPECT(has_kernel_bundle<bundle_state::executable>(C, {D}));
  EXPECT(has_kernel_bundle<bundle_state::executable>(C, {PlainId}));
  EXPECT(has_kernel_bundle<bundle_state::input>(C, {D}, {PlainId}));
  EXPECT((has_kernel_bundle<Plain, bundle_state::executable>(C)));
  EXPECT((has_kernel_bundle<Plain, bundle_state::object>(C, {D})));
  EXPECT(is_compatible<Plain>(D));
  EXPECT(has_kernel_bundle<bundle_state::executable>(C, {HalfId}) == Fp16);
  EXPECT(has_kernel_bundle<bundle_state::executable>(C, {PlainId, HalfId}) == Fp16);
  EXPECT((has_kernel_bundle<UsesHalf, bundle_state::executable>(C)) == Fp16);
  EXPECT(is_compatible<UsesHalf>(D) == Fp16);
  EXPECT(is_compatible({PlainId, HalfId}, D) == Fp16);

  // --- bundles of every kernel leave out what the device cannot run; build skips it
  auto All = get_kernel_bundle<bundle_state::executable>(C);
  EXPECT(All.has_kernel(PlainId));
  EXPECT(All.has_kernel(HalfId) == Fp16);
  EXPECT(All.has_kernel<UsesHalf>(D) == Fp16);
  auto Input = get_kernel_bundle<bundle_state::input>(C, {D});
  auto Built = build(Input);
  EXPECT(Built.has_kernel(PlainId) && Built.has_kernel(HalfId) == Fp16);
  auto Linked = link(compile(get_kernel_bundle<bundle_state::input>(C)));
  EXPECT(Linked.has_kernel(PlainId));
  int Invalid = 0;
  if (!Fp16)
    try {
      (void)get_kernel_bundle<bundle_state::executable>(C, {HalfId});
    } catch (const exception &E) {
      Invalid = E.code() == errc::invalid;
    }
  EXPECT(Invalid == !Fp16);

  // --- the other overloads
  auto ById = get_kernel_bundle<bundle_state::executable>(C, {PlainId});
  auto ByDevId = get_kernel_bundle<bundle_state::executable>(C, {D}, {PlainId});
  auto ByName = get_kernel_bundle<Plain, bundle_state::executable>(C);
  auto ByNameDev = get_kernel_bundle<Plain, bundle_state::executable>(C, {D});
  for (auto *B : {&ById, &ByDevId, &ByName, &ByNameDev}) {
    EXPECT(B->has_kernel(PlainId) && !B->has_kernel(HalfId));
    EXPECT(B->get_kernel_ids().size() == 1);
  }
  EXPECT(get_kernel_bundle<bundle_state::input>(C, {D}).get_devices() == std::vector<device>{D});

  // --- selectors pick device images
  auto Picked = get_kernel_bundle<bundle_state::executable>(
      C, [&](const device_image<bundle_state::executable> &I) { return I.has_kernel(PlainId); });
  EXPECT(Picked.has_kernel(PlainId));
  auto None = get_kernel_bundle<bundle_state::executable>(
      C, {D}, [](const device_image<bundle_state::executable> &) { return false; });
  EXPECT(None.empty());

  // --- device_image: equality and hash
  auto Copy = All;
  EXPECT(All.begin() != All.end());
  EXPECT(*All.begin() == *Copy.begin());
  EXPECT(!(*All.begin() != *Copy.begin()));
  std::unordered_set<device_image<bundle_state::executable>> Images(All.begin(), All.end());
  EXPECT(Images.size() == size_t(std::distance(All.begin(), All.end())));
  EXPECT(Images.count(*Copy.begin()) == 1);
  EXPECT(std::hash<device_image<bundle_state::executable>>()(*All.begin()) ==
         std::hash<device_image<bundle_state::executable>>()(*Copy.begin()));

  // --- the built bundle runs its kernel
  Q.submit([&](handler &H) {
     H.use_kernel_bundle(Built);
     H.single_task<Plain>([=] { *F = scaled(*F); });
   }).wait();
  EXPECT(*F == 7.0f);
  free(F, Q);

  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
