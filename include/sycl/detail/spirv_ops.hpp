// SPIR-V operations device code calls directly, in the "SPIR-V friendly IR"
// form SPIRV-LLVM-Translator turns into instructions (OpControlBarrier,
// OpAtomicIAdd, ...). Declared for the device compile only; a target without
// SPIR-V lowers the same names itself.
#pragma once

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_SPIRV_OP extern __attribute__((nothrow))

SMCP_SPIRV_OP void __spirv_ControlBarrier(int Execution, int Memory, int Semantics);
SMCP_SPIRV_OP void __spirv_MemoryBarrier(int Memory, int Semantics);

#define SMCP_SPIRV_ATOMICS(T)                                                                      \
  SMCP_SPIRV_OP T __spirv_AtomicLoad(T *, int, int);                                               \
  SMCP_SPIRV_OP void __spirv_AtomicStore(T *, int, int, T);                                        \
  SMCP_SPIRV_OP T __spirv_AtomicExchange(T *, int, int, T);                                        \
  SMCP_SPIRV_OP T __spirv_AtomicCompareExchange(T *, int, int, int, T, T);                         \
  SMCP_SPIRV_OP T __spirv_AtomicIAdd(T *, int, int, T);                                            \
  SMCP_SPIRV_OP T __spirv_AtomicISub(T *, int, int, T);                                            \
  SMCP_SPIRV_OP T __spirv_AtomicAnd(T *, int, int, T);                                             \
  SMCP_SPIRV_OP T __spirv_AtomicOr(T *, int, int, T);                                              \
  SMCP_SPIRV_OP T __spirv_AtomicXor(T *, int, int, T);
SMCP_SPIRV_ATOMICS(int)
SMCP_SPIRV_ATOMICS(unsigned int)
SMCP_SPIRV_ATOMICS(long)
SMCP_SPIRV_ATOMICS(unsigned long)
SMCP_SPIRV_ATOMICS(long long)
SMCP_SPIRV_ATOMICS(unsigned long long)
#undef SMCP_SPIRV_ATOMICS

SMCP_SPIRV_OP int __spirv_AtomicSMin(int *, int, int, int);
SMCP_SPIRV_OP int __spirv_AtomicSMax(int *, int, int, int);
SMCP_SPIRV_OP long __spirv_AtomicSMin(long *, int, int, long);
SMCP_SPIRV_OP long __spirv_AtomicSMax(long *, int, int, long);
SMCP_SPIRV_OP long long __spirv_AtomicSMin(long long *, int, int, long long);
SMCP_SPIRV_OP long long __spirv_AtomicSMax(long long *, int, int, long long);
SMCP_SPIRV_OP unsigned int __spirv_AtomicUMin(unsigned int *, int, int, unsigned int);
SMCP_SPIRV_OP unsigned int __spirv_AtomicUMax(unsigned int *, int, int, unsigned int);
SMCP_SPIRV_OP unsigned long __spirv_AtomicUMin(unsigned long *, int, int, unsigned long);
SMCP_SPIRV_OP unsigned long __spirv_AtomicUMax(unsigned long *, int, int, unsigned long);
SMCP_SPIRV_OP unsigned long long __spirv_AtomicUMin(unsigned long long *, int, int,
                                                    unsigned long long);
SMCP_SPIRV_OP unsigned long long __spirv_AtomicUMax(unsigned long long *, int, int,
                                                    unsigned long long);
#undef SMCP_SPIRV_OP
#endif
