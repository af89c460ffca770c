// cuda_fp16.h: CUDA's half-precision types and intrinsics. __half and
// __half2 are structs with CUDA's layout (__half: unsigned short __x, size 2,
// align 2; __half2: __half x, y, size 4, align 4), never typedefs of short, so
// that the analyzer sees 16-bit float semantics. Conversions and operators are
// compiled out by __CUDA_NO_HALF_CONVERSIONS__, __CUDA_NO_HALF_OPERATORS__ and
// __CUDA_NO_HALF2_OPERATORS__ exactly as in CUDA (PyTorch extensions build
// with all three). Every function is __host__ __device__ (CUDA 12.2+ makes
// most of them so); declarations only.
#ifndef __CUDAVET_CUDA_FP16_H__
#define __CUDAVET_CUDA_FP16_H__
#include "cudavet_shim.h"

#ifndef __CUDAVET_HD
#define __CUDAVET_HD __host__ __device__
#endif

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x;
  unsigned short y;
};

struct __align__(2) __half {
  unsigned short __x;  // the IEEE bits; CUDA makes this member protected

  __half() = default;
  // Assigning a raw value goes through this constructor; CUDA's extra
  // operator=(raw) is left out so that `h = {}` is not ambiguous for clang.
  __CUDAVET_HD constexpr __half(const __half_raw &r) : __x(r.x) {}
  __CUDAVET_HD operator __half_raw() const;
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  __CUDAVET_HD __half(float f);
  __CUDAVET_HD __half(double f);
  __CUDAVET_HD __half(short v);
  __CUDAVET_HD __half(unsigned short v);
  __CUDAVET_HD __half(int v);
  __CUDAVET_HD __half(unsigned int v);
  __CUDAVET_HD __half(long v);
  __CUDAVET_HD __half(unsigned long v);
  __CUDAVET_HD __half(long long v);
  __CUDAVET_HD __half(unsigned long long v);
  __CUDAVET_HD operator float() const;
  __CUDAVET_HD __half &operator=(float f);
  __CUDAVET_HD __half &operator=(double f);
#endif
};

