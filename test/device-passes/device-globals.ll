; device_globals: LowerDeviceGlobals replaces each annotated variable by
; implicit arguments of kind device_global (1) whose payload is its id: calls
; of the opaque __smcp_implicit_arg marker (also in constant expressions and
; phis); it drops the variable from llvm.compiler.used, deletes it, and
; records id, size, image scope and initial bytes in !smcp.device_globals;
; other annotations stay. After inlining, ImplicitArgParams gives each kernel
; one trailing global pointer per {kind, payload} it uses, in sorted order,
; and lists them in !smcp.implicit_args; kernels without any keep their
; signature.
; RUN: %opt_smcp -passes=smcp-lower-device-globals -S %s | FileCheck %s --check-prefix=LOWER
; RUN: %opt_smcp -passes='smcp-lower-device-globals,always-inline,smcp-implicit-arg-params' -S %s | FileCheck %s --check-prefix=PARAMS
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%dg.int = type { i32 }
%dg.arr = type { [2 x i16] }

@counter = addrspace(1) global %dg.int { i32 7 }, align 4
@pfx____ZL3arr = internal addrspace(1) global %dg.arr { [2 x i16] [i16 1, i16 258] }, align 2
@note.dg = private unnamed_addr constant [19 x i8] c"smcp.device_global\00", section "llvm.metadata"
@note.scoped = private unnamed_addr constant [31 x i8] c"smcp.device_global image_scope\00", section "llvm.metadata"
@note.other = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@file = private unnamed_addr constant [4 x i8] c"a.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { i8*, i8*, i8*, i32, i8* }] [
  { i8*, i8*, i8*, i32, i8* } { i8* addrspacecast (i8 addrspace(1)* bitcast (%dg.int addrspace(1)* @counter to i8 addrspace(1)*) to i8*), i8* getelementptr ([19 x i8], [19 x i8]* @note.dg, i32 0, i32 0), i8* getelementptr ([4 x i8], [4 x i8]* @file, i32 0, i32 0), i32 1, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* addrspacecast (i8 addrspace(1)* bitcast (%dg.arr addrspace(1)* @pfx____ZL3arr to i8 addrspace(1)*) to i8*), i8* getelementptr ([31 x i8], [31 x i8]* @note.scoped, i32 0, i32 0), i8* getelementptr ([4 x i8], [4 x i8]* @file, i32 0, i32 0), i32 2, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (void ()* @keep to i8*), i8* getelementptr ([6 x i8], [6 x i8]* @note.other, i32 0, i32 0), i8* getelementptr ([4 x i8], [4 x i8]* @file, i32 0, i32 0), i32 3, i8* null }
], section "llvm.metadata"
@llvm.compiler.used = appending global [2 x i8*] [i8* addrspacecast (i8 addrspace(1)* bitcast (%dg.int addrspace(1)* @counter to i8 addrspace(1)*) to i8*), i8* bitcast (void ()* @keep to i8*)], section "llvm.metadata"

; LOWER-NOT: @counter =
; LOWER-NOT: @pfx____ZL3arr =
; LOWER: @llvm.global.annotations = appending global [1 x
; LOWER-SAME: @keep
; LOWER: @llvm.compiler.used = appending global [1 x i8*] [i8* bitcast (void ()* @keep to i8*)]

define void @keep() {
  ret void
}

define internal void @bump() alwaysinline {
  %p = getelementptr %dg.int, %dg.int addrspace(4)* addrspacecast (%dg.int addrspace(1)* @counter to %dg.int addrspace(4)*), i64 0, i32 0
  %v = load i32, i32 addrspace(4)* %p
  %n = add i32 %v, 1
  store i32 %n, i32 addrspace(4)* %p
  ret void
}
; LOWER-LABEL: define internal void @bump()
; LOWER: %[[A:.*]] = call i8 addrspace(1)* @__smcp_implicit_arg(i32 1, i8* getelementptr {{.*}} @[[COUNTER:implicit_arg.payload[.0-9]*]]
; LOWER: bitcast i8 addrspace(1)* %[[A]] to %dg.int addrspace(1)*
; LOWER: addrspacecast
; LOWER: getelementptr %dg.int, %dg.int addrspace(4)*

define internal i16 @pick(i1 %c) alwaysinline {
entry:
  br i1 %c, label %second, label %done
second:
  br label %done
done:
  %p = phi i16 addrspace(1)* [ getelementptr (%dg.arr, %dg.arr addrspace(1)* @pfx____ZL3arr, i64 0, i32 0, i64 0), %entry ], [ getelementptr (%dg.arr, %dg.arr addrspace(1)* @pfx____ZL3arr, i64 0, i32 0, i64 1), %second ]
  %v = load i16, i16 addrspace(1)* %p
  ret i16 %v
}
; LOWER-LABEL: define internal i16 @pick(i1 %c)
; LOWER: entry:
; LOWER: call i8 addrspace(1)* @__smcp_implicit_arg(i32 1, i8* getelementptr {{.*}} @[[ARR:implicit_arg.payload[.0-9]*]]
; LOWER: second:
; LOWER: call i8 addrspace(1)* @__smcp_implicit_arg(i32 1, i8* getelementptr {{.*}} @[[ARR2:implicit_arg.payload[.0-9]*]]
; LOWER: phi i16 addrspace(1)*

define spir_kernel void @both(i32 addrspace(1)* %out, i1 %c) #0 {
  call void @bump()
  %v = call i16 @pick(i1 %c)
  %w = zext i16 %v to i32
  store i32 %w, i32 addrspace(1)* %out
  ret void
}
define spir_kernel void @only_counter() #0 {
  call void @bump()
  ret void
}
define spir_kernel void @none(i32 addrspace(1)* %out) #0 {
  store i32 1, i32 addrspace(1)* %out
  ret void
}
attributes #0 = { "smcp-kernel" }

; LOWER: declare i8 addrspace(1)* @__smcp_implicit_arg(i32, i8*) #[[MARKER:[0-9]+]]
; LOWER: attributes #[[MARKER]] = { nounwind readnone willreturn }
; LOWER: !smcp.device_globals = !{![[C:[0-9]+]], ![[R:[0-9]+]]}
; LOWER: ![[C]] = !{!"counter", i64 4, i1 false, !"07000000"}
; LOWER: ![[R]] = !{!"pfx____ZL3arr", i64 4, i1 true, !"01000201"}

; PARAMS-NOT: __smcp_implicit_arg
; PARAMS-DAG: define spir_kernel void @both(i32 addrspace(1)* %out, i1 %c, i8 addrspace(1)* %device_global, i8 addrspace(1)* %device_global1)
; PARAMS-DAG: define spir_kernel void @only_counter(i8 addrspace(1)* %device_global)
; PARAMS-DAG: define spir_kernel void @none(i32 addrspace(1)* %out)
; PARAMS-NOT: __smcp_implicit_arg
; PARAMS: !smcp.implicit_args = !{![[B:[0-9]+]], ![[O:[0-9]+]]}
; PARAMS: ![[B]] = !{!"both", i32 1, !"counter", i32 1, !"pfx____ZL3arr"}
; PARAMS: ![[O]] = !{!"only_counter", i32 1, !"counter"}
