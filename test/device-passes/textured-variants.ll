; smcp-textured-variants: a kernel that asks __smcp_has_texture gets a
; textured variant in which every answer is true, so its reads in code (the
; out-of-line calls) and the branches to them go; it keeps the kernel's
; parameters and nvvm.annotations (kernel, reqntid), names its kernel in
; "smcp-textured-variant-of", and is no SYCL kernel of its own (no
; "smcp-kernel", no parameter list). In the kernel itself, and in functions
; that are no kernels, the question becomes `word != 0`. A kernel that does
; not ask gets no variant.
; RUN: %opt_smcp -passes=always-inline,smcp-textured-variants -S %s | FileCheck %s
; RUN: %opt_smcp -passes=always-inline,smcp-textured-variants,smcp-prune -S %s | FileCheck %s --check-prefix=PRUNE
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare zeroext i1 @__smcp_has_texture(i64)
declare <4 x float> @__smcp_texture_2d_f32(i64, float, float)
declare <4 x float> @read_in_code(ptr addrspace(1), float, float)

define void @stencil(ptr addrspace(1) %img, i64 %tex, ptr addrspace(1) %out) #0 !smcp.kernel_params !3 {
entry:
  %a = call <4 x float> @tap(ptr addrspace(1) %img, i64 %tex, float 1.0)
  %b = call <4 x float> @tap(ptr addrspace(1) %img, i64 %tex, float 2.0)
  %s = fadd <4 x float> %a, %b
  store <4 x float> %s, ptr addrspace(1) %out
  ret void
}

define void @plain(ptr addrspace(1) %out, i64 %tex) #0 {
  %has = call i1 @helper(i64 %tex)
  store i1 %has, ptr addrspace(1) %out
  ret void
}

define i1 @helper(i64 %tex) noinline {
  %has = call zeroext i1 @__smcp_has_texture(i64 %tex)
  ret i1 %has
}

define linkonce_odr <4 x float> @tap(ptr addrspace(1) %img, i64 %tex, float %x) alwaysinline {
entry:
  %has = call zeroext i1 @__smcp_has_texture(i64 %tex)
  br i1 %has, label %texture, label %code
texture:
  %t = call <4 x float> @__smcp_texture_2d_f32(i64 %tex, float %x, float 0.5)
  br label %done
code:
  %c = call <4 x float> @read_in_code(ptr addrspace(1) %img, float %x, float 0.5)
  br label %done
done:
  %r = phi <4 x float> [ %t, %texture ], [ %c, %code ]
  ret <4 x float> %r
}

attributes #0 = { "smcp-kernel" }

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @stencil, !"kernel", i32 1}
!1 = !{ptr @stencil, !"reqntid", i32 64}
!2 = !{ptr @plain, !"kernel", i32 1}
!3 = !{!"stencil params"}

; The kernel asks at run time.
; CHECK-LABEL: define void @stencil(ptr addrspace(1) %img, i64 %tex, ptr addrspace(1) %out) #0 !smcp.kernel_params
; CHECK: icmp ne i64 %tex, 0
; CHECK: call <4 x float> @read_in_code
; CHECK: icmp ne i64 %tex, 0
; CHECK: call <4 x float> @read_in_code

; No variant for a kernel that does not ask itself; its callee asks at run time.
; CHECK-LABEL: define void @plain(
; CHECK-LABEL: define i1 @helper(
; CHECK-NEXT: %1 = icmp ne i64 %tex, 0
; CHECK-NEXT: ret i1 %1

; The variant: straight texture reads.
; CHECK: define void @stencil.textured(ptr addrspace(1) %img, i64 %tex, ptr addrspace(1) %out) #[[VARIANT:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: call <4 x float> @__smcp_texture_2d_f32(i64 %tex, float 1.0
; CHECK-NEXT: call <4 x float> @__smcp_texture_2d_f32(i64 %tex, float 2.0
; CHECK-NEXT: fadd
; CHECK-NEXT: store
; CHECK-NEXT: ret void
; CHECK-NOT: define void @plain.textured
; CHECK-NOT: @__smcp_has_texture

; CHECK: attributes #0 = { "smcp-kernel" }
; CHECK: attributes #[[VARIANT]] = { "smcp-textured-variant-of"="stencil" }
; CHECK: !nvvm.annotations = !{!0, !1, !2, !3, !4}
; CHECK: !3 = !{ptr @stencil.textured, !"kernel", i32 1}
; CHECK: !4 = !{ptr @stencil.textured, !"reqntid", i32 64}

; Pruning keeps the variant.
; PRUNE: define void @stencil.textured(
