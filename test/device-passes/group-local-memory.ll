; Each __smcp_group_local_alloc call becomes its own local-memory (addrspace 3)
; variable of that size and alignment.
; RUN: %opt_smcp -passes=smcp-lower-group-local-memory -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

declare spir_func i8 addrspace(4)* @__smcp_group_local_alloc(i64, i64)

define spir_func void @f() {
  %a = call spir_func i8 addrspace(4)* @__smcp_group_local_alloc(i64 256, i64 4)
  %b = call spir_func i8 addrspace(4)* @__smcp_group_local_alloc(i64 8, i64 8)
  store i8 1, i8 addrspace(4)* %a
  store i8 2, i8 addrspace(4)* %b
  ret void
}

; CHECK-DAG: @[[BIG:smcp.group_local.*]] = internal addrspace(3) global [256 x i8] undef, align 4
; CHECK-DAG: @[[SMALL:smcp.group_local.*]] = internal addrspace(3) global [8 x i8] undef, align 8
; CHECK: store i8 1, i8 addrspace(4)* addrspacecast (i8 addrspace(3)* getelementptr inbounds ([256 x i8], [256 x i8] addrspace(3)* @[[BIG]], i32 0, i32 0) to i8 addrspace(4)*)
; CHECK: store i8 2, i8 addrspace(4)* addrspacecast (i8 addrspace(3)* getelementptr inbounds ([8 x i8], [8 x i8] addrspace(3)* @[[SMALL]], i32 0, i32 0) to i8 addrspace(4)*)
; CHECK-NOT: __smcp_group_local_alloc
