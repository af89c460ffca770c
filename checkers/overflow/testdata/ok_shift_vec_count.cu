// Per-tensor absmax over a whole activation, read two bf16 at a time.
// Fixed: the pair count and both loop indices are int64_t, so neither
// the count nor the tail start wraps; the thread id stays an int.
// (an int64_t shifted by an int literal, kept in 64 bits)
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

__global__ void absmax_kernel(float* __restrict__ partial, const __nv_bfloat16* __restrict__ input,
                              const int64_t num_elems) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = blockDim.x * gridDim.x;
  const __nv_bfloat162* pairs = reinterpret_cast<const __nv_bfloat162*>(input);
  const int64_t num_pairs = num_elems >> 1;
  float m = 0.f;
  for (int64_t i = tid; i < num_pairs; i += stride) {
    const float2 v = __bfloat1622float2(pairs[i]);
    m = fmaxf(m, fmaxf(fabsf(v.x), fabsf(v.y)));
  }
  for (int64_t i = num_pairs * 2 + tid; i < num_elems; i += stride) {
    m = fmaxf(m, fabsf(__bfloat162float(input[i])));
  }
  partial[tid] = m;
}

void tensor_absmax(torch::Tensor& partial, const torch::Tensor& input) {
  const int64_t num_elems = input.numel();
  const int threads = 256;
  const int blocks = 1024;  // partial has blocks * threads entries
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  absmax_kernel<<<blocks, threads, 0, stream>>>(
      partial.data_ptr<float>(), reinterpret_cast<const __nv_bfloat16*>(input.data_ptr<at::BFloat16>()),
      num_elems);
}
