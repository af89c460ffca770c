// __cudavet/intrinsics.h: warp-level and memory intrinsics of CUDA 12
// (sm_30/sm_32/sm_70/sm_80 intrinsics headers) that clang's device headers do
// not declare: shuffles, votes, match, reduce, __syncwarp, __ldg and the
// cache-hinted loads/stores, address-space conversions, dp4a, funnel shifts.
// __half/__nv_bfloat16 overloads live in cuda_fp16.h/cuda_bf16.h, as in CUDA.
//
// Deviation from CUDA: the `width` parameter of the shuffles defaults to the
// literal 32 instead of the device variable warpSize, so that the lowering
// sees a constant.
#ifndef __CUDAVET_INTRINSICS_H__
#define __CUDAVET_INTRINSICS_H__

// ---- barriers and timing (__syncthreads is a clang builtin;
// __syncthreads_and/or/count, __threadfence*, clock, clock64 come from
// __clang_cuda_device_functions.h) ----
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __nanosleep(unsigned int ns);
__device__ unsigned long long __globaltimer(void);
__device__ void cudaGridDependencySynchronize(void);
__device__ void cudaTriggerProgrammaticLaunchCompletion(void);

// ---- votes ----
__device__ int __all_sync(unsigned int mask, int pred);
__device__ int __any_sync(unsigned int mask, int pred);
__device__ int __uni_sync(unsigned int mask, int pred);
__device__ unsigned int __ballot_sync(unsigned int mask, int pred);
__device__ unsigned int __activemask(void);

// ---- shuffles, match, for every CUDA scalar type ----
#define __CUDAVET_SHFL(T)                                                      \
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
  __device__ unsigned int __match_any_sync(unsigned int mask, T value);        \
  __device__ unsigned int __match_all_sync(unsigned int mask, T value,         \
                                           int *pred);
__CUDAVET_SHFL(int)
__CUDAVET_SHFL(unsigned int)
__CUDAVET_SHFL(long)
__CUDAVET_SHFL(unsigned long)
__CUDAVET_SHFL(long long)
__CUDAVET_SHFL(unsigned long long)
__CUDAVET_SHFL(float)
__CUDAVET_SHFL(double)
#undef __CUDAVET_SHFL

// ---- warp reductions (sm_80) ----
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);

// ---- read-only / cache-hinted loads and stores ----
#define __CUDAVET_LDST(T)                                                      \
  __device__ T __ldg(const T *ptr);                                            \
  __device__ T __ldcg(const T *ptr);                                           \
  __device__ T __ldca(const T *ptr);                                           \
  __device__ T __ldcs(const T *ptr);                                           \
  __device__ T __ldlu(const T *ptr);                                           \
  __device__ T __ldcv(const T *ptr);                                           \
  __device__ void __stwb(T *ptr, T value);                                     \
  __device__ void __stcg(T *ptr, T value);                                     \
  __device__ void __stcs(T *ptr, T value);                                     \
  __device__ void __stwt(T *ptr, T value);
__CUDAVET_LDST(char)
__CUDAVET_LDST(signed char)
__CUDAVET_LDST(short)
__CUDAVET_LDST(int)
__CUDAVET_LDST(long)
__CUDAVET_LDST(long long)
__CUDAVET_LDST(unsigned char)
__CUDAVET_LDST(unsigned short)
__CUDAVET_LDST(unsigned int)
__CUDAVET_LDST(unsigned long)
__CUDAVET_LDST(unsigned long long)
__CUDAVET_LDST(float)
__CUDAVET_LDST(double)
__CUDAVET_LDST(char2)
__CUDAVET_LDST(char4)
__CUDAVET_LDST(short2)
__CUDAVET_LDST(short4)
__CUDAVET_LDST(int2)
__CUDAVET_LDST(int4)
__CUDAVET_LDST(longlong2)
__CUDAVET_LDST(uchar2)
__CUDAVET_LDST(uchar4)
__CUDAVET_LDST(ushort2)
__CUDAVET_LDST(ushort4)
__CUDAVET_LDST(uint2)
__CUDAVET_LDST(uint4)
__CUDAVET_LDST(ulonglong2)
__CUDAVET_LDST(float2)
__CUDAVET_LDST(float4)
__CUDAVET_LDST(double2)
#undef __CUDAVET_LDST
// Any other trivially copyable T (c10::Half, user structs): a loose template,
// as code written against newer CUDA headers expects. It is declared static
// so that a source file's own `static` template __ldg still redeclares it.
template <typename T> static __device__ T __ldg(const T *ptr);
template <typename T> static __device__ T __ldcg(const T *ptr);
template <typename T> static __device__ T __ldca(const T *ptr);
template <typename T> static __device__ T __ldcs(const T *ptr);
template <typename T> static __device__ T __ldlu(const T *ptr);
template <typename T> static __device__ T __ldcv(const T *ptr);
template <typename T> static __device__ void __stwb(T *ptr, T value);
template <typename T> static __device__ void __stcg(T *ptr, T value);
template <typename T> static __device__ void __stcs(T *ptr, T value);
template <typename T> static __device__ void __stwt(T *ptr, T value);

// ---- address spaces ----
__device__ unsigned int __isGlobal(const void *ptr);
__device__ unsigned int __isShared(const void *ptr);
__device__ unsigned int __isConstant(const void *ptr);
__device__ unsigned int __isLocal(const void *ptr);
__device__ size_t __cvta_generic_to_global(const void *ptr);
__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ size_t __cvta_generic_to_constant(const void *ptr);
__device__ size_t __cvta_generic_to_local(const void *ptr);
// A __grid_constant__ kernel parameter's address in the param space
// (TMA descriptors passed by value).
__device__ const void *__cvta_generic_to_grid_constant(const void *ptr);
__device__ void *__cvta_grid_constant_to_generic(size_t rawbits);
__device__ void *__cvta_global_to_generic(size_t rawbits);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ void *__cvta_constant_to_generic(size_t rawbits);
__device__ void *__cvta_local_to_generic(size_t rawbits);

// ---- integer helpers (sm_32 / sm_61) ----
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                         unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                         unsigned int shift);
__device__ int __dp4a(int srcA, int srcB, int c);
__device__ unsigned int __dp4a(unsigned int srcA, unsigned int srcB,
                               unsigned int c);
__device__ int __dp4a(char4 srcA, char4 srcB, int c);
__device__ unsigned int __dp4a(uchar4 srcA, uchar4 srcB, unsigned int c);
__device__ int __dp2a_lo(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB,
                                  unsigned int c);
__device__ int __dp2a_hi(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB,
                                  unsigned int c);
__device__ unsigned int __fns(unsigned int mask, unsigned int base, int offset);

#endif  // __CUDAVET_INTRINSICS_H__
