// ATen/cuda/DeviceUtils.cuh: ATen's warp helpers WARP_SHFL*, WARP_BALLOT.
#ifndef __CUDAVET_ATEN_DEVICE_UTILS_H__
#define __CUDAVET_ATEN_DEVICE_UTILS_H__
#include <__cudavet/torch.h>

template <typename T>
__device__ T WARP_SHFL_XOR(T value, int laneMask, int width = 32,
                           unsigned int mask = 0xffffffffu);
template <typename T>
__device__ T WARP_SHFL(T value, int srcLane, int width = 32,
                       unsigned int mask = 0xffffffffu);
template <typename T>
__device__ T WARP_SHFL_UP(T value, unsigned int delta, int width = 32,
                          unsigned int mask = 0xffffffffu);
template <typename T>
__device__ T WARP_SHFL_DOWN(T value, unsigned int delta, int width = 32,
                            unsigned int mask = 0xffffffffu);
__device__ unsigned int WARP_BALLOT(int predicate,
                                    unsigned int mask = 0xffffffffu);
__device__ unsigned int WARP_ACTIVE_MASK();

#endif  // __CUDAVET_ATEN_DEVICE_UTILS_H__
