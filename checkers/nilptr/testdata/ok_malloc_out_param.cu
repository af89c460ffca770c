// GPTQ weight reordering (the vLLM q_gemm style): the launcher starts a
// scratch pointer at NULL, allocates it with cudaMalloc(&p, bytes), and
// launches a kernel that writes the reordered weight into it. cudaMalloc
// writes the pointer through its address: the kernel never sees NULL.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void make_sequential_kernel(const uint32_t* __restrict__ w, uint32_t* __restrict__ w_new,
                                       const int* __restrict__ q_perm, const int width) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= width) return;
  const int row = blockIdx.y;
  w_new[static_cast<int64_t>(row) * width + col] = w[static_cast<int64_t>(q_perm[row]) * width + col];
}

void reorder_weight(torch::Tensor& q_weight, torch::Tensor& q_perm) {
  const int height = q_weight.size(0), width = q_weight.size(1);
  uint32_t* w = reinterpret_cast<uint32_t*>(q_weight.data_ptr<int>());
  uint32_t* new_qweight = NULL;
  cudaMalloc(&new_qweight, static_cast<size_t>(height) * width * sizeof(uint32_t));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dim3 grid((width + 31) / 32, height);
  make_sequential_kernel<<<grid, 32, 0, stream>>>(w, new_qweight, q_perm.data_ptr<int>(), width);
  cudaMemcpyAsync(w, new_qweight, static_cast<size_t>(height) * width * sizeof(uint32_t), cudaMemcpyDeviceToDevice,
                  stream);
  cudaFree(new_qweight);
}
