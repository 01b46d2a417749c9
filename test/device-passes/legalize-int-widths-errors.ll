; What the legalisation cannot rewrite is an error naming the instruction.
; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt_smcp -passes=smcp-legalize-int-widths -disable-output %t/vector.ll 2>&1 | FileCheck %s --check-prefix=VECTOR
; RUN: not %opt_smcp -passes=smcp-legalize-int-widths -disable-output %t/wide.ll 2>&1 | FileCheck %s --check-prefix=WIDE
; RUN: not %opt_smcp -passes=smcp-legalize-int-widths -disable-output %t/call.ll 2>&1 | FileCheck %s --check-prefix=CALL

; VECTOR: error: device function 'vector': cannot rewrite '%t = trunc <4 x i8> %v to <4 x i5>' to SPIR-V integer widths: vectors of odd-width integers are not supported
; WIDE: error: device function 'wide': cannot rewrite '%v = load i128, i128 addrspace(1)* %p, align {{[0-9]+}}' to SPIR-V integer widths: integers wider than 64 bits are not supported
; CALL: error: device function 'call': cannot rewrite 'call spir_func void @sink(i24 %t)' to SPIR-V integer widths: calls passing or returning odd-width integers are not supported (device functions are inlined; is one left?)

;--- vector.ll
target triple = "spir64-unknown-unknown"

define spir_func i8 @vector(<4 x i8> %v) {
  %t = trunc <4 x i8> %v to <4 x i5>
  %b = bitcast <4 x i5> %t to i20
  %r = trunc i20 %b to i8
  ret i8 %r
}

;--- wide.ll
target triple = "spir64-unknown-unknown"

define spir_func i64 @wide(i128 addrspace(1)* %p) {
  %v = load i128, i128 addrspace(1)* %p
  %r = trunc i128 %v to i64
  ret i64 %r
}

;--- call.ll
target triple = "spir64-unknown-unknown"

declare spir_func void @sink(i24)

define spir_func void @call(i32 %x) {
  %t = trunc i32 %x to i24
  call spir_func void @sink(i24 %t)
  ret void
}
