// The OpenCL.std built-ins that SYCL built-ins call directly in device code,
// in the "SPIR-V friendly" naming SPIRV-LLVM-Translator turns into extended
// instructions; device-passes/MathToLibdevice.cpp renames them to
// libdevice's __nv_* on nvptx64, so each one here must exist there too
// (native_* map to libdevice's fast forms).
#pragma once

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_OCL_DECL extern __attribute__((nothrow, const))
#define SMCP_OCL_FLOAT1(NAME)                                                                      \
  SMCP_OCL_DECL float __spirv_ocl_##NAME(float);                                                   \
  SMCP_OCL_DECL double __spirv_ocl_##NAME(double);
SMCP_OCL_FLOAT1(rsqrt)
SMCP_OCL_FLOAT1(sinpi)
SMCP_OCL_FLOAT1(cospi)
SMCP_OCL_FLOAT1(exp10)
SMCP_OCL_FLOAT1(native_sqrt)
SMCP_OCL_FLOAT1(native_rsqrt)
SMCP_OCL_FLOAT1(native_sin)
SMCP_OCL_FLOAT1(native_cos)
SMCP_OCL_FLOAT1(native_tan)
SMCP_OCL_FLOAT1(native_exp)
SMCP_OCL_FLOAT1(native_exp2)
SMCP_OCL_FLOAT1(native_exp10)
SMCP_OCL_FLOAT1(native_log)
SMCP_OCL_FLOAT1(native_log2)
SMCP_OCL_FLOAT1(native_log10)
SMCP_OCL_FLOAT1(native_recip)
#undef SMCP_OCL_FLOAT1
SMCP_OCL_DECL float __spirv_ocl_mad(float, float, float);
SMCP_OCL_DECL double __spirv_ocl_mad(double, double, double);
SMCP_OCL_DECL float __spirv_ocl_ldexp(float, int);
SMCP_OCL_DECL double __spirv_ocl_ldexp(double, int);
SMCP_OCL_DECL int __spirv_ocl_ilogb(float);
SMCP_OCL_DECL int __spirv_ocl_ilogb(double);
SMCP_OCL_DECL float __spirv_ocl_native_divide(float, float);
SMCP_OCL_DECL float __spirv_ocl_native_powr(float, float);
#undef SMCP_OCL_DECL
#endif
