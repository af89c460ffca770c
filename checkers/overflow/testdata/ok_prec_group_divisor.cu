// GPTQ-style group lookup: each block of 128 rows of K finds the
// quantisation group it starts in as offset_k / groupsize, with
// groupsize = size_k / groups. The quotient is at most offset_k (a
// groupsize of at least 1), far below 2^31. Where groups > size_k the
// groupsize is 0 and offset_k / groupsize is undefined: no witness of a
// truncation, since the division itself is the program's error.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

#define BLOCK_KN_SIZE 128
#define DIVIDE(x, size) (((x) + (size) - 1) / (size))

__global__ void first_group_scale_kernel(half* __restrict__ first_scale,
                                         const half* __restrict__ scales, const int size_k,
                                         const int size_n, const int groups) {
  auto offset_k = BLOCK_KN_SIZE * blockIdx.y;
  if (threadIdx.x != 0) return;
  int groupsize = size_k / groups;
  int group = offset_k / groupsize;
  if (group < groups) first_scale[blockIdx.y] = scales[(int64_t)group * size_n];
}

void first_group_scale(torch::Tensor& first_scale, const torch::Tensor& b_q_weight,
                       const torch::Tensor& b_gptq_scales) {
  const int size_k = b_q_weight.size(0) * 8;
  const int size_n = b_q_weight.size(1);
  const int groups = b_gptq_scales.size(0);
  TORCH_CHECK(first_scale.numel() >= DIVIDE(size_k, BLOCK_KN_SIZE), "one entry per block");
  dim3 grid(1, DIVIDE(size_k, BLOCK_KN_SIZE));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  first_group_scale_kernel<<<grid, BLOCK_KN_SIZE, 0, stream>>>(
      reinterpret_cast<half*>(first_scale.data_ptr()),
      reinterpret_cast<const half*>(b_gptq_scales.data_ptr()),
      size_k, size_n, groups);
}
