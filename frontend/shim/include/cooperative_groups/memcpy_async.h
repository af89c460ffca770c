// cooperative_groups/memcpy_async.h: group-wide asynchronous copies into
// shared memory and the waits that complete them.
#ifndef __CUDAVET_CG_MEMCPY_ASYNC_H__
#define __CUDAVET_CG_MEMCPY_ASYNC_H__
#include <cooperative_groups.h>
#include <__cudavet/cuda_ns.h>

namespace cooperative_groups {

// memcpy_async copies count bytes (size_t or cuda::aligned_size_t<N>) from
// src to dst, cooperatively over group; complete it with wait or wait_prior.
template <typename TyGroup, typename TySize>
__device__ void memcpy_async(const TyGroup &group, void *dst, const void *src,
                             TySize count);
template <typename TyGroup> __device__ void wait(TyGroup &&group);
template <unsigned int NumStages, typename TyGroup>
__device__ void wait_prior(TyGroup &&group);

}  // namespace cooperative_groups

#endif  // __CUDAVET_CG_MEMCPY_ASYNC_H__
