; smcp-lower-nvptx: printf (__spirv_ocl_printf) becomes CUDA's vprintf. The
; arguments, promoted as C's varargs are, go into one private buffer at their
; natural alignment (an i32, then a double at offset 8, then a pointer); a
; call without arguments passes a null buffer; an argument vprintf cannot
; print (a vector) is an error naming printf.
; RUN: %opt_smcp -passes=smcp-lower-nvptx -S %s | FileCheck %s
; RUN: not %opt_smcp -passes=smcp-lower-nvptx -disable-output %S/Inputs/nvptx-printf-bad.ll 2>&1 | FileCheck %s --check-prefix=BAD
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@fmt = private unnamed_addr constant [12 x i8] c"%d %f %p\0A\00\00\00"
@plain = private unnamed_addr constant [4 x i8] c"hi\0A\00"

declare i32 @_Z18__spirv_ocl_printfPKcz(ptr, ...)

define void @k(i32 %x, double %y, ptr %p) {
  %r = call i32 (ptr, ...) @_Z18__spirv_ocl_printfPKcz(ptr @fmt, i32 %x, double %y, ptr %p)
  %s = call i32 (ptr, ...) @_Z18__spirv_ocl_printfPKcz(ptr @plain)
  ret void
}

; CHECK-LABEL: define void @k(
; CHECK: %printf.args = alloca { i32, double, ptr }
; CHECK: [[X:%.*]] = getelementptr inbounds { i32, double, ptr }, ptr %printf.args, i32 0, i32 0
; CHECK: store i32 %x, ptr [[X]]
; CHECK: [[Y:%.*]] = getelementptr inbounds { i32, double, ptr }, ptr %printf.args, i32 0, i32 1
; CHECK: store double %y, ptr [[Y]]
; CHECK: [[P:%.*]] = getelementptr inbounds { i32, double, ptr }, ptr %printf.args, i32 0, i32 2
; CHECK: store ptr %p, ptr [[P]]
; CHECK: call i32 @vprintf(ptr @fmt, ptr %printf.args)
; CHECK: call i32 @vprintf(ptr @plain, ptr null)
; CHECK-NOT: __spirv_ocl_printf
; BAD: printf in device code: an argument that is no integer, floating-point value or pointer cannot be printed on nvptx64
