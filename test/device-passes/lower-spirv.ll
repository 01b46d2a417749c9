; Index built-ins become loads of the SPIR-V built-in variables, with the
; dimension as the element index (constant or not).
; RUN: %opt_smcp -passes=smcp-lower-spirv -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

declare spir_func i64 @__smcp_global_id(i32)
declare spir_func i64 @__smcp_local_size(i32)

define spir_func i64 @f(i32 %dim) {
  %a = call spir_func i64 @__smcp_global_id(i32 0)
  %b = call spir_func i64 @__smcp_local_size(i32 %dim)
  %c = add i64 %a, %b
  ret i64 %c
}

; CHECK-DAG: @__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
; CHECK-DAG: @__spirv_BuiltInWorkgroupSize = external addrspace(1) constant <3 x i64>, align 32
; CHECK-LABEL: define spir_func i64 @f(
; CHECK: %[[V:.*]] = load <3 x i64>, {{.*}} @__spirv_BuiltInGlobalInvocationId, align 32
; CHECK: extractelement <3 x i64> %[[V]], i32 0
; CHECK: %[[W:.*]] = load <3 x i64>, {{.*}} @__spirv_BuiltInWorkgroupSize, align 32
; CHECK: extractelement <3 x i64> %[[W]], i32 %dim
; CHECK-NOT: @__smcp_
