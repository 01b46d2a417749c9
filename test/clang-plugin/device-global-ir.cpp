// device_global definitions reach the device IR with their unique id as the
// symbol (internal linkage: the TU prefix, "____", the mangled name), the
// "smcp.device_global" annotation (with image_scope when the property list
// has device_image_scope), and kept even when no kernel of the TU uses them.
// Extern declarations are left to the TU that defines them. The driver gets
// the host symbols of the internal-linkage ones to rename.
// RUN: %clang_device -O0 -c -emit-llvm %s -o - %plugin_arg emit-llvm %plugin_arg tu-prefix=pfx %plugin_arg host-symbols=%t.syms | FileCheck %s
// RUN: FileCheck %s --check-prefix=SYMS < %t.syms

#include <sycl/sycl.hpp>

using namespace sycl::ext::oneapi::experimental;

device_global<int> plain;
static device_global<int[4]> file_local;
inline device_global<float> shared_inline;
namespace {
device_global<int> hidden;
}
namespace outer {
device_global<long> nested;
}
struct Holder {
  static device_global<int> member;
};
device_global<int> Holder::member;
device_global<int, decltype(properties(device_image_scope))> scoped;
SYCL_EXTERNAL extern device_global<int> elsewhere;
device_global<int> unused_by_kernels;

// CHECK-DAG: @plain = {{.*}}addrspace(1) global
// CHECK-DAG: @pfx_____ZL10file_local = internal addrspace(1) global
// CHECK-DAG: @shared_inline = linkonce_odr {{.*}}addrspace(1) global
// CHECK-DAG: @pfx_____ZN12_GLOBAL__N_16hiddenE = internal addrspace(1) global
// CHECK-DAG: @_ZN5outer6nestedE = {{.*}}addrspace(1) global
// CHECK-DAG: @_ZN6Holder6memberE = {{.*}}addrspace(1) global
// CHECK-DAG: @scoped = {{.*}}addrspace(1) global
// CHECK-DAG: @elsewhere = external {{.*}}addrspace(1) global
// CHECK-DAG: @unused_by_kernels = {{.*}}addrspace(1) global
// CHECK-DAG: c"smcp.device_global\00"
// CHECK-DAG: c"smcp.device_global image_scope\00"
// The annotation list names each definition (not the declaration).
// CHECK: @llvm.global.annotations = {{.*}}@plain{{.*}}@pfx_____ZL10file_local{{.*}}@shared_inline{{.*}}@pfx_____ZN12_GLOBAL__N_16hiddenE{{.*}}@_ZN5outer6nestedE{{.*}}@_ZN6Holder6memberE{{.*}}@scoped{{.*}}@unused_by_kernels
// CHECK-NOT: @elsewhere{{.*}}smcp.device_global

// SYMS: _ZL10file_local pfx_____ZL10file_local
// SYMS-NEXT: _ZN12_GLOBAL__N_16hiddenE pfx_____ZN12_GLOBAL__N_16hiddenE
// SYMS-NOT: plain

int main() {
  sycl::queue q;
  q.single_task([=] {
    plain = file_local[1] + hidden + int(outer::nested) + Holder::member + scoped + elsewhere;
    shared_inline = 1.5f;
  });
}
