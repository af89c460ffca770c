// Safe: RMSNorm over Llama-3-8B hidden states; every row offset is int64_t,
// the loops stop at hidden_size, and the warp scratch has one slot for each
// of the at most 32 warps of a block.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, mask);
  }
  return v;
}

// Sums v over the block; every thread gets the result.
__device__ float block_reduce_sum(float v, float* red) {
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  v = warp_reduce_sum(v);
  if (lane == 0) {
    red[warp] = v;
  }
  __syncthreads();
  const int num_warps = (blockDim.x + 31) / 32;
  float total = 0.f;
  for (int w = 0; w < num_warps; ++w) {
    total += red[w];
  }
  return total;
}

// cudavet:shape out[num_tokens, hidden_size]; shape input[num_tokens, hidden_size]; shape weight[hidden_size]
// cudavet:user num_tokens <= 1 << 20; fixed hidden_size = 4096
// cudavet:launch grid=num_tokens block=min(hidden_size, 1024)
template <typename scalar_t>
__global__ void rms_norm_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                const scalar_t* __restrict__ weight, const float epsilon,
                                const int hidden_size) {
  __shared__ float red[32];
  __shared__ float s_inv_rms;
  const int64_t row = (int64_t)blockIdx.x * hidden_size;
  float sum_sq = 0.f;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float x = (float)input[row + i];
    sum_sq += x * x;
  }
  const float total = block_reduce_sum(sum_sq, red);
  if (threadIdx.x == 0) {
    s_inv_rms = rsqrtf(total / hidden_size + epsilon);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float x = (float)input[row + i];
    out[row + i] = (scalar_t)(x * s_inv_rms * (float)weight[i]);
  }
}

void rms_norm(torch::Tensor& out, const torch::Tensor& input, const torch::Tensor& weight, double epsilon) {
  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  const dim3 grid(num_tokens);
  const dim3 block(std::min(hidden_size, 1024));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "rms_norm_kernel", [&] {
    rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(),
                                                          weight.data_ptr<scalar_t>(), epsilon, hidden_size);
  });
}
