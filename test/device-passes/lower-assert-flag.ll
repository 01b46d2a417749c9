; The flag a failed device assert sets: each __smcp_assert_flag() call
; becomes an implicit argument of kind assert_flag (4), which
; smcp-implicit-arg-params turns into a trailing kernel parameter, listed in
; !smcp.implicit_args; the declaration goes.
; RUN: %opt_smcp -passes=smcp-lower-assert-flag -S %s | FileCheck %s
; RUN: %opt_smcp -passes=smcp-lower-assert-flag,smcp-implicit-arg-params -S %s \
; RUN:   | FileCheck %s --check-prefix=PARAMS

target triple = "spir64-unknown-unknown"

declare spir_func i32 addrspace(1)* @__smcp_assert_flag()

define spir_kernel void @k(i32 %x) #0 {
  %bad = icmp eq i32 %x, 0
  br i1 %bad, label %fail, label %done
fail:
  %flag = call spir_func i32 addrspace(1)* @__smcp_assert_flag()
  store i32 1, i32 addrspace(1)* %flag, align 4
  br label %done
done:
  ret void
}

attributes #0 = { "smcp-kernel" }

; CHECK-NOT: @__smcp_assert_flag
; CHECK: %[[ARG:.*]] = call i8 addrspace(1)* @__smcp_implicit_arg(i32 4, i8* getelementptr
; CHECK: %[[FLAG:.*]] = bitcast i8 addrspace(1)* %[[ARG]] to i32 addrspace(1)*
; CHECK: store i32 1, i32 addrspace(1)* %[[FLAG]], align 4

; PARAMS: define spir_kernel void @k(i32 %x, i8 addrspace(1)* %assert_flag)
; PARAMS: bitcast i8 addrspace(1)* %assert_flag to i32 addrspace(1)*
; PARAMS: !smcp.implicit_args = !{![[K:[0-9]+]]}
; PARAMS: ![[K]] = !{!"k", i32 4, !""}
