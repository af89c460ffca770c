// The same group lookup, but the block's first element is counted over
// the whole activation: offset * size_n / groupsize is an unsigned
// 32-bit product, which wraps once 128 * blockIdx.y * size_n reaches
// 2^32 (a K of 32,768 rows at N = 131,072), whatever the groupsize.
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
  int group = offset_k * size_n / groupsize / size_n;  // want "overflows"
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
