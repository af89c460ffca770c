// cuda_fp4.h: CUDA 12.8's 4-bit float (E2M1) storage types, packs and
// conversions. Layout as in CUDA: __nv_fp4_e2m1 and __nv_fp4x2_e2m1 are one
// byte, __nv_fp4x4_e2m1 two bytes. Declarations only.
#ifndef __CUDAVET_CUDA_FP4_H__
#define __CUDAVET_CUDA_FP4_H__
#include "cuda_fp8.h"

typedef unsigned char __nv_fp4_storage_t;
typedef unsigned char __nv_fp4x2_storage_t;
typedef unsigned short int __nv_fp4x4_storage_t;

typedef enum __nv_fp4_interpretation_t { __NV_E2M1 } __nv_fp4_interpretation_t;

// enum cudaRoundMode comes from cuda_fp8.h (the e8m0 conversions use it).

__CUDAVET_HD __nv_fp4_storage_t __nv_cvt_float_to_fp4(
    float x, __nv_fp4_interpretation_t interp, enum cudaRoundMode rounding);
__CUDAVET_HD __nv_fp4x2_storage_t __nv_cvt_float2_to_fp4x2(
    float2 x, __nv_fp4_interpretation_t interp, enum cudaRoundMode rounding);
__CUDAVET_HD __nv_fp4_storage_t __nv_cvt_halfraw_to_fp4(
    __half_raw x, __nv_fp4_interpretation_t interp, enum cudaRoundMode rounding);
__CUDAVET_HD __nv_fp4x2_storage_t __nv_cvt_halfraw2_to_fp4x2(
    __half2_raw x, __nv_fp4_interpretation_t interp, enum cudaRoundMode rounding);
__CUDAVET_HD __half_raw __nv_cvt_fp4_to_halfraw(
    __nv_fp4_storage_t x, __nv_fp4_interpretation_t interp);
__CUDAVET_HD __half2_raw __nv_cvt_fp4x2_to_halfraw2(
    __nv_fp4x2_storage_t x, __nv_fp4_interpretation_t interp);

// __nv_fp4_e2m1: one E2M1 value in the low nibble of a byte.
struct __align__(1) __nv_fp4_e2m1 {
  __nv_fp4_storage_t __x;
  __nv_fp4_e2m1() = default;
  __CUDAVET_HD explicit __nv_fp4_e2m1(const float f);
  __CUDAVET_HD explicit __nv_fp4_e2m1(const __half f);
  __CUDAVET_HD explicit operator float() const;
  __CUDAVET_HD explicit operator __half() const;
};

// __nv_fp4x2_e2m1: two E2M1 values in one byte.
struct __align__(1) __nv_fp4x2_e2m1 {
  __nv_fp4x2_storage_t __x;
  __nv_fp4x2_e2m1() = default;
  __CUDAVET_HD explicit __nv_fp4x2_e2m1(const float2 f);
  __CUDAVET_HD explicit __nv_fp4x2_e2m1(const __half2 f);
  __CUDAVET_HD explicit operator float2() const;
  __CUDAVET_HD explicit operator __half2() const;
};

// __nv_fp4x4_e2m1: four E2M1 values in two bytes.
struct __align__(2) __nv_fp4x4_e2m1 {
  __nv_fp4x4_storage_t __x;
  __nv_fp4x4_e2m1() = default;
  __CUDAVET_HD explicit __nv_fp4x4_e2m1(const float4 f);
  __CUDAVET_HD explicit __nv_fp4x4_e2m1(const __half2 lo, const __half2 hi);
  __CUDAVET_HD explicit operator float4() const;
};

#endif  // __CUDAVET_CUDA_FP4_H__
