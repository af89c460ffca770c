// A loop over a register vector in steps of four, with the condition
// i + 4 <= VEC_SIZE: i never exceeds VEC_SIZE, so the sum cannot wrap.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <uint32_t VEC_SIZE>
__device__ __forceinline__ void fill_noise(float* v, uint64_t seed) {
#pragma unroll
  for (uint32_t i = 0; i + 4 <= VEC_SIZE; i += 4) {
    v[i] = (float)(seed + i);
    v[i + 1] = (float)(seed + i + 1);
    v[i + 2] = (float)(seed + i + 2);
    v[i + 3] = (float)(seed + i + 3);
  }
}

template <uint32_t VEC_SIZE>
__global__ void noise_kernel(float* __restrict__ out, const uint32_t d, const uint64_t seed) {
  float v[VEC_SIZE];
  fill_noise<VEC_SIZE>(v, seed);
  const uint32_t base = (blockIdx.x * blockDim.x + threadIdx.x) * VEC_SIZE;
  for (uint32_t j = 0; j < VEC_SIZE; ++j) {
    if (base + j < d) out[(int64_t)blockIdx.y * d + base + j] = v[j];
  }
}

void noise(torch::Tensor& out, int64_t seed) {
  TORCH_CHECK(out.dim() == 2);
  const uint32_t rows = out.size(0);
  const uint32_t vocab_size = out.size(1);
  TORCH_CHECK(vocab_size % 8 == 0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dim3 grid((vocab_size / 8 + 127) / 128, rows);
  noise_kernel<8><<<grid, 128, 0, stream>>>(out.data_ptr<float>(), vocab_size, seed);
}
