; printf in device code: __spirv_ocl_printf with a generic format becomes the
; constant-address-space variant with a constant copy of the format; a
; format that is no constant string is an error.
; RUN: %opt_smcp -passes=smcp-lower-spirv -S %s | FileCheck %s
; RUN: not %opt_smcp -passes=smcp-lower-spirv -disable-output %S/Inputs/spirv-printf-bad.ll 2>&1 | FileCheck %s --check-prefix=BAD

target triple = "spir64-unknown-unknown"

@fmt = private unnamed_addr addrspace(1) constant [6 x i8] c"x=%d\0A\00"

declare spir_func i32 @_Z18__spirv_ocl_printfPKcz(i8 addrspace(4)*, ...)

define spir_func void @k(i32 %x) {
  %p = addrspacecast i8 addrspace(1)* getelementptr inbounds ([6 x i8], [6 x i8] addrspace(1)* @fmt, i64 0, i64 0) to i8 addrspace(4)*
  %r = call spir_func i32 (i8 addrspace(4)*, ...) @_Z18__spirv_ocl_printfPKcz(i8 addrspace(4)* %p, i32 %x)
  ret void
}

; CHECK: @[[COPY:smcp.printf.format[.0-9]*]] = internal unnamed_addr addrspace(2) constant [6 x i8] c"x=%d\0A\00"
; CHECK: call i32 (i8 addrspace(2)*, ...) @_Z18__spirv_ocl_printfPU3AS2Kcz(i8 addrspace(2)* getelementptr inbounds ([6 x i8], [6 x i8] addrspace(2)* @[[COPY]], i32 0, i32 0), i32 %x)
; CHECK-NOT: @_Z18__spirv_ocl_printfPKcz
; BAD: printf in device code: the format must be a string literal or a constant character array
