// cuda_check.h - the CUDA baselines stop at the first failing call, naming it.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t Err_ = (call);                                                                     \
    if (Err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(Err_)); \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

#define CHECK_CU(call)                                                                             \
  do {                                                                                             \
    CUresult Err_ = (call);                                                                        \
    if (Err_ != CUDA_SUCCESS) {                                                                    \
      const char *Name_ = "?";                                                                     \
      cuGetErrorName(Err_, &Name_);                                                                \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, Name_);                   \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)
