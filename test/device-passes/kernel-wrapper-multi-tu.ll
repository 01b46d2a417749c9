; A kernel instantiated in two TUs (an inline function of a header submits it)
; is one kernel: after the device link its linkonce_odr entry is one function
; that both TUs' annotations name, and the pass makes one kernel of it.
; RUN: llvm-link %s %S/Inputs/kernel-wrapper-tu2.ll -o %t.bc
; RUN: %opt_smcp -passes=smcp-kernel-wrapper -S %t.bc | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%functor = type { i32 addrspace(4)* }

$entry = comdat any

@.str = private unnamed_addr constant [32 x i8] c"smcp.kernel _ZTS6Shared 8 3:8:0\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"a.cpp\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { i8*, i8*, i8*, i32, i8* }] [{ i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (%functor*)* @entry to i8*), i8* getelementptr inbounds ([32 x i8], [32 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1, i32 0, i32 0), i32 1, i8* null }], section "llvm.metadata"

define linkonce_odr spir_func void @entry(%functor* byval(%functor) align 8 %f) comdat {
  ret void
}

; CHECK-NOT: @llvm.global.annotations
; CHECK: define internal spir_func void @entry(
; CHECK: define spir_kernel void @_ZTS6Shared(i8 addrspace(1)* %0)
; CHECK-NOT: define spir_kernel
