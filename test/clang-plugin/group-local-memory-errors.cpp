// group_local_memory rejects what sycl_ext_oneapi_local_memory forbids:
// groups other than sycl::group, and types that are not trivially destructible.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include <sycl/sycl.hpp>
#include <string>

void kernel(sycl::nd_item<1> It) {
  sycl::ext::oneapi::group_local_memory<int>(It.get_sub_group());
  sycl::ext::oneapi::group_local_memory<std::string>(It.get_group());
}

// expected-error@sycl/ext/oneapi/group_local_memory.hpp:* {{group_local_memory: Group must be sycl::group (sycl_ext_oneapi_local_memory)}}
// expected-error@sycl/ext/oneapi/group_local_memory.hpp:* {{group_local_memory: T must be trivially destructible (sycl_ext_oneapi_local_memory)}}
// expected-error@sycl/ext/oneapi/group_local_memory.hpp:* 0+ {{}}
// expected-note@*:* 0+ {{}}
