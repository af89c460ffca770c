// cuda_bf16.h: CUDA's bfloat16 types and intrinsics. __nv_bfloat16 and
// __nv_bfloat162 are structs with CUDA's layout (__nv_bfloat16: unsigned short
// __x, size 2, align 2; __nv_bfloat162: __nv_bfloat16 x, y, size 4, align 4).
// Conversions and operators are compiled out by
// __CUDA_NO_BFLOAT16_CONVERSIONS__, __CUDA_NO_BFLOAT16_OPERATORS__ and
// __CUDA_NO_BFLOAT162_OPERATORS__ as in CUDA. The generic intrinsics (__hadd,
// __hmul2, hexp, __shfl_xor_sync, atomicAdd, ...) are overloads of the
// cuda_fp16.h ones. Every function is __host__ __device__; declarations only.
#ifndef __CUDAVET_CUDA_BF16_H__
#define __CUDAVET_CUDA_BF16_H__
#include "cudavet_shim.h"
#include "cuda_fp16.h"

#ifndef __CUDAVET_HD
#define __CUDAVET_HD __host__ __device__
#endif

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;  // the IEEE bits; CUDA makes this member protected

  __nv_bfloat16() = default;
  // Assigning a raw value goes through this constructor; CUDA's extra
  // operator=(raw) is left out so that `h = {}` is not ambiguous for clang.
  __CUDAVET_HD constexpr __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __CUDAVET_HD operator __nv_bfloat16_raw() const;
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __CUDAVET_HD __nv_bfloat16(float f);
  __CUDAVET_HD __nv_bfloat16(double f);
  __CUDAVET_HD __nv_bfloat16(short v);
  __CUDAVET_HD __nv_bfloat16(unsigned short v);
  __CUDAVET_HD __nv_bfloat16(int v);
  __CUDAVET_HD __nv_bfloat16(unsigned int v);
  __CUDAVET_HD __nv_bfloat16(long v);
  __CUDAVET_HD __nv_bfloat16(unsigned long v);
  __CUDAVET_HD __nv_bfloat16(long long v);
  __CUDAVET_HD __nv_bfloat16(unsigned long long v);
  __CUDAVET_HD operator float() const;
  __CUDAVET_HD __nv_bfloat16 &operator=(float f);
  __CUDAVET_HD __nv_bfloat16 &operator=(double f);
#endif
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;

  __nv_bfloat162() = default;
  __CUDAVET_HD constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __CUDAVET_HD constexpr __nv_bfloat162(const __nv_bfloat162_raw &r) : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
  __CUDAVET_HD operator __nv_bfloat162_raw() const;
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

