; The kernel-wrapper pass turns each "smcp.kernel" annotation into a kernel
; with the ABI's parameters: a global pointer for a USM pointer (cast to the
; generic address space when stored into the functor), an integer for a
; 4-byte field, a byval struct of a byte array for a 12-byte struct. Other annotations stay.
; Each field is stored at its alignment inside the functor; the byval
; parameter claims that alignment only on nvptx64, where PTX declares it.
; The kernel keeps the annotation's text as !smcp.kernel_params, which
; smcp-post-link puts in the image for the runtime.
; RUN: %opt_smcp -passes=smcp-kernel-wrapper -S %s | FileCheck %s
; RUN: sed 's/spir64-unknown-unknown/nvptx64-nvidia-cuda/' %s \
; RUN:   | %opt_smcp -passes=smcp-kernel-wrapper -S | FileCheck %s --check-prefix=PTX

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%functor = type { i32 addrspace(4)*, i32, [3 x i32] }

@.str = private unnamed_addr constant [47 x i8] c"smcp.kernel _ZTS6Kernel 32 3:8:0 1:4:8 1:12:12\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [9 x i8] c"file.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [14 x i8] c"sycl_external\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { i8*, i8*, i8*, i32, i8* }] [{ i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (%functor*)* @entry to i8*), i8* getelementptr inbounds ([47 x i8], [47 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([9 x i8], [9 x i8]* @.str.1, i32 0, i32 0), i32 1, i8* null }, { i8*, i8*, i8*, i32, i8* } { i8* bitcast (i32 (i32)* @ext to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.2, i32 0, i32 0), i8* getelementptr inbounds ([9 x i8], [9 x i8]* @.str.1, i32 0, i32 0), i32 2, i8* null }], section "llvm.metadata"

define internal spir_func void @entry(%functor* byval(%functor) align 8 %f) #0 {
  ret void
}

define spir_func i32 @ext(i32 %x) {
  ret i32 %x
}

attributes #0 = { noinline optnone }

; CHECK: @llvm.global.annotations = appending global [1 x
; CHECK-SAME: @ext
; CHECK: define internal spir_func void @entry(%functor* byval(%functor) align 8 %f) {
; CHECK-LABEL: define spir_kernel void @_ZTS6Kernel(i8 addrspace(1)* %0, i32 %1, { [12 x i8] }* byval({ [12 x i8] }) %2)
; CHECK-SAME: !smcp.kernel_params ![[PARAMS:[0-9]+]]
; CHECK: %functor = alloca %functor, align 8
; CHECK: %[[BYTES:.*]] = bitcast %functor* %functor to i8*
; CHECK: %[[GENERIC:.*]] = addrspacecast i8 addrspace(1)* %0 to i8 addrspace(4)*
; CHECK: store i8 addrspace(4)* %[[GENERIC]], i8 addrspace(4)** %{{.*}}, align 8
; CHECK: %[[AT8:.*]] = getelementptr inbounds i8, i8* %[[BYTES]], i64 8
; CHECK: store i32 %1, i32* %{{.*}}, align 8
; CHECK: %[[AT12:.*]] = getelementptr inbounds i8, i8* %[[BYTES]], i64 12
; CHECK: call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %[[AT12]], i8* align 1 %{{.*}}, i64 12, i1 false)
; CHECK: call spir_func void @entry(%functor* byval(%functor) %functor)
; CHECK: attributes #{{[0-9]+}} = { "smcp-kernel" }
; CHECK: ![[PARAMS]] = !{!"smcp.kernel _ZTS6Kernel 32 3:8:0 1:4:8 1:12:12"}

; PTX-LABEL: define void @_ZTS6Kernel(i8 addrspace(1)* %0, i32 %1, { [12 x i8] }* byval({ [12 x i8] }) align 4 %2)
; PTX: call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %{{.*}}, i8* align 4 %{{.*}}, i64 12, i1 false)
