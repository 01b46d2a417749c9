// Kernel bundles with specialization constants (SYCL 2020 4.11): the
// reference's usingSpecConstants / bundle-spec-constants flow (width and
// height set on an input bundle, built, bound with use_kernel_bundle),
// kernel ids, has_kernel, compile + link, join, is_compatible, and the
// errors of 4.9.4.4.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O2 -fsycl-device-code-split=per_kernel %s -o %t.split && %t.split | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

constexpr sycl::specialization_id<int> width{8};
constexpr sycl::specialization_id<int> height{2};
constexpr sycl::specialization_id<float> unused_id{1.5f};

class MyKernel;
class Other;

// One functor per kernel name: a name belongs to one kernel.
struct ReadBoth {
  int *out;
  void operator()(sycl::kernel_handler kh) const {
    out[0] = kh.get_specialization_constant<width>();
    out[1] = kh.get_specialization_constant<height>();
  }
};
struct Plain {
  int *out;
  void operator()() const { out[3] = 0; }
};

template <typename F> void expect_invalid(const char *what, F f) {
  try {
    f();
    std::printf("%s: no exception\n", what);
  } catch (const sycl::exception &e) {
    std::printf("%s: %s\n", what, e.code() == sycl::errc::invalid ? "errc::invalid" : e.what());
  }
}

int main() {
  sycl::queue q;
  sycl::context ctx = q.get_context();
  int *out = sycl::malloc_shared<int>(4, q);
  // A second kernel, so that bundles can differ.
  q.single_task<Other>(Plain{out}).wait();

  sycl::kernel_id id = sycl::get_kernel_id<MyKernel>();
  auto all = sycl::get_kernel_ids();
  std::printf("ids: %d, compatible: %d\n", int(all.size()) >= 2,
              int(sycl::is_compatible<MyKernel>(q.get_device())));
  // CHECK: ids: 1, compatible: 1

  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, {id});
  std::printf("has MyKernel %d, has Other %d, contains %d, native %d, has width %d, unused %d\n",
              int(input.has_kernel<MyKernel>()), int(input.has_kernel<Other>()),
              int(input.contains_specialization_constants()),
              int(input.native_specialization_constant()),
              int(input.has_specialization_constant<width>()),
              int(input.has_specialization_constant<unused_id>()));
  // CHECK: has MyKernel 1, has Other 0, contains 1, native 1, has width 1, unused 0
  std::printf("default width %d\n", input.get_specialization_constant<width>());
  // CHECK: default width 8
  input.set_specialization_constant<width>(32);
  auto exe = sycl::build(input);
  input.set_specialization_constant<width>(64); // frozen: exe keeps 32
  std::printf("exe width %d height %d\n", exe.get_specialization_constant<width>(),
              exe.get_specialization_constant<height>());
  // CHECK: exe width 32 height 2

  auto launch = [&](const sycl::kernel_bundle<sycl::bundle_state::executable> &b) {
    q.submit([&](sycl::handler &h) {
      h.use_kernel_bundle(b);
      h.single_task<MyKernel>(ReadBoth{out});
    }).wait();
    std::printf("kernel sees %d x %d\n", out[0], out[1]);
  };
  launch(exe);
  // CHECK: kernel sees 32 x 2

  // compile + link, with the later value.
  auto obj = sycl::compile(input);
  auto linked = sycl::link(obj);
  launch(linked);
  // CHECK: kernel sees 64 x 2

  // join: the union of kernels.
  auto other = sycl::get_kernel_bundle<Other, sycl::bundle_state::executable>(ctx);
  auto joined = sycl::join(std::vector<sycl::kernel_bundle<sycl::bundle_state::executable>>{exe, other});
  std::printf("joined has both: %d\n", int(joined.has_kernel<MyKernel>() && joined.has_kernel<Other>()));
  // CHECK: joined has both: 1
  launch(joined);
  // CHECK: kernel sees 32 x 2

  // Errors (4.9.4.4).
  expect_invalid("set after use_kernel_bundle", [&] {
    q.submit([&](sycl::handler &h) {
      h.use_kernel_bundle(exe);
      h.set_specialization_constant<width>(1);
      h.single_task<MyKernel>(ReadBoth{out});
    });
  });
  // CHECK: set after use_kernel_bundle: errc::invalid
  expect_invalid("get after use_kernel_bundle", [&] {
    q.submit([&](sycl::handler &h) {
      h.use_kernel_bundle(exe);
      (void)h.get_specialization_constant<width>();
      h.single_task<MyKernel>(ReadBoth{out});
    });
  });
  // CHECK: get after use_kernel_bundle: errc::invalid
  expect_invalid("use_kernel_bundle after set", [&] {
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<width>(1);
      h.use_kernel_bundle(exe);
      h.single_task<MyKernel>(ReadBoth{out});
    });
  });
  // CHECK: use_kernel_bundle after set: errc::invalid
  expect_invalid("bundle of another context", [&] {
    sycl::context other_ctx{q.get_device()};
    auto b = sycl::get_kernel_bundle<sycl::bundle_state::executable>(other_ctx, {id});
    q.submit([&](sycl::handler &h) {
      h.use_kernel_bundle(b);
      h.single_task<MyKernel>(ReadBoth{out});
    });
  });
  // CHECK: bundle of another context: errc::invalid
  try {
    q.submit([&](sycl::handler &h) {
      h.use_kernel_bundle(exe);
      h.single_task<Other>(Plain{out});
    });
    std::printf("kernel not in bundle: no exception\n");
  } catch (const sycl::exception &e) {
    std::printf("kernel not in bundle: %s\n",
                e.code() == sycl::errc::kernel_not_supported ? "errc::kernel_not_supported" : e.what());
  }
  // CHECK: kernel not in bundle: errc::kernel_not_supported
  sycl::free(out, q);
}
