; Odd-width integers become SPIR-V widths with their values kept exact: each
; iN lives in the next legal width with its high bits zero; loads and stores
; touch exactly their bytes in legal pieces; operations that see high bits
; sign-extend or mask; pointers into bit-field structs become byte offsets.
; RUN: %opt_smcp -passes=smcp-legalize-int-widths -S %s | FileCheck %s
; RUN: %opt_smcp -passes=smcp-legalize-int-widths -S %s | FileCheck %s --check-prefix=NONE

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.BF = type { i24, i8, i40 }

; NONE-NOT: {{\bi(2|3|4|5|6|7|24|40|48)\b}}

; A 3-byte load is a 2-byte and a 1-byte load; a 5-byte store a 4 and a 1.
define spir_func void @memory(i8 addrspace(1)* %p, i8 addrspace(1)* %q) {
  %a = bitcast i8 addrspace(1)* %p to i24 addrspace(1)*
  %v = load i24, i24 addrspace(1)* %a, align 1
  %w = zext i24 %v to i40
  %b = bitcast i8 addrspace(1)* %q to i40 addrspace(1)*
  store i40 %w, i40 addrspace(1)* %b, align 4
  ret void
}
; CHECK-LABEL: define spir_func void @memory(
; CHECK: %[[P16:.*]] = bitcast i8 addrspace(1)* %p to i16 addrspace(1)*
; CHECK: %[[LO:.*]] = load i16, i16 addrspace(1)* %[[P16]], align 1
; CHECK: %[[LOX:.*]] = zext i16 %[[LO]] to i32
; CHECK: %[[P2:.*]] = getelementptr inbounds i8, i8 addrspace(1)* %p, i64 2
; CHECK: %[[HI:.*]] = load i8, i8 addrspace(1)* %[[P2]], align 1
; CHECK: %[[HIX:.*]] = zext i8 %[[HI]] to i32
; CHECK: %[[HIS:.*]] = shl i32 %[[HIX]], 16
; CHECK: %[[V:.*]] = or i32 %[[LOX]], %[[HIS]]
; CHECK: %[[W:.*]] = zext i32 %[[V]] to i64
; CHECK: %[[WLO:.*]] = trunc i64 %[[W]] to i32
; CHECK: %[[Q32:.*]] = bitcast i8 addrspace(1)* %q to i32 addrspace(1)*
; CHECK: store i32 %[[WLO]], i32 addrspace(1)* %[[Q32]], align 4
; CHECK: %[[WSH:.*]] = lshr i64 %[[W]], 32
; CHECK: %[[WHI:.*]] = trunc i64 %[[WSH]] to i8
; CHECK: %[[Q4:.*]] = getelementptr inbounds i8, i8 addrspace(1)* %q, i64 4
; CHECK: store i8 %[[WHI]], i8 addrspace(1)* %[[Q4]], align 4
; CHECK-NEXT: ret void

; An i4 in memory is one byte, masked.
define spir_func i8 @nibble(i4 addrspace(1)* %p) {
  %v = load i4, i4 addrspace(1)* %p, align 1
  %r = zext i4 %v to i8
  ret i8 %r
}
; CHECK-LABEL: define spir_func i8 @nibble(
; CHECK: %[[B:.*]] = load i8, i8 addrspace(1)* %{{.*}}, align 1
; CHECK: %[[M:.*]] = and i8 %[[B]], 15
; CHECK: ret i8 %[[M]]

; add/mul/shl wrap at N bits; and/or/xor and lshr need nothing.
define spir_func i64 @wrap(i64 %x, i64 %y) {
  %a = trunc i64 %x to i40
  %b = trunc i64 %y to i40
  %s = add i40 %a, %b
  %m = mul i40 %s, %b
  %o = or i40 %m, %a
  %h = lshr i40 %o, 3
  %r = zext i40 %h to i64
  ret i64 %r
}
; CHECK-LABEL: define spir_func i64 @wrap(
; CHECK: %[[A:.*]] = and i64 %x, 1099511627775
; CHECK: %[[B:.*]] = and i64 %y, 1099511627775
; CHECK: %[[S0:.*]] = add i64 %[[A]], %[[B]]
; CHECK: %[[S:.*]] = and i64 %[[S0]], 1099511627775
; CHECK: %[[M0:.*]] = mul i64 %[[S]], %[[B]]
; CHECK: %[[M:.*]] = and i64 %[[M0]], 1099511627775
; CHECK: %[[O:.*]] = or i64 %[[M]], %[[A]]
; CHECK: %[[H:.*]] = lshr i64 %[[O]], 3
; CHECK: ret i64 %[[H]]

; Signed operations see the value sign-extended within the wide register.
define spir_func i32 @signed(i32 %x, i32 %y) {
  %a = trunc i32 %x to i24
  %b = trunc i32 %y to i24
  %d = sdiv i24 %a, %b
  %s = ashr i24 %d, 1
  %c = icmp slt i24 %s, %b
  %e = sext i24 %s to i32
  %r = select i1 %c, i32 %e, i32 0
  ret i32 %r
}
; CHECK-LABEL: define spir_func i32 @signed(
; CHECK: %[[A:.*]] = and i32 %x, 16777215
; CHECK: %[[B:.*]] = and i32 %y, 16777215
; CHECK-DAG: %[[AS:.*]] = shl i32 %[[A]], 8
; CHECK-DAG: %[[AX:.*]] = ashr i32 %[[AS]], 8
; CHECK-DAG: %[[BS:.*]] = shl i32 %[[B]], 8
; CHECK-DAG: %[[BX:.*]] = ashr i32 %[[BS]], 8
; CHECK: %[[D0:.*]] = sdiv i32 %[[AX]], %[[BX]]
; CHECK: %[[D:.*]] = and i32 %[[D0]], 16777215
; CHECK: ashr i32
; CHECK: icmp slt i32
; CHECK: %[[E0:.*]] = shl i32 %{{.*}}, 8
; CHECK: %[[E:.*]] = ashr i32 %[[E0]], 8
; CHECK: select i1 %{{.*}}, i32 %[[E]], i32 0

; Phis, selects and switches; conversions to and from floating point.
define spir_func float @control(i32 %x, i1 %c) {
entry:
  %t = trunc i32 %x to i5
  br i1 %c, label %more, label %join
more:
  %u = xor i5 %t, -1
  br label %join
join:
  %p = phi i5 [ %t, %entry ], [ %u, %more ]
  %s = select i1 %c, i5 %p, i5 3
  switch i5 %s, label %out [
    i5 -1, label %other
    i5 -16, label %other
  ]
other:
  br label %out
out:
  %f = sitofp i5 %s to float
  ret float %f
}
; CHECK-LABEL: define spir_func float @control(
; CHECK: %[[T:.*]] = and i8 %{{.*}}, 31
; CHECK: %[[U:.*]] = xor i8 %[[T]], 31
; CHECK: %[[P:.*]] = phi i8 [ %[[T]], %entry ], [ %[[U]], %more ]
; CHECK: %[[S:.*]] = select i1 %c, i8 %[[P]], i8 3
; CHECK: switch i8 %[[S]], label %out [
; CHECK-NEXT: i8 31, label %other
; CHECK-NEXT: i8 16, label %other
; CHECK: %[[SX:.*]] = ashr i8 %{{.*}}, 3
; CHECK: sitofp i8 %[[SX]] to float

; Bit-field structs: GEPs become byte offsets, allocas byte arrays.
define spir_func i64 @fields(i8 addrspace(4)* %p, i64 %i) {
  %tmp = alloca %struct.BF, align 8
  %s = bitcast i8 addrspace(4)* %p to %struct.BF addrspace(4)*
  %f = getelementptr inbounds %struct.BF, %struct.BF addrspace(4)* %s, i64 %i, i32 2
  %v = load i40, i40 addrspace(4)* %f, align 4
  %g = getelementptr inbounds %struct.BF, %struct.BF* %tmp, i64 0, i32 2
  store i40 %v, i40* %g, align 4
  %c = getelementptr inbounds %struct.BF, %struct.BF* %tmp, i64 0, i32 1
  %b = load i8, i8* %c, align 4
  %r = zext i40 %v to i64
  ret i64 %r
}
; CHECK-LABEL: define spir_func i64 @fields(
; CHECK: %[[TMP:.*]] = alloca [16 x i8], align 8
; CHECK: %[[OFF0:.*]] = mul nsw i64 %i, 16
; CHECK: %[[OFF:.*]] = add nsw i64 %[[OFF0]], 8
; CHECK: %[[F:.*]] = getelementptr i8, i8 addrspace(4)* %p, i64 %[[OFF]]
; CHECK: load i32, i32 addrspace(4)*
; CHECK: load i8, i8 addrspace(4)*
; CHECK: %[[G:.*]] = getelementptr i8, i8* %{{.*}}, i64 8
; CHECK: store i32
; CHECK: store i8
; CHECK: %[[C:.*]] = getelementptr i8, i8* %{{.*}}, i64 4
; CHECK: load i8, i8* %[[C]], align 4

; Min/max intrinsics.
define spir_func i32 @minmax(i32 %x, i32 %y) {
  %a = trunc i32 %x to i24
  %b = trunc i32 %y to i24
  %u = call i24 @llvm.umin.i24(i24 %a, i24 %b)
  %s = call i24 @llvm.smax.i24(i24 %u, i24 %b)
  %r = zext i24 %s to i32
  ret i32 %r
}
declare i24 @llvm.umin.i24(i24, i24)
declare i24 @llvm.smax.i24(i24, i24)
; CHECK-LABEL: define spir_func i32 @minmax(
; CHECK: call i32 @llvm.umin.i32(i32
; CHECK: call i32 @llvm.smax.i32(i32

; "All of four comparisons" as the optimiser writes it: the lanes of a
; boolean vector become the low bits of a legal integer (lane k is bit k),
; and an odd-width integer becomes a boolean vector again.
define spir_func i1 @all_of(<4 x i32> %v, <4 x i32> %w) {
  %c = icmp ne <4 x i32> %v, %w
  %m = bitcast <4 x i1> %c to i4
  %all = icmp eq i4 %m, -1
  ret i1 %all
}
; CHECK-LABEL: define spir_func i1 @all_of(
; CHECK: %[[L0:.*]] = extractelement <4 x i1> %c, i64 0
; CHECK: %[[Z0:.*]] = zext i1 %[[L0]] to i8
; CHECK: %[[L3:.*]] = extractelement <4 x i1> %c, i64 3
; CHECK: %[[Z3:.*]] = zext i1 %[[L3]] to i8
; CHECK: %[[S3:.*]] = shl i8 %[[Z3]], 3
; CHECK: %[[M:.*]] = or i8 %{{.*}}, %[[S3]]
; CHECK: %[[ALL:.*]] = icmp eq i8 %[[M]], 15
; CHECK: ret i1 %[[ALL]]

define spir_func <3 x i1> @lanes_of(i8 %b) {
  %m = trunc i8 %b to i3
  %v = bitcast i3 %m to <3 x i1>
  ret <3 x i1> %v
}
; CHECK-LABEL: define spir_func <3 x i1> @lanes_of(i8 %b)
; CHECK: %[[B2:.*]] = lshr i8 %{{.*}}, 2
; CHECK: %[[T2:.*]] = trunc i8 %[[B2]] to i1
; CHECK: insertelement <3 x i1> %{{.*}}, i1 %[[T2]], i64 2
