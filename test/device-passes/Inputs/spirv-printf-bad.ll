; spirv-printf.ll: a format that is no constant string.
target triple = "spir64-unknown-unknown"

declare spir_func i32 @_Z18__spirv_ocl_printfPKcz(i8 addrspace(4)*, ...)

define spir_func void @k(i8 addrspace(4)* %format) {
  %r = call spir_func i32 (i8 addrspace(4)*, ...) @_Z18__spirv_ocl_printfPKcz(i8 addrspace(4)* %format)
  ret void
}
