; smcp-lower-nvptx: the neutral built-ins on nvptx64. Index queries read the
; PTX special registers (the global id is ctaid * ntid + tid: the offset was
; folded in before, see global-offset.ll); a work-group barrier fencing device memory is membar.gl then
; bar.sync; a sub-group barrier is bar.warp.sync over the warp's lanes; an
; acq_rel work-group atomic add is atom.cta between two membar.cta; a device
; umax stays an LLVM atomicrmw; a load atomic is monotonic; sub-group
; shuffles and ballots are shfl.sync / vote.sync with the member mask.
; RUN: %opt_smcp -passes=smcp-lower-nvptx -S %s | FileCheck %s
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i64 @__smcp_global_id(i32)
declare i64 @__smcp_local_size(i32)
declare void @_Z22__spirv_ControlBarrieriii(i32, i32, i32)
declare i32 @_Z18__spirv_AtomicIAddPiiii(ptr, i32, i32, i32)
declare i32 @_Z18__spirv_AtomicUMaxPjiij(ptr, i32, i32, i32)
declare i32 @_Z18__spirv_AtomicLoadPiii(ptr, i32, i32)
declare i32 @__smcp_sub_group_shuffle_xor(i32, i32)
declare i32 @__smcp_sub_group_ballot(i32)

define void @k(ptr %p, i32 %d) {
  %g = call i64 @__smcp_global_id(i32 1)
  %l = call i64 @__smcp_local_size(i32 %d)
  call void @_Z22__spirv_ControlBarrieriii(i32 2, i32 1, i32 264)
  call void @_Z22__spirv_ControlBarrieriii(i32 3, i32 3, i32 264)
  %a = call i32 @_Z18__spirv_AtomicIAddPiiii(ptr %p, i32 2, i32 8, i32 1)
  %u = call i32 @_Z18__spirv_AtomicUMaxPjiij(ptr %p, i32 1, i32 0, i32 7)
  %v = call i32 @_Z18__spirv_AtomicLoadPiii(ptr %p, i32 1, i32 0)
  %s = call i32 @__smcp_sub_group_shuffle_xor(i32 %a, i32 1)
  %b = call i32 @__smcp_sub_group_ballot(i32 %s)
  ret void
}
; CHECK-LABEL: define void @k(
; CHECK-DAG: %[[CTA:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
; CHECK-DAG: %[[NTID:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-DAG: %[[TID:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK: mul i64
; CHECK-NEXT: add i64
; CHECK-NOT: ctaid.x
; CHECK: select i1
; CHECK: call void @llvm.nvvm.membar.gl()
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32
; CHECK: call void @llvm.nvvm.membar.cta()
; CHECK-NEXT: %[[A:.*]] = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %p, i32 1)
; CHECK-NEXT: call void @llvm.nvvm.membar.cta()
; CHECK-NEXT: atomicrmw umax ptr %p, i32 7 monotonic
; CHECK-NEXT: load atomic i32, ptr %p monotonic, align 4
; CHECK: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %{{.*}}, i32 %[[A]], i32 1, i32 31)
; CHECK: call i32 @llvm.nvvm.vote.ballot.sync(i32
; CHECK-NOT: __smcp_
; CHECK-NOT: __spirv_
