// A field of a class marked SMCP_KERNEL_PARAM (an accessor) becomes an `accessor`
// parameter (its device pointer, info = target | dims << 11) and the rest of
// its bytes; the kernel wrapper gives it a global pointer, or a local one for
// target::local (2016).
// RUN: %clang_device -c -emit-llvm %s -o %t.bc %plugin_arg kernel-list=%t.kernels
// RUN: FileCheck %s --check-prefix=LIST < %t.kernels
// RUN: %clang_host -fsyntax-only %s
// RUN: %opt_smcp -passes=smcp-kernel-wrapper -S %t.bc | FileCheck %s --check-prefix=IR

#include "Inputs/mini_handler.hpp"

template <typename T, int Dims, int Target> class
#ifdef __SYCL_DEVICE_ONLY__
    __attribute__((sycl_special_class))
#endif
    SMCP_KERNEL_PARAM(smcp::abi::accessor_info(Target, Dims)) fake_accessor {
public:
#ifdef __SYCL_DEVICE_ONLY__
  void __init(T *P) { Ptr = P; }
  T &operator[](size_t I) const { return Ptr[I]; }
  T *Ptr;
  size_t Range[Dims];
  char Pad[16];
#else
  T &operator[](size_t I) const;
  void *Impl;
  size_t Range[Dims];
  void *Owner[2];
#endif
};

struct Wrapped {
  int Before;
  fake_accessor<int, 1, 2014> Inner;
};

void submit(mini_handler &H, fake_accessor<int, 2, 2014> Global,
            fake_accessor<float, 1, 2016> Local, int Scalar, Wrapped W) {
  H.single_task<class Acc>([=] { Global[0] = int(Local[0]) + Scalar; });
  H.single_task<class InStruct>([=] { W.Inner[0] = W.Before; });
}

// LIST: smcp.kernel _ZTSZ6submitR12mini_handler13fake_accessorIiLi2ELi2014EES1_IfLi1ELi2016EEi7WrappedE3Acc 80 0:6110:0 1:32:8 0:4064:40 1:24:48 1:4:72{{$}}
// An accessor inside a captured struct is found too.
// LIST: smcp.kernel {{.*}}8InStruct 40 1:4:0 0:4062:8 1:24:16{{$}}

// IR: define spir_kernel void @_ZTSZ6submit{{.*}}3Acc(i8 addrspace(1)* %0, { [32 x i8] }* byval({ [32 x i8] }) %1, i8 addrspace(3)* %2, { [24 x i8] }* byval({ [24 x i8] }) %3, i32 %4)
// IR: addrspacecast i8 addrspace(1)* %0 to i8 addrspace(4)*
// IR: addrspacecast i8 addrspace(3)* %2 to i8 addrspace(4)*
