// The plugin recognises SYCL's classes by the headers' marks
// (include/sycl/detail/abi/kernel_abi.h), never by their names: user classes
// named accessor, local_accessor, nd_item or device_global, even in namespace
// sycl, are ordinary classes (their bytes), and a marked class of any name is
// special.
// RUN: %clang_device -c -emit-llvm %s -o %t.bc %plugin_arg kernel-list=%t.kernels
// RUN: FileCheck %s < %t.kernels
// RUN: %clang_host -fsyntax-only %s

#include "Inputs/mini_handler.hpp"

namespace sycl {
// Named like SYCL's classes, unmarked.
template <typename T, int Dims> struct accessor {
  T *Ptr;
  size_t Range[Dims];
  T &operator[](size_t I) const { return Ptr[I]; }
};
template <typename T, int Dims> struct local_accessor {
  T *Ptr;
};
} // namespace sycl

namespace sycl::ext::oneapi::experimental {
template <typename T> struct device_global {
  T Value;
};
} // namespace sycl::ext::oneapi::experimental

// Marked, under a name nothing would guess.
template <typename T> class
#ifdef __SYCL_DEVICE_ONLY__
    __attribute__((sycl_special_class))
#endif
    SMCP_KERNEL_PARAM(smcp::abi::accessor_info(2014, 1)) window {
public:
#ifdef __SYCL_DEVICE_ONLY__
  void __init(T *P) { Ptr = P; }
#endif
  T *Ptr;
  size_t Range;
};

// A user's device_global-named class in a field is no device_global (no
// "non-static data member" error).
struct HoldsLookalike {
  sycl::ext::oneapi::experimental::device_global<int> G;
};

void submit(mini_handler &H, sycl::accessor<int, 1> A, sycl::local_accessor<float, 1> L,
            window<int> W, HoldsLookalike Holder) {
  H.single_task<class Lookalikes>([=] { A[0] = int(L.Ptr[0]) + Holder.G.Value; });
  H.single_task<class Marked>([=] { W.Ptr[0] = 1; });
}

// The look-alikes are plain structs: their bytes (std_layout, kind 1), no
// accessor (kind 0).
// CHECK: smcp.kernel {{.*}}10Lookalikes 32 1:16:0 1:8:16 1:4:24{{$}}
// The marked class: an accessor (info 2014 | 1 << 11) and its remaining bytes.
// CHECK: smcp.kernel {{.*}}6Marked 16 0:4062:0 1:8:8{{$}}
