; cuda_kernels.ll - the conformance suite's kernels as a PTX image for the
; CUDA adapter (compiled by llc-15 at build time; the same kernels as
; test/unit/opencl_kernels.cl). Shaped like what the SMCP device passes make
; for nvptx64: USM pointers as global (addrspace 1) pointers, by-value fields
; as values, kernels listed in !nvvm.annotations. A global id is
; ctaid * ntid + tid per dimension (no global offset: the adapter has none).
; Local memory follows the PTX contract of adapter_abi.h (SMCP_ARG_LOCAL): a
; 64-bit byte offset into the launch's one dynamic shared-memory block, which
; PTX names as an .extern .shared array.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@smcp_local_memory = external addrspace(3) global [0 x i8], align 16

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

define internal i64 @global_id_x() {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t = zext i32 %tid to i64
  %n = zext i32 %ntid to i64
  %c = zext i32 %ctaid to i64
  %base = mul i64 %c, %n
  %id = add i64 %base, %t
  ret i64 %id
}

define internal i64 @global_id_y() {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %t = zext i32 %tid to i64
  %n = zext i32 %ntid to i64
  %c = zext i32 %ctaid to i64
  %base = mul i64 %c, %n
  %id = add i64 %base, %t
  ret i64 %id
}

; out[i] = base + i
define void @fill_ids(ptr addrspace(1) %out, i32 %base) {
  %i = call i64 @global_id_x()
  %i32 = trunc i64 %i to i32
  %v = add i32 %base, %i32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

; out[y * width + x] = y * 1000 + x (dimension 0 varies fastest)
define void @rows_cols(ptr addrspace(1) %out, i64 %width) {
  %x = call i64 @global_id_x()
  %y = call i64 @global_id_y()
  %row = mul i64 %y, %width
  %index = add i64 %row, %x
  %y1000 = mul i64 %y, 1000
  %v64 = add i64 %y1000, %x
  %v = trunc i64 %v64 to i32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %index
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define void @no_args() {
  ret void
}

; Two local arrays a and b of the work-group's size: a[lid] = gid, b[lid] = 1,
; barrier, out[gid] = 2 * a[n - 1 - lid] + b[lid] (a mirrored within the
; group; any overlap of a and b shows).
define void @group_reverse(ptr addrspace(1) %out, i64 %a_offset, i64 %b_offset) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %lid = zext i32 %tid to i64
  %n = zext i32 %ntid to i64
  %gid = call i64 @global_id_x()
  %a = getelementptr inbounds i8, ptr addrspace(3) @smcp_local_memory, i64 %a_offset
  %b = getelementptr inbounds i8, ptr addrspace(3) @smcp_local_memory, i64 %b_offset
  %a_mine = getelementptr inbounds i32, ptr addrspace(3) %a, i64 %lid
  %b_mine = getelementptr inbounds i32, ptr addrspace(3) %b, i64 %lid
  %gid32 = trunc i64 %gid to i32
  store i32 %gid32, ptr addrspace(3) %a_mine, align 4
  store i32 1, ptr addrspace(3) %b_mine, align 4
  call void @llvm.nvvm.barrier0()
  %last = sub i64 %n, 1
  %mirror = sub i64 %last, %lid
  %a_mirror = getelementptr inbounds i32, ptr addrspace(3) %a, i64 %mirror
  %av = load i32, ptr addrspace(3) %a_mirror, align 4
  %bv = load i32, ptr addrspace(3) %b_mine, align 4
  %twice = mul i32 %av, 2
  %v = add i32 %twice, %bv
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

declare { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.f32(i64, float, float)

; out[0..3] = the four channels texture object %texture reads at (x, y)
define void @texture_fetch(ptr addrspace(1) %out, i64 %texture, float %x, float %y) {
  %t = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %texture, float %x, float %y)
  %c0 = extractvalue { float, float, float, float } %t, 0
  %c1 = extractvalue { float, float, float, float } %t, 1
  %c2 = extractvalue { float, float, float, float } %t, 2
  %c3 = extractvalue { float, float, float, float } %t, 3
  store float %c0, ptr addrspace(1) %out, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 1
  store float %c1, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %out, i64 2
  store float %c2, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %out, i64 3
  store float %c3, ptr addrspace(1) %p3, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @fill_ids, !"kernel", i32 1}
!1 = !{ptr @rows_cols, !"kernel", i32 1}
!2 = !{ptr @no_args, !"kernel", i32 1}
!3 = !{ptr @group_reverse, !"kernel", i32 1}
!4 = !{ptr @texture_fetch, !"kernel", i32 1}
