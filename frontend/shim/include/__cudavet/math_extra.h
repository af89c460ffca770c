// __cudavet/math_extra.h: the min/max overload set of CUDA's
// math_functions.hpp that clang's __clang_cuda_math.h lacks (clang provides
// only the device int,int pair). Matching CUDA's set matters: a call that is
// ambiguous under nvcc stays ambiguous here, and the result types agree.
#ifndef __CUDAVET_MATH_EXTRA_H__
#define __CUDAVET_MATH_EXTRA_H__

// Host twins of clang's device-only int overloads (same signature, other side).
__host__ int min(int, int);
__host__ int max(int, int);

#define __CUDAVET_MINMAX(NAME)                                                 \
  __host__ __device__ unsigned int NAME(unsigned int, unsigned int);           \
  __host__ __device__ unsigned int NAME(int, unsigned int);                    \
  __host__ __device__ unsigned int NAME(unsigned int, int);                    \
  __host__ __device__ long NAME(long, long);                                   \
  __host__ __device__ unsigned long NAME(unsigned long, unsigned long);        \
  __host__ __device__ unsigned long NAME(long, unsigned long);                 \
  __host__ __device__ unsigned long NAME(unsigned long, long);                 \
  __host__ __device__ long long NAME(long long, long long);                    \
  __host__ __device__ unsigned long long NAME(unsigned long long,              \
                                              unsigned long long);             \
  __host__ __device__ unsigned long long NAME(long long, unsigned long long);  \
  __host__ __device__ unsigned long long NAME(unsigned long long, long long);  \
  __host__ __device__ float NAME(float, float);                                \
  __host__ __device__ double NAME(double, double);                             \
  __host__ __device__ double NAME(float, double);                              \
  __host__ __device__ double NAME(double, float);
__CUDAVET_MINMAX(min)
__CUDAVET_MINMAX(max)
#undef __CUDAVET_MINMAX

#endif  // __CUDAVET_MATH_EXTRA_H__
