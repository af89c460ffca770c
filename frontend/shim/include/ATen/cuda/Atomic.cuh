// ATen/cuda/Atomic.cuh: ATen's type-generic atomics (gpuAtomicAdd, ...).
#ifndef __CUDAVET_ATEN_ATOMIC_H__
#define __CUDAVET_ATEN_ATOMIC_H__
#include <__cudavet/torch.h>

template <typename T> __device__ T gpuAtomicAdd(T *address, T val);
template <typename T> __device__ void gpuAtomicAddNoReturn(T *address, T val);
template <typename T> __device__ T gpuAtomicMax(T *address, T val);
template <typename T> __device__ T gpuAtomicMin(T *address, T val);
template <typename T> __device__ T gpuAtomicMul(T *address, T val);
template <typename T> __device__ T fastAtomicAdd(T *tensor, int64_t index,
                                                int64_t numel, T value,
                                                bool fast_atomics);

#endif  // __CUDAVET_ATEN_ATOMIC_H__
