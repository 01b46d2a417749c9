; A constant clang leaves in address space 0 (here the string of
; __builtin_sycl_unique_stable_name at -O0) moves to the global address space;
; its users, a GEP cast to the generic space, follow.
; RUN: %opt_smcp -passes=smcp-lower-spirv -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

@__usn_str = private unnamed_addr constant [4 x i8] c"abc\00", align 1

define spir_func i8 addrspace(4)* @name() {
  ret i8 addrspace(4)* addrspacecast (i8* getelementptr inbounds ([4 x i8], [4 x i8]* @__usn_str, i32 0, i32 0) to i8 addrspace(4)*)
}

; CHECK: @__usn_str = private unnamed_addr addrspace(1) constant [4 x i8] c"abc\00", align 1
; CHECK: ret i8 addrspace(4)* addrspacecast (i8 addrspace(1)* getelementptr inbounds ([4 x i8], [4 x i8] addrspace(1)* @__usn_str, i32 0, i32 0) to i8 addrspace(4)*)
