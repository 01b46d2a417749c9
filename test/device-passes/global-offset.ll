; smcp-fold-global-offset (targets without a native global offset): an offset
; read becomes an invariant load of offset[d] through an implicit argument of
; kind global_offset (3), and a global id gets that load added; the id call
; itself stays (the target lowers it without the offset). After inlining,
; ImplicitArgParams gives the kernel one trailing global pointer for all of
; them and lists {global_offset, ""} in !smcp.implicit_args; a kernel that
; reads no id keeps its signature.
; RUN: %opt_smcp -passes=smcp-fold-global-offset -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %opt_smcp -passes='smcp-fold-global-offset,always-inline,smcp-implicit-arg-params' -S %s | FileCheck %s --check-prefix=PARAMS
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i64 @__smcp_global_id(i32)
declare i64 @__smcp_global_offset(i32)

define internal i64 @ids(i32 %d) alwaysinline {
  %g = call i64 @__smcp_global_id(i32 %d)
  %o = call i64 @__smcp_global_offset(i32 1)
  %s = sub i64 %g, %o
  ret i64 %s
}

define void @kernel(ptr addrspace(1) %out) "smcp-kernel" {
  %v = call i64 @ids(i32 0)
  store i64 %v, ptr addrspace(1) %out
  ret void
}

define void @plain(ptr addrspace(1) %out) "smcp-kernel" {
  store i64 1, ptr addrspace(1) %out
  ret void
}

; FOLD-LABEL: define internal i64 @ids(
; FOLD: %g = call i64 @__smcp_global_id(i32 %d)
; FOLD-NEXT: %[[BASE:.*]] = call ptr addrspace(1) @__smcp_implicit_arg(i32 3,
; FOLD: %[[SLOT:.*]] = getelementptr inbounds i64, ptr addrspace(1) %[[BASE]], i64 %{{.*}}
; FOLD-NEXT: %[[OFF:.*]] = load i64, ptr addrspace(1) %[[SLOT]], align 8, !invariant.load
; FOLD-NEXT: %[[SUM:.*]] = add i64 %g, %[[OFF]]
; FOLD: %[[OFF1:.*]] = load i64, {{.*}} !invariant.load
; FOLD-NEXT: %s = sub i64 %[[SUM]], %[[OFF1]]
; FOLD-NOT: @__smcp_global_offset(

; PARAMS-DAG: define void @plain(ptr addrspace(1) %out)
; PARAMS-DAG: define void @kernel(ptr addrspace(1) %out, ptr addrspace(1) %global_offset)
; PARAMS-NOT: __smcp_implicit_arg(
; PARAMS: !smcp.implicit_args = !{![[K:[0-9]+]]}
; PARAMS: ![[K]] = !{!"kernel", i32 3, !""}
