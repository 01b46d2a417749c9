; Two different kernels under one name (each TU's kernel name type names its
; own lambda, whose internal entry the device link renamed) stay an error.
; RUN: not %opt_smcp -passes=smcp-kernel-wrapper -disable-output %s 2>&1 | FileCheck %s

target triple = "spir64-unknown-unknown"

%functor = type { i32 addrspace(4)* }

@.str = private unnamed_addr constant [30 x i8] c"smcp.kernel _ZTS4Same 8 3:8:0\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"a.cpp\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { i8*, i8*, i8*, i32, i8* }] [{ i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (%functor*)* @entry to i8*), i8* getelementptr inbounds ([30 x i8], [30 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1, i32 0, i32 0), i32 1, i8* null }, { i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (%functor*)* @entry.1 to i8*), i8* getelementptr inbounds ([30 x i8], [30 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1, i32 0, i32 0), i32 1, i8* null }], section "llvm.metadata"

define internal spir_func void @entry(%functor* byval(%functor) align 8 %f) {
  ret void
}

define internal spir_func void @entry.1(%functor* byval(%functor) align 8 %f) {
  ret void
}

; CHECK: error: two different kernels are named '_ZTS4Same' (translation units define different kernels under one kernel name type)
