// The kernel and its launch template live in the library's include/
// directory, FlashInfer's layout; csrc/ holds only the binding.
#pragma once
#include <cuda_runtime.h>
#include <cstdint>

namespace rowlib {

template <typename T>
__global__ void RowScaleKernel(T* __restrict__ out, const T* __restrict__ in, const uint32_t d) {
  // The row offset is a 32-bit unsigned product: it wraps once
  // rows * d reaches 2^32.
  const T* row_in = in + blockIdx.x * d;
  T* row_out = out + blockIdx.x * d;
  for (uint32_t i = threadIdx.x; i < d; i += blockDim.x) {
    row_out[i] = row_in[i] * T(2);
  }
}

template <typename T>
cudaError_t RowScale(T* out, const T* in, uint32_t rows, uint32_t d, cudaStream_t stream) {
  cudaLaunchConfig_t config;
  config.gridDim = dim3(rows);
  config.blockDim = dim3(std::min<uint32_t>(1024, d));
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  auto kernel = RowScaleKernel<T>;
  return cudaLaunchKernelEx(&config, kernel, out, in, d);
}

}  // namespace rowlib
