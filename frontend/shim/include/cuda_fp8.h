// cuda_fp8.h: CUDA's 8-bit float types (__nv_fp8_e4m3, __nv_fp8_e5m2, the x2
// and x4 packs), their storage typedefs and the __nv_cvt_* conversions.
// Layout as in CUDA: __nv_fp8_e4m3 holds __nv_fp8_storage_t __x (size 1,
// align 1); x2 holds __nv_fp8x2_storage_t (size 2, align 2); x4 holds
// __nv_fp8x4_storage_t (size 4, align 4). __CUDA_NO_FP8_CONVERSIONS__ removes
// the implicit conversions as in CUDA. Declarations only.
#ifndef __CUDAVET_CUDA_FP8_H__
#define __CUDAVET_CUDA_FP8_H__
#include "cuda_fp16.h"
#include "cuda_bf16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

enum cudaRoundMode {
  cudaRoundNearest,
  cudaRoundZero,
  cudaRoundPosInf,
  cudaRoundMinInf
};

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2
} __nv_fp8_interpretation_t;

// ---- conversions to and from fp8 storage ----
__CUDAVET_HD __nv_fp8_storage_t __nv_cvt_double_to_fp8(
    double x, __nv_saturation_t saturate, __nv_fp8_interpretation_t interp);
__CUDAVET_HD __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(
    double2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t interp);
__CUDAVET_HD __nv_fp8_storage_t __nv_cvt_float_to_fp8(
    float x, __nv_saturation_t saturate, __nv_fp8_interpretation_t interp);
__CUDAVET_HD __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(
    float2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t interp);
__CUDAVET_HD __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(
    __half_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t interp);
__CUDAVET_HD __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(
    __half2_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t interp);
__CUDAVET_HD __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    __nv_bfloat16_raw x, __nv_saturation_t saturate,
    __nv_fp8_interpretation_t interp);
__CUDAVET_HD __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(
    __nv_bfloat162_raw x, __nv_saturation_t saturate,
    __nv_fp8_interpretation_t interp);
__CUDAVET_HD __half_raw __nv_cvt_fp8_to_halfraw(
    __nv_fp8_storage_t x, __nv_fp8_interpretation_t interp);
__CUDAVET_HD __half2_raw __nv_cvt_fp8x2_to_halfraw2(
    __nv_fp8x2_storage_t x, __nv_fp8_interpretation_t interp);

// __nv_fp8_e4m3: one fp8 value (E4M3).
struct __align__(1) __nv_fp8_e4m3 {
  __nv_fp8_storage_t __x;

  __nv_fp8_e4m3() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __CUDAVET_HD explicit __nv_fp8_e4m3(const __half f);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const __nv_bfloat16 f);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const float f);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const double f);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const unsigned short v);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const unsigned int v);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const unsigned long v);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const unsigned long long v);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const short v);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const int v);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const long v);
  __CUDAVET_HD explicit __nv_fp8_e4m3(const long long v);
  __CUDAVET_HD explicit operator __half() const;
  __CUDAVET_HD explicit operator __nv_bfloat16() const;
  __CUDAVET_HD explicit operator float() const;
  __CUDAVET_HD explicit operator double() const;
  __CUDAVET_HD explicit operator unsigned char() const;
  __CUDAVET_HD explicit operator signed char() const;
  __CUDAVET_HD explicit operator char() const;
  __CUDAVET_HD explicit operator unsigned short() const;
  __CUDAVET_HD explicit operator unsigned int() const;
  __CUDAVET_HD explicit operator unsigned long() const;
  __CUDAVET_HD explicit operator unsigned long long() const;
  __CUDAVET_HD explicit operator short() const;
  __CUDAVET_HD explicit operator int() const;
  __CUDAVET_HD explicit operator long() const;
  __CUDAVET_HD explicit operator long long() const;
  __CUDAVET_HD explicit operator bool() const;
#endif
};

// __nv_fp8_e4m3x2 packs: two values, x2 storage.
struct __align__(2) __nv_fp8x2_e4m3 {
  __nv_fp8x2_storage_t __x;

  __nv_fp8x2_e4m3() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __CUDAVET_HD explicit __nv_fp8x2_e4m3(const __half2 f);
  __CUDAVET_HD explicit __nv_fp8x2_e4m3(const __nv_bfloat162 f);
  __CUDAVET_HD explicit __nv_fp8x2_e4m3(const float2 f);
  __CUDAVET_HD explicit __nv_fp8x2_e4m3(const double2 f);
  __CUDAVET_HD explicit operator __half2() const;
  __CUDAVET_HD explicit operator float2() const;
#endif
};

// __nv_fp8_e4m3x4 packs: four values, x4 storage.
struct __align__(4) __nv_fp8x4_e4m3 {
  __nv_fp8x4_storage_t __x;

