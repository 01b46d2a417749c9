; smcp-math-to-libdevice: libm calls and the math intrinsics NVPTX cannot
; select become libdevice's __nv_* functions (float forms with an f);
; OpenCL forms too (mad is fma, native_* the fast forms); intrinsics the
; backend selects (sqrt, fabs) stay.
; RUN: %opt_smcp -passes=smcp-math-to-libdevice -S %s | FileCheck %s
target triple = "nvptx64-nvidia-cuda"

declare float @sinf(float)
declare double @llvm.exp.f64(double)
declare float @llvm.pow.f32(float, float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.powi.f32.i32(float, i32)
declare float @_Z15__spirv_ocl_madfff(float, float, float)
declare float @_Z22__spirv_ocl_native_sinf(float)
declare double @_Z17__spirv_ocl_rsqrtd(double)

define float @f(float %x, double %d) {
  %a = call float @sinf(float %x)
  %b = call double @llvm.exp.f64(double %d)
  %c = call float @llvm.pow.f32(float %x, float %a)
  %e = call float @llvm.sqrt.f32(float %c)
  %f = call float @llvm.powi.f32.i32(float %e, i32 3)
  %g = call float @_Z15__spirv_ocl_madfff(float %f, float %x, float %x)
  %h = call float @_Z22__spirv_ocl_native_sinf(float %g)
  %i = call double @_Z17__spirv_ocl_rsqrtd(double %b)
  ret float %h
}
; CHECK: call float @__nv_sinf(float %x)
; CHECK: call double @__nv_exp(double %d)
; CHECK: call float @__nv_powf(float %x, float %a)
; CHECK: call float @llvm.sqrt.f32(float %c)
; CHECK: call float @__nv_powif(float %e, i32 3)
; CHECK: call float @__nv_fmaf(float %f, float %x, float %x)
; CHECK: call float @__nv_fast_sinf(float %g)
; CHECK: call double @__nv_rsqrt(double %b)
