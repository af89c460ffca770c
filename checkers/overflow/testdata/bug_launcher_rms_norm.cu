// RMSNorm as vLLM ships it: one block per token, the row offset computed
// as blockIdx.x * hidden_size in 32-bit unsigned arithmetic. Nothing is
// annotated: the launcher gives the sizes. The product wraps past 2^32 from
// 524,289 tokens at hidden_size 8192 (Llama-3.1-70B), the sum alone from 599,187
// at 7168 (DeepSeek-V3): the message names the expression's smallest trigger.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

template <typename scalar_t>
__global__ void rms_norm_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                const scalar_t* __restrict__ weight, const float epsilon,
                                const int num_tokens, const int hidden_size) {
  __shared__ float s_variance;
  float variance = 0.0f;
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = (float)input[blockIdx.x * hidden_size + idx];  // want `blockIdx.x \* hidden_size \+ idx \(unsigned int\) overflows when num_tokens >= 524289 with hidden_size = 8192 \(Llama-3.1-70B, Qwen2.5-72B\)`
    variance += x * x;
  }
  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    float x = (float)input[blockIdx.x * hidden_size + idx];  // want `overflows when num_tokens >= 524289 with`
    out[blockIdx.x * hidden_size + idx] = (scalar_t)(x * s_variance) * weight[idx];  // want `overflows when num_tokens >= 524289 with`
  }
}

void rms_norm(torch::Tensor& out, torch::Tensor& input, torch::Tensor& weight, double epsilon) {
  int hidden_size = input.size(-1);
  int num_tokens = input.numel() / hidden_size;
  dim3 grid(num_tokens);
  dim3 block(std::min(hidden_size, 1024));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "rms_norm_kernel", [&] {
    rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), weight.data_ptr<scalar_t>(), epsilon,
        num_tokens, hidden_size);
  });
}
