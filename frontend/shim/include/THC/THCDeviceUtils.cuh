// THC/THCDeviceUtils.cuh: the legacy THC spelling of ATen's warp helpers.
#pragma once
#include <ATen/cuda/DeviceUtils.cuh>
template <typename T> __host__ __device__ constexpr T THCCeilDiv(T a, T b) { return (a + b - 1) / b; }
