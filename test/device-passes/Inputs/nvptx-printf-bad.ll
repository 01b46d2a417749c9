target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@fmt = private unnamed_addr constant [4 x i8] c"%v\0A\00"

declare i32 @_Z18__spirv_ocl_printfPKcz(ptr, ...)

define void @k(<2 x float> %v) {
  %r = call i32 (ptr, ...) @_Z18__spirv_ocl_printfPKcz(ptr @fmt, <2 x float> %v)
  ret void
}
