// Safe: the per-expert offsets are padded to a multiple of 4 ints, so the
// float4 staging buffer after them starts on a 16-byte boundary (and the
// allocation counts the padding).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, hidden_size]; shape expert_out[num_tokens, hidden_size]; shape offsets[num_experts + 1]
// cudavet:user num_tokens <= 1 << 20; fixed num_experts = 8; fixed hidden_size = 4096
// cudavet:launch grid=num_tokens block=256 smem=4*((num_experts+4)/4*4)+4*hidden_size
__global__ void moe_stage_kernel(float* __restrict__ out, const float* __restrict__ expert_out,
                                 const int* __restrict__ offsets, const int num_experts, const int hidden_size) {
  extern __shared__ float smem[];
  int* s_offsets = reinterpret_cast<int*>(smem);
  const int padded = (num_experts + 4) / 4 * 4;
  float4* s_row = reinterpret_cast<float4*>(smem + padded);
  if (threadIdx.x <= num_experts) {
    s_offsets[threadIdx.x] = offsets[threadIdx.x];
  }
  const float4* src = reinterpret_cast<const float4*>(expert_out + (int64_t)blockIdx.x * hidden_size);
  for (int i = threadIdx.x; i < hidden_size / 4; i += blockDim.x) {
    s_row[i] = src[i];
  }
  __syncthreads();
  float4* dst = reinterpret_cast<float4*>(out + (int64_t)blockIdx.x * hidden_size);
  for (int i = threadIdx.x; i < hidden_size / 4; i += blockDim.x) {
    dst[i] = s_row[hidden_size / 4 - 1 - i];
  }
}

void moe_stage(torch::Tensor& out, const torch::Tensor& expert_out, const torch::Tensor& offsets) {
  const int num_experts = offsets.size(0) - 1;
  const int hidden_size = out.size(-1);
  const int num_tokens = out.size(0);
  const size_t smem = (num_experts + 4) / 4 * 4 * sizeof(int) + hidden_size * sizeof(float);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  moe_stage_kernel<<<num_tokens, 256, smem, stream>>>(out.data_ptr<float>(), expert_out.data_ptr<float>(),
                                                      offsets.data_ptr<int>(), num_experts, hidden_size);
}
