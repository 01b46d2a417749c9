; smcp-lower-nvptx: a sampled image read through a texture object
; (include/sycl/detail/image_sampling.hpp) is one tex.unified.2d.v4 of the
; channel class -- float, signed or unsigned -- whose four results become
; the built-in's vector; other declarations stay.
; RUN: %opt_smcp -passes=smcp-lower-nvptx -S %s | FileCheck %s
; RUN: %opt_smcp -passes=smcp-lower-nvptx %s -o - | llc -march=nvptx64 -mcpu=sm_70 | FileCheck %s --check-prefix=PTX
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare <4 x float> @__smcp_texture_2d_f32(i64, float, float)
declare <4 x i32> @__smcp_texture_2d_i32(i64, float, float)
declare <4 x i32> @__smcp_texture_2d_u32(i64, float, float)
declare <4 x float> @__smcp_texture_2d_f64(i64, float, float)

define void @k(i64 %t, float %x, float %y, ptr addrspace(1) %o) {
  %f = call <4 x float> @__smcp_texture_2d_f32(i64 %t, float %x, float %y)
  %i = call <4 x i32> @__smcp_texture_2d_i32(i64 %t, float %x, float %y)
  %u = call <4 x i32> @__smcp_texture_2d_u32(i64 %t, float %x, float %y)
  %n = call <4 x float> @__smcp_texture_2d_f64(i64 %t, float %x, float %y)
  store <4 x float> %f, ptr addrspace(1) %o
  %o1 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 1
  store <4 x i32> %i, ptr addrspace(1) %o1
  %o2 = getelementptr <4 x i32>, ptr addrspace(1) %o, i64 2
  store <4 x i32> %u, ptr addrspace(1) %o2
  %o3 = getelementptr <4 x float>, ptr addrspace(1) %o, i64 3
  store <4 x float> %n, ptr addrspace(1) %o3
  ret void
}

; CHECK-LABEL: define void @k(
; CHECK: %[[F:.*]] = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %t, float %x, float %y)
; CHECK: extractvalue { float, float, float, float } %[[F]], 0
; CHECK: insertelement <4 x float> poison
; CHECK: extractvalue { float, float, float, float } %[[F]], 3
; CHECK: call { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.2d.v4s32.f32(i64 %t, float %x, float %y)
; CHECK: call { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.2d.v4u32.f32(i64 %t, float %x, float %y)
; CHECK: call <4 x float> @__smcp_texture_2d_f64(
; CHECK-NOT: __smcp_texture_2d_f32

; PTX: tex.2d.v4.f32.f32 {{.*}}, [%rd{{[0-9]+}}, {%f{{[0-9]+}}, %f{{[0-9]+}}}];
; PTX: tex.2d.v4.s32.f32
; PTX: tex.2d.v4.u32.f32
