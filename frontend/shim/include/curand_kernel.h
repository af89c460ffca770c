// curand_kernel.h: cuRAND's device API subset: the Philox and XORWOW states,
// curand_init and the uniform/normal draws. Declarations only.
#ifndef __CUDAVET_CURAND_KERNEL_H__
#define __CUDAVET_CURAND_KERNEL_H__
#include "cudavet_shim.h"
#include "curand.h"

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

#define __CUDAVET_CURAND(S)                                                    \
  __device__ void curand_init(unsigned long long seed,                         \
                              unsigned long long subsequence,                  \
                              unsigned long long offset, S *state);            \
  __device__ unsigned int curand(S *state);                                    \
  __device__ float curand_uniform(S *state);                                   \
  __device__ double curand_uniform_double(S *state);                           \
  __device__ float curand_normal(S *state);                                    \
  __device__ double curand_normal_double(S *state);                            \
  __device__ void skipahead(unsigned long long n, S *state);
__CUDAVET_CURAND(curandStatePhilox4_32_10_t)
__CUDAVET_CURAND(curandStateXORWOW_t)
#undef __CUDAVET_CURAND
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);

#endif  // __CUDAVET_CURAND_KERNEL_H__