struct __align__(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  __CUDAVET_HD constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __CUDAVET_HD constexpr __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  __CUDAVET_HD operator __half2_raw() const;
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

// ---- conversions ----
__CUDAVET_HD __half __float2half(float a);
__CUDAVET_HD __half __float2half_rn(float a);
__CUDAVET_HD __half __float2half_rz(float a);
__CUDAVET_HD __half __float2half_rd(float a);
__CUDAVET_HD __half __float2half_ru(float a);
__CUDAVET_HD __half __double2half(double a);
__CUDAVET_HD float __half2float(__half a);
__CUDAVET_HD __half2 __float2half2_rn(float a);
__CUDAVET_HD __half2 __floats2half2_rn(float a, float b);
__CUDAVET_HD __half2 __float22half2_rn(float2 a);
__CUDAVET_HD float2 __half22float2(__half2 a);
__CUDAVET_HD float __low2float(__half2 a);
__CUDAVET_HD float __high2float(__half2 a);
__CUDAVET_HD __half2 __half2half2(__half a);
__CUDAVET_HD __half2 __halves2half2(__half a, __half b);
__CUDAVET_HD __half __low2half(__half2 a);
__CUDAVET_HD __half __high2half(__half2 a);
__CUDAVET_HD __half2 __low2half2(__half2 a);
__CUDAVET_HD __half2 __high2half2(__half2 a);
__CUDAVET_HD __half2 __lows2half2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __highs2half2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __lowhigh2highlow(__half2 a);
__CUDAVET_HD __half2 make_half2(__half x, __half y);
__CUDAVET_HD short __half_as_short(__half h);
__CUDAVET_HD unsigned short __half_as_ushort(__half h);
__CUDAVET_HD __half __short_as_half(short i);
__CUDAVET_HD __half __ushort_as_half(unsigned short i);
__CUDAVET_HD signed char __half2char_rz(__half h);
__CUDAVET_HD unsigned char __half2uchar_rz(__half h);
__CUDAVET_HD int __half2int_rn(__half h);
__CUDAVET_HD __half __int2half_rn(int i);
__CUDAVET_HD int __half2int_rz(__half h);
__CUDAVET_HD __half __int2half_rz(int i);
__CUDAVET_HD int __half2int_rd(__half h);
__CUDAVET_HD __half __int2half_rd(int i);
__CUDAVET_HD int __half2int_ru(__half h);
__CUDAVET_HD __half __int2half_ru(int i);
__CUDAVET_HD unsigned int __half2uint_rn(__half h);
__CUDAVET_HD __half __uint2half_rn(unsigned int i);
__CUDAVET_HD unsigned int __half2uint_rz(__half h);
__CUDAVET_HD __half __uint2half_rz(unsigned int i);
__CUDAVET_HD unsigned int __half2uint_rd(__half h);
__CUDAVET_HD __half __uint2half_rd(unsigned int i);
__CUDAVET_HD unsigned int __half2uint_ru(__half h);
__CUDAVET_HD __half __uint2half_ru(unsigned int i);
__CUDAVET_HD short __half2short_rn(__half h);
__CUDAVET_HD __half __short2half_rn(short i);
__CUDAVET_HD short __half2short_rz(__half h);
__CUDAVET_HD __half __short2half_rz(short i);
__CUDAVET_HD short __half2short_rd(__half h);
__CUDAVET_HD __half __short2half_rd(short i);
__CUDAVET_HD short __half2short_ru(__half h);
__CUDAVET_HD __half __short2half_ru(short i);
__CUDAVET_HD unsigned short __half2ushort_rn(__half h);
__CUDAVET_HD __half __ushort2half_rn(unsigned short i);
__CUDAVET_HD unsigned short __half2ushort_rz(__half h);
__CUDAVET_HD __half __ushort2half_rz(unsigned short i);
__CUDAVET_HD unsigned short __half2ushort_rd(__half h);
__CUDAVET_HD __half __ushort2half_rd(unsigned short i);
__CUDAVET_HD unsigned short __half2ushort_ru(__half h);
__CUDAVET_HD __half __ushort2half_ru(unsigned short i);
__CUDAVET_HD long long __half2ll_rn(__half h);
__CUDAVET_HD __half __ll2half_rn(long long i);
__CUDAVET_HD long long __half2ll_rz(__half h);
__CUDAVET_HD __half __ll2half_rz(long long i);
__CUDAVET_HD long long __half2ll_rd(__half h);
__CUDAVET_HD __half __ll2half_rd(long long i);
__CUDAVET_HD long long __half2ll_ru(__half h);
__CUDAVET_HD __half __ll2half_ru(long long i);
__CUDAVET_HD unsigned long long __half2ull_rn(__half h);
__CUDAVET_HD __half __ull2half_rn(unsigned long long i);
__CUDAVET_HD unsigned long long __half2ull_rz(__half h);
__CUDAVET_HD __half __ull2half_rz(unsigned long long i);
__CUDAVET_HD unsigned long long __half2ull_rd(__half h);
__CUDAVET_HD __half __ull2half_rd(unsigned long long i);
__CUDAVET_HD unsigned long long __half2ull_ru(__half h);
__CUDAVET_HD __half __ull2half_ru(unsigned long long i);

// ---- arithmetic (generic names, overloaded per type) ----
__CUDAVET_HD __half __hadd(__half a, __half b);
__CUDAVET_HD __half __hsub(__half a, __half b);
__CUDAVET_HD __half __hmul(__half a, __half b);
__CUDAVET_HD __half __hdiv(__half a, __half b);
__CUDAVET_HD __half __hadd_sat(__half a, __half b);
__CUDAVET_HD __half __hsub_sat(__half a, __half b);
__CUDAVET_HD __half __hmul_sat(__half a, __half b);
__CUDAVET_HD __half __hadd_rn(__half a, __half b);
__CUDAVET_HD __half __hsub_rn(__half a, __half b);
__CUDAVET_HD __half __hmul_rn(__half a, __half b);
__CUDAVET_HD __half __hmax(__half a, __half b);
__CUDAVET_HD __half __hmin(__half a, __half b);
__CUDAVET_HD __half __hmax_nan(__half a, __half b);
__CUDAVET_HD __half __hmin_nan(__half a, __half b);
__CUDAVET_HD __half __hfma(__half a, __half b, __half c);
__CUDAVET_HD __half __hfma_sat(__half a, __half b, __half c);
__CUDAVET_HD __half __hfma_relu(__half a, __half b, __half c);
__CUDAVET_HD __half __hneg(__half a);
__CUDAVET_HD __half __habs(__half a);
__CUDAVET_HD __half2 __hadd2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hsub2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hmul2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __h2div(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hadd2_sat(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hsub2_sat(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hmul2_sat(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hadd2_rn(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hsub2_rn(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hmul2_rn(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hmax2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hmin2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hmax2_nan(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hmin2_nan(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__CUDAVET_HD __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c);
__CUDAVET_HD __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c);
__CUDAVET_HD __half2 __hcmadd(__half2 a, __half2 b, __half2 c);
__CUDAVET_HD __half2 __hneg2(__half2 a);
__CUDAVET_HD __half2 __habs2(__half2 a);

// ---- comparisons ----
__CUDAVET_HD bool __heq(__half a, __half b);
__CUDAVET_HD bool __hne(__half a, __half b);
__CUDAVET_HD bool __hle(__half a, __half b);
__CUDAVET_HD bool __hge(__half a, __half b);
__CUDAVET_HD bool __hlt(__half a, __half b);
__CUDAVET_HD bool __hgt(__half a, __half b);
__CUDAVET_HD bool __hequ(__half a, __half b);
__CUDAVET_HD bool __hneu(__half a, __half b);
__CUDAVET_HD bool __hleu(__half a, __half b);
__CUDAVET_HD bool __hgeu(__half a, __half b);
__CUDAVET_HD bool __hltu(__half a, __half b);
__CUDAVET_HD bool __hgtu(__half a, __half b);
__CUDAVET_HD bool __hisnan(__half a);
__CUDAVET_HD int __hisinf(__half a);
__CUDAVET_HD __half2 __heq2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hne2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hle2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hge2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hlt2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hgt2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hequ2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hneu2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hleu2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hgeu2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hltu2(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hgtu2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbeq2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbne2(__half2 a, __half2 b);
__CUDAVET_HD bool __hble2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbge2(__half2 a, __half2 b);
__CUDAVET_HD bool __hblt2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbgt2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbequ2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbneu2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbleu2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbgeu2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbltu2(__half2 a, __half2 b);
__CUDAVET_HD bool __hbgtu2(__half2 a, __half2 b);
__CUDAVET_HD unsigned int __heq2_mask(__half2 a, __half2 b);
__CUDAVET_HD unsigned int __hne2_mask(__half2 a, __half2 b);
__CUDAVET_HD unsigned int __hle2_mask(__half2 a, __half2 b);
__CUDAVET_HD unsigned int __hge2_mask(__half2 a, __half2 b);
__CUDAVET_HD unsigned int __hlt2_mask(__half2 a, __half2 b);
__CUDAVET_HD unsigned int __hgt2_mask(__half2 a, __half2 b);
__CUDAVET_HD __half2 __hisnan2(__half2 a);

// ---- math ----
__CUDAVET_HD __half hsqrt(__half a);
__CUDAVET_HD __half hrsqrt(__half a);
__CUDAVET_HD __half hrcp(__half a);
__CUDAVET_HD __half hlog(__half a);
__CUDAVET_HD __half hlog2(__half a);
__CUDAVET_HD __half hlog10(__half a);
__CUDAVET_HD __half hexp(__half a);
__CUDAVET_HD __half hexp2(__half a);
__CUDAVET_HD __half hexp10(__half a);
__CUDAVET_HD __half hcos(__half a);
__CUDAVET_HD __half hsin(__half a);
__CUDAVET_HD __half htanh(__half a);
__CUDAVET_HD __half htanh_approx(__half a);
__CUDAVET_HD __half hceil(__half a);
__CUDAVET_HD __half hfloor(__half a);
__CUDAVET_HD __half htrunc(__half a);
__CUDAVET_HD __half hrint(__half a);
__CUDAVET_HD __half2 h2sqrt(__half2 a);
__CUDAVET_HD __half2 h2rsqrt(__half2 a);
__CUDAVET_HD __half2 h2rcp(__half2 a);
__CUDAVET_HD __half2 h2log(__half2 a);
__CUDAVET_HD __half2 h2log2(__half2 a);
__CUDAVET_HD __half2 h2log10(__half2 a);
__CUDAVET_HD __half2 h2exp(__half2 a);
__CUDAVET_HD __half2 h2exp2(__half2 a);
__CUDAVET_HD __half2 h2exp10(__half2 a);
__CUDAVET_HD __half2 h2cos(__half2 a);
__CUDAVET_HD __half2 h2sin(__half2 a);
__CUDAVET_HD __half2 h2tanh(__half2 a);
__CUDAVET_HD __half2 h2tanh_approx(__half2 a);
__CUDAVET_HD __half2 h2ceil(__half2 a);
__CUDAVET_HD __half2 h2floor(__half2 a);
__CUDAVET_HD __half2 h2trunc(__half2 a);
__CUDAVET_HD __half2 h2rint(__half2 a);

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
__CUDAVET_SHFL_16(__half)
__CUDAVET_SHFL_16(__half2)
#undef __CUDAVET_SHFL_16

#if !defined(__CUDA_NO_HALF_OPERATORS__)
// ---- __half operators ----
__CUDAVET_HD __half operator+(const __half &a, const __half &b);
__CUDAVET_HD __half operator-(const __half &a, const __half &b);
__CUDAVET_HD __half operator*(const __half &a, const __half &b);
__CUDAVET_HD __half operator/(const __half &a, const __half &b);
__CUDAVET_HD __half &operator+=(__half &a, const __half &b);
__CUDAVET_HD __half &operator-=(__half &a, const __half &b);
__CUDAVET_HD __half &operator*=(__half &a, const __half &b);
__CUDAVET_HD __half &operator/=(__half &a, const __half &b);
__CUDAVET_HD __half &operator++(__half &h);
__CUDAVET_HD __half &operator--(__half &h);
__CUDAVET_HD __half operator++(__half &h, int);
__CUDAVET_HD __half operator--(__half &h, int);
__CUDAVET_HD __half operator+(const __half &h);
__CUDAVET_HD __half operator-(const __half &h);
__CUDAVET_HD bool operator==(const __half &a, const __half &b);
__CUDAVET_HD bool operator!=(const __half &a, const __half &b);
__CUDAVET_HD bool operator>(const __half &a, const __half &b);
__CUDAVET_HD bool operator<(const __half &a, const __half &b);
__CUDAVET_HD bool operator>=(const __half &a, const __half &b);
__CUDAVET_HD bool operator<=(const __half &a, const __half &b);
#endif
#if !defined(__CUDA_NO_HALF2_OPERATORS__)
// ---- __half2 operators (comparisons hold for both lanes) ----
__CUDAVET_HD __half2 operator+(const __half2 &a, const __half2 &b);
__CUDAVET_HD __half2 operator-(const __half2 &a, const __half2 &b);
__CUDAVET_HD __half2 operator*(const __half2 &a, const __half2 &b);
__CUDAVET_HD __half2 operator/(const __half2 &a, const __half2 &b);
__CUDAVET_HD __half2 &operator+=(__half2 &a, const __half2 &b);
__CUDAVET_HD __half2 &operator-=(__half2 &a, const __half2 &b);
__CUDAVET_HD __half2 &operator*=(__half2 &a, const __half2 &b);
__CUDAVET_HD __half2 &operator/=(__half2 &a, const __half2 &b);
__CUDAVET_HD __half2 &operator++(__half2 &h);
__CUDAVET_HD __half2 &operator--(__half2 &h);
__CUDAVET_HD __half2 operator++(__half2 &h, int);
__CUDAVET_HD __half2 operator--(__half2 &h, int);
__CUDAVET_HD __half2 operator+(const __half2 &h);
__CUDAVET_HD __half2 operator-(const __half2 &h);
__CUDAVET_HD bool operator==(const __half2 &a, const __half2 &b);
__CUDAVET_HD bool operator!=(const __half2 &a, const __half2 &b);
__CUDAVET_HD bool operator>(const __half2 &a, const __half2 &b);
__CUDAVET_HD bool operator<(const __half2 &a, const __half2 &b);
__CUDAVET_HD bool operator>=(const __half2 &a, const __half2 &b);
__CUDAVET_HD bool operator<=(const __half2 &a, const __half2 &b);
#endif

#endif  // __CUDAVET_CUDA_FP16_H__
