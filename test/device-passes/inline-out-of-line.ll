; smcp-inline-into-kernels and the smcp.out_of_line mark: on nvptx64 a
; function so marked keeps its noinline and stays a call (PTX has calls),
; its mark now the attribute "smcp-out-of-line" that a second run still
; sees; on spir64, where every function must be inlined, it is inlined like
; any other. The other annotations stay.
; RUN: %opt_smcp -passes=smcp-inline-into-kernels -S %s | FileCheck %s --check-prefix=NVPTX
; RUN: %opt_smcp -passes='smcp-inline-into-kernels,smcp-inline-into-kernels,always-inline' -S %s | FileCheck %s --check-prefix=CALL
; RUN: sed 's/nvptx64-nvidia-cuda/spir64-unknown-unknown/' %s | %opt_smcp -passes='smcp-inline-into-kernels,always-inline' -S | FileCheck %s --check-prefix=SPIR
target triple = "nvptx64-nvidia-cuda"

@mark = private unnamed_addr constant [17 x i8] c"smcp.out_of_line\00"
@other = private unnamed_addr constant [6 x i8] c"other\00"
@file = private unnamed_addr constant [4 x i8] c"a.h\00"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @cold_path, ptr @mark, ptr @file, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @helper, ptr @other, ptr @file, i32 2, ptr null }]

define void @kernel(ptr addrspace(1) %p) {
  %a = call i32 @helper(i32 1)
  %b = call i32 @cold_path(i32 %a)
  store i32 %b, ptr addrspace(1) %p
  ret void
}

define internal i32 @helper(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @cold_path(i32 %x) #0 {
  %y = mul i32 %x, 3
  ret i32 %y
}

attributes #0 = { noinline }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}

; NVPTX: @llvm.global.annotations = appending global [1 x {{.*}} @helper, ptr @other
; NVPTX: define internal i32 @helper(i32 %x) #[[INLINE:[0-9]+]]
; NVPTX: define internal i32 @cold_path(i32 %x) #[[OUT:[0-9]+]]
; NVPTX-DAG: attributes #[[INLINE]] = { alwaysinline }
; NVPTX-DAG: attributes #[[OUT]] = { noinline "smcp-out-of-line" }

; CALL-LABEL: define void @kernel(
; CALL-NOT: call i32 @helper
; CALL: call i32 @cold_path(

; SPIR-LABEL: define void @kernel(
; SPIR-NOT: call
; SPIR: ret void
