// Expert-id remap over a flat [tokens * topk] array, one thread per entry:
// the last block's tail lanes (idx >= size) skip the guarded work, its
// full-mask __syncwarp() included, and run straight to the end of the
// kernel. Since Volta a warp or block barrier waits only for the threads
// that have not exited, so the lanes that skip it and then exit are, for
// the barrier, gone: synccheck on an H200 reports nothing, and nothing
// hangs. (The __syncwarp orders nothing here, but it is not a bug.)
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void remap_topk_ids_kernel(int* __restrict__ topk_ids, const int size,
                                      const int* __restrict__ expert_map, const int num_experts) {
  extern __shared__ int s_expert_map[];
  for (int i = threadIdx.x; i < num_experts; i += blockDim.x) {
    s_expert_map[i] = expert_map[i];
  }
  __syncthreads();
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < size) {
    int id = topk_ids[idx];
    const int local = s_expert_map[id];
    id = local == -1 ? id + num_experts : local;
    __syncwarp();
    topk_ids[idx] = id;
  }
}

// A block-wide version: the rows of the last block past num_rows skip the
// block's barrier and leave.
__global__ void rows_absmax_kernel(float* __restrict__ absmax, const float* __restrict__ x,
                                   const int num_rows) {
  __shared__ float s_partial[256];
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < num_rows) {
    s_partial[threadIdx.x] = fabsf(x[row]);
    __syncthreads();
    absmax[row] = s_partial[threadIdx.x];
  }
}

void remap_topk_ids(torch::Tensor& topk_ids, const torch::Tensor& expert_map, torch::Tensor& absmax,
                    const torch::Tensor& x) {
  const int size = topk_ids.numel();
  const int num_experts = expert_map.numel();
  const int block = std::min(size, 1024);
  const int grid = (size + block - 1) / block;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  remap_topk_ids_kernel<<<grid, block, num_experts * sizeof(int), stream>>>(
      topk_ids.data_ptr<int>(), size, expert_map.data_ptr<int>(), num_experts);
  const int num_rows = x.numel();
  rows_absmax_kernel<<<(num_rows + 255) / 256, 256, 0, stream>>>(absmax.data_ptr<float>(),
                                                                 x.data_ptr<float>(), num_rows);
}
