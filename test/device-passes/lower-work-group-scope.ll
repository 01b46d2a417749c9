; A parallel_for_work_group function (@wg, "smcp.work_group_scope") whose
; work-item scope (@pfwi, "smcp.work_item_scope") sees a shared variable
; through its closure: the variable moves to local memory, the closure and
; the private_memory object stay private, the callee @helper is inlined, its
; store to the shared variable and the global store run on the leader between
; barriers, and the value the leader loads reaches every work-item through
; local memory. The marker __smcp_private_memory goes.
; RUN: %opt_smcp -passes=smcp-lower-work-group-scope -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

%closure = type { i32 addrspace(4)*, i32 addrspace(4)* }

@.wg = private unnamed_addr constant [22 x i8] c"smcp.work_group_scope\00", section "llvm.metadata"
@.wi = private unnamed_addr constant [21 x i8] c"smcp.work_item_scope\00", section "llvm.metadata"
@.file = private unnamed_addr constant [9 x i8] c"file.cpp\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { i8*, i8*, i8*, i32, i8* }] [{ i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (i32 addrspace(1)*)* @wg to i8*), i8* getelementptr inbounds ([22 x i8], [22 x i8]* @.wg, i32 0, i32 0), i8* getelementptr inbounds ([9 x i8], [9 x i8]* @.file, i32 0, i32 0), i32 1, i8* null }, { i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (%closure addrspace(4)*)* @pfwi to i8*), i8* getelementptr inbounds ([21 x i8], [21 x i8]* @.wi, i32 0, i32 0), i8* getelementptr inbounds ([9 x i8], [9 x i8]* @.file, i32 0, i32 0), i32 2, i8* null }], section "llvm.metadata"

declare spir_func void @__smcp_private_memory(i8 addrspace(4)*)

define internal spir_func void @pfwi(%closure addrspace(4)* %c) noinline {
  %p = getelementptr %closure, %closure addrspace(4)* %c, i64 0, i32 0
  %shared = load i32 addrspace(4)*, i32 addrspace(4)* addrspace(4)* %p
  store i32 1, i32 addrspace(4)* %shared
  ret void
}

define internal spir_func void @helper(i32 addrspace(4)* %x) {
  store i32 42, i32 addrspace(4)* %x
  ret void
}

define internal spir_func void @wg(i32 addrspace(1)* %out) noinline {
  %var = alloca i32
  %mine = alloca i32
  %cl = alloca %closure
  %var.g = addrspacecast i32* %var to i32 addrspace(4)*
  %mine.g = addrspacecast i32* %mine to i32 addrspace(4)*
  %mine.i8 = bitcast i32 addrspace(4)* %mine.g to i8 addrspace(4)*
  call spir_func void @__smcp_private_memory(i8 addrspace(4)* %mine.i8)
  call spir_func void @helper(i32 addrspace(4)* %var.g)
  %f0 = getelementptr %closure, %closure* %cl, i64 0, i32 0
  store i32 addrspace(4)* %var.g, i32 addrspace(4)** %f0
  %f1 = getelementptr %closure, %closure* %cl, i64 0, i32 1
  store i32 addrspace(4)* %mine.g, i32 addrspace(4)** %f1
  %cl.g = addrspacecast %closure* %cl to %closure addrspace(4)*
  call spir_func void @pfwi(%closure addrspace(4)* %cl.g)
  %v = load i32, i32 addrspace(4)* %var.g
  store i32 %v, i32 addrspace(1)* %out
  %w = load i32, i32 addrspace(1)* %out
  %v2 = add i32 %w, 1
  store i32 %v2, i32 addrspace(4)* %var.g
  store i32 %w, i32 addrspace(4)* %mine.g
  ret void
}

; CHECK: @[[VAR:smcp.work_group_var[.0-9]*]] = internal addrspace(3) global i32 undef
; CHECK: @[[SLOT:smcp.work_group_value[.0-9]*]] = internal addrspace(3) global i32 undef
; CHECK-LABEL: define internal spir_func void @wg(
; CHECK: %smcp.wg_leader = icmp eq i64
; CHECK-NEXT: %mine = alloca i32
; CHECK-NEXT: %cl = alloca %closure
; CHECK-NOT: alloca
; CHECK-NOT: @__smcp_private_memory(
; The inlined helper's store: leader only, between barriers.
; CHECK: call void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 776)
; CHECK-NEXT: br i1 %smcp.wg_leader, label %[[THEN1:[0-9]+]], label %[[TAIL1:[0-9]+]]
; CHECK: [[THEN1]]:
; CHECK-NEXT: store i32 42, i32 addrspace(3)* @[[VAR]]
; CHECK: [[TAIL1]]:
; CHECK-NEXT: call void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 776)
; Every work-item builds its closure: the shared variable's local address
; and its own private_memory object.
; CHECK: store i32 addrspace(4)* addrspacecast (i32 addrspace(3)* @[[VAR]] to i32 addrspace(4)*), i32 addrspace(4)** %f0
; CHECK: store i32 addrspace(4)* %mine.g, i32 addrspace(4)** %f1
; CHECK: call spir_func void @pfwi(
; Every work-item reads the shared variable before the leader may write again.
; CHECK-NEXT: %v = load i32, i32 addrspace(3)* @[[VAR]]
; CHECK-NEXT: call void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 776)
; CHECK-NEXT: br i1 %smcp.wg_leader, label %[[THEN2:[0-9]+]], label %[[TAIL2:[0-9]+]]
; CHECK: [[THEN2]]:
; CHECK-NEXT: store i32 %v, i32 addrspace(1)* %out
; CHECK-NEXT: %w = load i32, i32 addrspace(1)* %out
; CHECK-NEXT: %v2 = add i32 %w, 1
; CHECK-NEXT: store i32 %v2, i32 addrspace(3)* @[[VAR]]
; CHECK-NEXT: store i32 %w, i32 addrspace(3)* @[[SLOT]]
; CHECK: [[TAIL2]]:
; CHECK-NEXT: call void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 776)
; CHECK-NEXT: %w.shared = load i32, i32 addrspace(3)* @[[SLOT]]
; CHECK-NEXT: store i32 %w.shared, i32* %mine
; CHECK-NEXT: ret void