// ---- conversions ----
__CUDAVET_HD __nv_bfloat16 __float2bfloat16(float a);
__CUDAVET_HD __nv_bfloat16 __float2bfloat16_rn(float a);
__CUDAVET_HD __nv_bfloat16 __float2bfloat16_rz(float a);
__CUDAVET_HD __nv_bfloat16 __float2bfloat16_rd(float a);
__CUDAVET_HD __nv_bfloat16 __float2bfloat16_ru(float a);
__CUDAVET_HD __nv_bfloat16 __double2bfloat16(double a);
__CUDAVET_HD float __bfloat162float(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat162 __float2bfloat162_rn(float a);
__CUDAVET_HD __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__CUDAVET_HD __nv_bfloat162 __float22bfloat162_rn(float2 a);
__CUDAVET_HD float2 __bfloat1622float2(__nv_bfloat162 a);
__CUDAVET_HD float __low2float(__nv_bfloat162 a);
__CUDAVET_HD float __high2float(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y);
__CUDAVET_HD short __bfloat16_as_short(__nv_bfloat16 h);
__CUDAVET_HD unsigned short __bfloat16_as_ushort(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __short_as_bfloat16(short i);
__CUDAVET_HD __nv_bfloat16 __ushort_as_bfloat16(unsigned short i);
__CUDAVET_HD signed char __bfloat162char_rz(__nv_bfloat16 h);
__CUDAVET_HD unsigned char __bfloat162uchar_rz(__nv_bfloat16 h);
__CUDAVET_HD int __bfloat162int_rn(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __int2bfloat16_rn(int i);
__CUDAVET_HD int __bfloat162int_rz(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __int2bfloat16_rz(int i);
__CUDAVET_HD int __bfloat162int_rd(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __int2bfloat16_rd(int i);
__CUDAVET_HD int __bfloat162int_ru(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __int2bfloat16_ru(int i);
__CUDAVET_HD unsigned int __bfloat162uint_rn(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __uint2bfloat16_rn(unsigned int i);
__CUDAVET_HD unsigned int __bfloat162uint_rz(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __uint2bfloat16_rz(unsigned int i);
__CUDAVET_HD unsigned int __bfloat162uint_rd(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __uint2bfloat16_rd(unsigned int i);
__CUDAVET_HD unsigned int __bfloat162uint_ru(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __uint2bfloat16_ru(unsigned int i);
__CUDAVET_HD short __bfloat162short_rn(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __short2bfloat16_rn(short i);
__CUDAVET_HD short __bfloat162short_rz(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __short2bfloat16_rz(short i);
__CUDAVET_HD short __bfloat162short_rd(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __short2bfloat16_rd(short i);
__CUDAVET_HD short __bfloat162short_ru(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __short2bfloat16_ru(short i);
__CUDAVET_HD unsigned short __bfloat162ushort_rn(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ushort2bfloat16_rn(unsigned short i);
__CUDAVET_HD unsigned short __bfloat162ushort_rz(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ushort2bfloat16_rz(unsigned short i);
__CUDAVET_HD unsigned short __bfloat162ushort_rd(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ushort2bfloat16_rd(unsigned short i);
__CUDAVET_HD unsigned short __bfloat162ushort_ru(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ushort2bfloat16_ru(unsigned short i);
__CUDAVET_HD long long __bfloat162ll_rn(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ll2bfloat16_rn(long long i);
__CUDAVET_HD long long __bfloat162ll_rz(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ll2bfloat16_rz(long long i);
__CUDAVET_HD long long __bfloat162ll_rd(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ll2bfloat16_rd(long long i);
__CUDAVET_HD long long __bfloat162ll_ru(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ll2bfloat16_ru(long long i);
__CUDAVET_HD unsigned long long __bfloat162ull_rn(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ull2bfloat16_rn(unsigned long long i);
__CUDAVET_HD unsigned long long __bfloat162ull_rz(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ull2bfloat16_rz(unsigned long long i);
__CUDAVET_HD unsigned long long __bfloat162ull_rd(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ull2bfloat16_rd(unsigned long long i);
__CUDAVET_HD unsigned long long __bfloat162ull_ru(__nv_bfloat16 h);
__CUDAVET_HD __nv_bfloat16 __ull2bfloat16_ru(unsigned long long i);

// ---- arithmetic (generic names, overloaded per type) ----
__CUDAVET_HD __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hadd_sat(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hsub_sat(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hmul_sat(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__CUDAVET_HD __nv_bfloat16 __hfma_sat(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__CUDAVET_HD __nv_bfloat16 __hfma_relu(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__CUDAVET_HD __nv_bfloat16 __hneg(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 __habs(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hadd2_sat(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hsub2_sat(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hmul2_sat(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hadd2_rn(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hsub2_rn(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hmul2_rn(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hmax2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hmin2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hmax2_nan(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hmin2_nan(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__CUDAVET_HD __nv_bfloat162 __hfma2_sat(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__CUDAVET_HD __nv_bfloat162 __hfma2_relu(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__CUDAVET_HD __nv_bfloat162 __hcmadd(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__CUDAVET_HD __nv_bfloat162 __hneg2(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 __habs2(__nv_bfloat162 a);

// ---- comparisons ----
__CUDAVET_HD bool __heq(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hne(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hle(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hge(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hequ(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hneu(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hleu(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hgeu(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hltu(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hgtu(__nv_bfloat16 a, __nv_bfloat16 b);
__CUDAVET_HD bool __hisnan(__nv_bfloat16 a);
__CUDAVET_HD int __hisinf(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat162 __heq2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hne2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hle2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hge2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hlt2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hgt2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hequ2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hneu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hleu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hgeu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hltu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hgtu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbeq2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbne2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hble2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbge2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hblt2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbgt2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbequ2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbneu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbleu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbgeu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbltu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD bool __hbgtu2(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD unsigned int __heq2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD unsigned int __hne2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD unsigned int __hle2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD unsigned int __hge2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD unsigned int __hlt2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD unsigned int __hgt2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__CUDAVET_HD __nv_bfloat162 __hisnan2(__nv_bfloat162 a);

// ---- math ----
__CUDAVET_HD __nv_bfloat16 hsqrt(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hrsqrt(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hrcp(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hlog(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hlog2(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hlog10(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hexp(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hexp2(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hexp10(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hcos(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hsin(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 htanh(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 htanh_approx(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hceil(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hfloor(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 htrunc(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat16 hrint(__nv_bfloat16 a);
__CUDAVET_HD __nv_bfloat162 h2sqrt(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2rsqrt(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2rcp(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2log(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2log2(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2log10(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2exp(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2exp2(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2exp10(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2cos(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2sin(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2tanh(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2tanh_approx(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2ceil(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2floor(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2trunc(__nv_bfloat162 a);
__CUDAVET_HD __nv_bfloat162 h2rint(__nv_bfloat162 a);

// ---- warp shuffles, cache-hinted loads/stores, atomics (device only) ----
#define __CUDAVET_SHFL_16(T)                                                   \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane,              \
                           int width = 32);                                    \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,    \
                              int width = 32);                                 \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,  \
                                int width = 32);                               \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask,         \
                               int width = 32);                                \
  __device__ T __shfl(T var, int srcLane, int width = 32);                     \
  __device__ T __shfl_up(T var, unsigned int delta, int width = 32);           \
  __device__ T __shfl_down(T var, unsigned int delta, int width = 32);         \
  __device__ T __shfl_xor(T var, int laneMask, int width = 32);                \
  __device__ T __ldg(const T *ptr);                                            \
  __device__ T __ldcg(const T *ptr);                                           \
  __device__ T __ldca(const T *ptr);                                           \
  __device__ T __ldcs(const T *ptr);                                           \
  __device__ T __ldlu(const T *ptr);                                           \
  __device__ T __ldcv(const T *ptr);                                           \
  __device__ void __stwb(T *ptr, T value);                                     \
  __device__ void __stcg(T *ptr, T value);                                     \
  __device__ void __stcs(T *ptr, T value);                                     \
  __device__ void __stwt(T *ptr, T value);                                     \
  __device__ T atomicAdd(T *address, T val);                                   \
  __device__ T atomicAdd_block(T *address, T val);                             \
  __device__ T atomicAdd_system(T *address, T val);
__CUDAVET_SHFL_16(__nv_bfloat16)
__CUDAVET_SHFL_16(__nv_bfloat162)
#undef __CUDAVET_SHFL_16

#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
// ---- __nv_bfloat16 operators ----
__CUDAVET_HD __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD __nv_bfloat16 &operator++(__nv_bfloat16 &h);
__CUDAVET_HD __nv_bfloat16 &operator--(__nv_bfloat16 &h);
__CUDAVET_HD __nv_bfloat16 operator++(__nv_bfloat16 &h, int);
__CUDAVET_HD __nv_bfloat16 operator--(__nv_bfloat16 &h, int);
__CUDAVET_HD __nv_bfloat16 operator+(const __nv_bfloat16 &h);
__CUDAVET_HD __nv_bfloat16 operator-(const __nv_bfloat16 &h);
__CUDAVET_HD bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__CUDAVET_HD bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
// ---- __nv_bfloat162 operators (comparisons hold for both lanes) ----
__CUDAVET_HD __nv_bfloat162 operator+(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 operator-(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 operator/(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 &operator+=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 &operator-=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 &operator*=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 &operator/=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD __nv_bfloat162 &operator++(__nv_bfloat162 &h);
__CUDAVET_HD __nv_bfloat162 &operator--(__nv_bfloat162 &h);
__CUDAVET_HD __nv_bfloat162 operator++(__nv_bfloat162 &h, int);
__CUDAVET_HD __nv_bfloat162 operator--(__nv_bfloat162 &h, int);
__CUDAVET_HD __nv_bfloat162 operator+(const __nv_bfloat162 &h);
__CUDAVET_HD __nv_bfloat162 operator-(const __nv_bfloat162 &h);
__CUDAVET_HD bool operator==(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD bool operator!=(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD bool operator>(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD bool operator<(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD bool operator>=(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__CUDAVET_HD bool operator<=(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
#endif

#endif  // __CUDAVET_CUDA_BF16_H__
