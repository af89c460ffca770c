// GPTQ weight reordering, as in ok_malloc_out_param, but the scratch buffer
// is allocated only when an activation-order permutation is given, and the
// launch that writes it runs either way: without a permutation the kernel
// stores through the NULL it started from.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void make_sequential_kernel(const uint32_t* __restrict__ w, uint32_t* __restrict__ w_new,
                                       const int width) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= width) return;
  const int row = blockIdx.y;
  w_new[static_cast<int64_t>(row) * width + col] = w[static_cast<int64_t>(row) * width + col];  // want `store to w_new\[.*\] dereferences w_new, which the launch in reorder_weight at bug_malloc_out_param.cu:\d+ passes as nullptr`
}

void reorder_weight(torch::Tensor& q_weight, bool has_perm) {
  const int height = q_weight.size(0), width = q_weight.size(1);
  uint32_t* w = reinterpret_cast<uint32_t*>(q_weight.data_ptr<int>());
  uint32_t* new_qweight = NULL;
  if (has_perm) {
    cudaMalloc(&new_qweight, static_cast<size_t>(height) * width * sizeof(uint32_t));
  }
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dim3 grid((width + 31) / 32, height);
  make_sequential_kernel<<<grid, 32, 0, stream>>>(w, new_qweight, width);
}
