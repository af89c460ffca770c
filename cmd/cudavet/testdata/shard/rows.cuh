// Row gather shared by the fp32 and int8 KV-cache paths: the row offset is
// computed in int64_t but kept in an int, which truncates it once
// num_tokens * hidden_size passes 2^31 (both includers report it).
#pragma once
#include <cstdint>

template <typename T>
__global__ void gather_rows_kernel(T* __restrict__ out, const T* __restrict__ src, const int64_t hidden_size) {
  const int64_t token = blockIdx.x;
  const int offset = token * hidden_size;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[offset + i] = src[offset + i];
  }
}
