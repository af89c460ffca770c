// cuda_pipeline_primitives.h: the C primitives of asynchronous global-to-shared
// copies (cp.async): __pipeline_memcpy_async, __pipeline_commit,
// __pipeline_wait_prior, __pipeline_arrive_on.
#ifndef __CUDAVET_CUDA_PIPELINE_PRIMITIVES_H__
#define __CUDAVET_CUDA_PIPELINE_PRIMITIVES_H__
#include "cudavet_shim.h"

typedef unsigned long long __mbarrier_t;

// __pipeline_memcpy_async copies size_and_align bytes (4, 8 or 16) from
// src_global to dst_shared, filling the last zfill bytes with zeros.
__device__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                        const void *__restrict__ src_global,
                                        size_t size_and_align,
                                        size_t zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(size_t prior);
__device__ void __pipeline_arrive_on(__mbarrier_t *barrier);

#endif  // __CUDAVET_CUDA_PIPELINE_PRIMITIVES_H__