  __nv_fp8x4_e4m3() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __CUDAVET_HD explicit __nv_fp8x4_e4m3(const __half2 flo, const __half2 fhi);
  __CUDAVET_HD explicit __nv_fp8x4_e4m3(const __nv_bfloat162 flo,
                                 const __nv_bfloat162 fhi);
  __CUDAVET_HD explicit __nv_fp8x4_e4m3(const float4 f);
  __CUDAVET_HD explicit __nv_fp8x4_e4m3(const double4 f);
  __CUDAVET_HD explicit operator float4() const;
#endif
};

// __nv_fp8_e5m2: one fp8 value (E5M2).
struct __align__(1) __nv_fp8_e5m2 {
  __nv_fp8_storage_t __x;

  __nv_fp8_e5m2() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __CUDAVET_HD explicit __nv_fp8_e5m2(const __half f);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const __nv_bfloat16 f);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const float f);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const double f);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const unsigned short v);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const unsigned int v);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const unsigned long v);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const unsigned long long v);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const short v);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const int v);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const long v);
  __CUDAVET_HD explicit __nv_fp8_e5m2(const long long v);
  __CUDAVET_HD explicit operator __half() const;
  __CUDAVET_HD explicit operator __nv_bfloat16() const;
  __CUDAVET_HD explicit operator float() const;
  __CUDAVET_HD explicit operator double() const;
  __CUDAVET_HD explicit operator unsigned char() const;
  __CUDAVET_HD explicit operator signed char() const;
  __CUDAVET_HD explicit operator char() const;
  __CUDAVET_HD explicit operator unsigned short() const;
  __CUDAVET_HD explicit operator unsigned int() const;
  __CUDAVET_HD explicit operator unsigned long() const;
  __CUDAVET_HD explicit operator unsigned long long() const;
  __CUDAVET_HD explicit operator short() const;
  __CUDAVET_HD explicit operator int() const;
  __CUDAVET_HD explicit operator long() const;
  __CUDAVET_HD explicit operator long long() const;
  __CUDAVET_HD explicit operator bool() const;
#endif
};

// __nv_fp8_e5m2x2 packs: two values, x2 storage.
struct __align__(2) __nv_fp8x2_e5m2 {
  __nv_fp8x2_storage_t __x;

  __nv_fp8x2_e5m2() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __CUDAVET_HD explicit __nv_fp8x2_e5m2(const __half2 f);
  __CUDAVET_HD explicit __nv_fp8x2_e5m2(const __nv_bfloat162 f);
  __CUDAVET_HD explicit __nv_fp8x2_e5m2(const float2 f);
  __CUDAVET_HD explicit __nv_fp8x2_e5m2(const double2 f);
  __CUDAVET_HD explicit operator __half2() const;
  __CUDAVET_HD explicit operator float2() const;
#endif
};

// __nv_fp8_e5m2x4 packs: four values, x4 storage.
struct __align__(4) __nv_fp8x4_e5m2 {
  __nv_fp8x4_storage_t __x;

  __nv_fp8x4_e5m2() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __CUDAVET_HD explicit __nv_fp8x4_e5m2(const __half2 flo, const __half2 fhi);
  __CUDAVET_HD explicit __nv_fp8x4_e5m2(const __nv_bfloat162 flo,
                                 const __nv_bfloat162 fhi);
  __CUDAVET_HD explicit __nv_fp8x4_e5m2(const float4 f);
  __CUDAVET_HD explicit __nv_fp8x4_e5m2(const double4 f);
  __CUDAVET_HD explicit operator float4() const;
#endif
};

// __nv_fp8_e8m0: an 8-bit power-of-two scale (CUDA 12.8; MX formats'
// block scales), and its x2 pack.
struct __align__(1) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;

  __nv_fp8_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __CUDAVET_HD explicit __nv_fp8_e8m0(const float f);
  __CUDAVET_HD explicit __nv_fp8_e8m0(const double f);
  __CUDAVET_HD explicit __nv_fp8_e8m0(const __nv_bfloat16 f);
  __CUDAVET_HD explicit operator float() const;
  __CUDAVET_HD explicit operator double() const;
  __CUDAVET_HD explicit operator __nv_bfloat16() const;
#endif
};
struct __align__(2) __nv_fp8x2_e8m0 {
  __nv_fp8x2_storage_t __x;

  __nv_fp8x2_e8m0() = default;
};
__CUDAVET_HD __nv_fp8_storage_t __nv_cvt_float_to_e8m0(float x, __nv_saturation_t saturate,
                                                       enum cudaRoundMode rounding);
__CUDAVET_HD __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(__nv_fp8_storage_t x);

typedef __nv_fp8_e4m3 nv_fp8_e4m3;
typedef __nv_fp8_e5m2 nv_fp8_e5m2;
typedef __nv_fp8_e8m0 nv_fp8_e8m0;

#endif  // __CUDAVET_CUDA_FP8_H__
