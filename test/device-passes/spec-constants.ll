; SpecConstants: markers become __spirv_SpecConstant per scalar leaf and
; __spirv_SpecConstantComposite per aggregate; SpecIds per variable (two
; calls of one variable share them); the layout goes to !smcp.spec_constants
; with padding leaves (0xFFFFFFFF = -1) and the default bytes.
; RUN: %opt_smcp -passes=smcp-spec-constants -S %s | FileCheck %s
; The translator makes them OpSpecConstant(Composite) with SpecId.
; RUN: %opt_smcp -passes=smcp-spec-constants %s -o %t.bc && llvm-spirv-15 %t.bc -o %t.spv && spirv-val %t.spv && spirv-dis %t.spv | FileCheck %s --check-prefix=SPIRV
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Padded = type { i8, i32, i16 }
%"class.sycl::specialization_id" = type { i32 }
%"class.sycl::specialization_id.0" = type { %struct.Padded }

@prefix = private unnamed_addr addrspace(1) constant [4 x i8] c"tu1\00"
@name.w = private unnamed_addr addrspace(1) constant [2 x i8] c"w\00"
@name.p = private unnamed_addr addrspace(1) constant [2 x i8] c"p\00"
@w = internal addrspace(1) constant %"class.sycl::specialization_id" { i32 7 }
@p = internal addrspace(1) constant %"class.sycl::specialization_id.0" { %struct.Padded { i8 97, i32 5, i16 3 } }

declare void @__smcp_spec_constant(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

define spir_kernel void @k(ptr addrspace(1) %out) {
  %a = alloca i32
  %b = alloca %struct.Padded
  %c = alloca i32
  %a4 = addrspacecast ptr %a to ptr addrspace(4)
  %b4 = addrspacecast ptr %b to ptr addrspace(4)
  %c4 = addrspacecast ptr %c to ptr addrspace(4)
  call void @__smcp_spec_constant(ptr addrspace(4) addrspacecast (ptr addrspace(1) @prefix to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @name.w to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @w to ptr addrspace(4)), ptr addrspace(4) %a4)
  call void @__smcp_spec_constant(ptr addrspace(4) addrspacecast (ptr addrspace(1) @prefix to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @name.p to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @p to ptr addrspace(4)), ptr addrspace(4) %b4)
  call void @__smcp_spec_constant(ptr addrspace(4) addrspacecast (ptr addrspace(1) @prefix to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @name.w to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @w to ptr addrspace(4)), ptr addrspace(4) %c4)
  %x = load i32, ptr %a
  %y = load i32, ptr %c
  %bi = getelementptr %struct.Padded, ptr %b, i32 0, i32 1
  %z = load i32, ptr %bi
  %s1 = add i32 %x, %y
  %s2 = add i32 %s1, %z
  store i32 %s2, ptr addrspace(1) %out
  ret void
}

; CHECK-NOT: __smcp_spec_constant
; CHECK: call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 7)
; CHECK: [[C:%.*]] = call i8 @_Z20__spirv_SpecConstantia(i32 1, i8 97)
; CHECK: [[I:%.*]] = call i32 @_Z20__spirv_SpecConstantii(i32 2, i32 5)
; CHECK: [[S:%.*]] = call i16 @_Z20__spirv_SpecConstantis(i32 3, i16 3)
; CHECK: call %struct.Padded @_Z29__spirv_SpecConstantComposite_0(i8 [[C]], i32 [[I]], i16 [[S]])
; CHECK: call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 7)
; CHECK: !smcp.spec_constants = !{![[W:[0-9]+]], ![[P:[0-9]+]]}
; CHECK: ![[W]] = !{!"tu1____w", !"07000000", i32 0, i32 0, i32 4}
; CHECK: ![[P]] = !{!"tu1____p", !"610000000500000003000000", i32 1, i32 0, i32 1, i32 -1, i32 1, i32 3, i32 2, i32 4, i32 4, i32 3, i32 8, i32 2, i32 -1, i32 10, i32 2}

; SPIRV-DAG: OpDecorate [[A:%[0-9a-z_]+]] SpecId 0
; SPIRV-DAG: OpDecorate {{%[0-9a-z_]+}} SpecId 3
; SPIRV-DAG: [[A]] = OpSpecConstant %uint 7
; SPIRV-DAG: OpSpecConstant %uchar 97
; SPIRV-DAG: OpSpecConstantComposite %struct_Padded
