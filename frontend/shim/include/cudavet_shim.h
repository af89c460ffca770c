// cudavet_shim.h: the prelude that cudavet force-includes (-include) into every
// CUDA translation unit, standing in for what nvcc's implicit cuda_runtime.h
// provides: execution-space keywords, builtin variables, vector types, the
// runtime API, device math, warp intrinsics and atomics. Declarations only:
// cudavet parses, it never compiles. No NVIDIA header is used.
//
// Layout rules (the package comment in shim.go has the rest):
//   - threadIdx/blockIdx/blockDim/gridDim are plain extern variables of plain
//     structs, so that `threadIdx.x` is MemberRefExpr(DeclRefExpr), not an
//     MS-property pseudo-object as with clang's __clang_cuda_builtin_vars.h.
//   - __noinline__ is a keyword in clang 15; it must not be defined here.
//   - Like nvcc's cuda_runtime.h it includes <cmath>, <cstdlib> and <new>:
//     about 100 ms of a small file's 165 ms libclang parse, but real code
//     relies on what they bring (std::enable_if_t, std::min, numeric_limits).
#ifndef __CUDAVET_SHIM_H__
#define __CUDAVET_SHIM_H__

#define __CUDAVET__ 1

// ---- compiler identity: what nvcc 12.9 defines --------------------------
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 9
#define __CUDACC_VER_BUILD__ 86
#define __CUDACC_EXTENDED_LAMBDA__ 1
#define __CUDACC_RELAXED_CONSTEXPR__ 1
#define CUDA_VERSION 12090
#define CUDART_VERSION 12090
#define __CUDART_API_VERSION 12090

// ---- execution spaces and attributes -------------------------------------
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__ __inline__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __grid_constant__
#define __cluster_dims__(...)
#define CUDARTAPI
#define CUDAAPI
// __launch_bounds__ takes 1 to 3 arguments in CUDA 12; clang 15 accepts 2.
#define __cudavet_lb_pick(_1, _2, _3, NAME, ...) NAME
#define __cudavet_lb1(a) __attribute__((launch_bounds(a)))
#define __cudavet_lb2(a, b) __attribute__((launch_bounds(a, b)))
#define __cudavet_lb3(a, b, c) __attribute__((launch_bounds(a, b)))
#define __launch_bounds__(...)                                              \
  __cudavet_lb_pick(__VA_ARGS__, __cudavet_lb3, __cudavet_lb2,             \
                    __cudavet_lb1, __cudavet_lb0)(__VA_ARGS__)

// ---- C and C++ library: what nvcc's cuda_runtime.h pulls in ---------------
// (crt/common_functions.h and crt/math_functions.h include these; real code
// relies on them, e.g. std::enable_if_t after only <stdio.h>). Clang's
// forward declarations of the device math overloads must precede <cmath>.
#include <__clang_cuda_math_forward_declares.h>
#include <cmath>
#include <cstdlib>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <assert.h>

// ---- the analyzer's hook --------------------------------------------------
// __cudavet_assume(cond) states that cond holds on every path that continues
// past the call. TORCH_CHECK, TORCH_CHECK_EQ, TORCH_INTERNAL_ASSERT,
// STD_TORCH_CHECK and AT_ERROR (as __cudavet_assume(false)) expand to it. It
// is constexpr with an empty body because checks also sit in constexpr
// functions that are evaluated at compile time (a call to a function that is
// only declared would make those evaluations fail).
__host__ __device__ constexpr void __cudavet_assume(bool) {}

// ---- vector types, dim3, builtin variables --------------------------------
#include "vector_types.h"
#include "vector_functions.h"

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

// ---- runtime types; cudaConfigureCall is what clang 15 needs for <<<>>> ----
#include "driver_types.h"
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                         size_t sharedMem = 0,
                                         cudaStream_t stream = 0);

// ---- device-side C library (device new and delete below use it) ----------
extern "C" {
__device__ void *malloc(size_t);
__device__ void free(void *);
__device__ int printf(const char *, ...);
__device__ int vprintf(const char *, const char *);
__device__ void __assertfail(const char *, const char *, unsigned int,
                             const char *, size_t);
__device__ void __assert_fail(const char *, const char *, unsigned int,
                              const char *);
}
#include <new>
// Device new and delete, placement forms included, where clang's
// cuda_wrappers/new did not declare them: the clang-15 driver's parses get
// them from it, libclang's parses with the precompiled preamble do not
// (measured: __CLANG_CUDA_WRAPPERS_NEW undefined, placement new rejected).
#ifndef __CLANG_CUDA_WRAPPERS_NEW
__device__ inline void *operator new(size_t __n) { return ::malloc(__n ? __n : 1); }
__device__ inline void *operator new[](size_t __n) { return ::malloc(__n ? __n : 1); }
__device__ inline void *operator new(size_t, void *__p) noexcept { return __p; }
__device__ inline void *operator new[](size_t, void *__p) noexcept { return __p; }
__device__ inline void operator delete(void *__p) noexcept { ::free(__p); }
__device__ inline void operator delete[](void *__p) noexcept { ::free(__p); }
__device__ inline void operator delete(void *__p, size_t) noexcept { ::free(__p); }
__device__ inline void operator delete[](void *__p, size_t) noexcept { ::free(__p); }
__device__ inline void operator delete(void *, void *) noexcept {}
__device__ inline void operator delete[](void *, void *) noexcept {}
#endif

// ---- device math: clang's own wrappers over libdevice ---------------------
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

// ---- the rest of the implicit CUDA API ------------------------------------
#include "__cudavet/math_extra.h"
#include "__cudavet/intrinsics.h"
#include "__cudavet/atomics.h"
#include "__cudavet/runtime.h"

#endif  // __CUDAVET_SHIM_H__
