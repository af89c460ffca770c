// Expert-id remap with a warp sum of the remapped ids after the guarded
// block: the tail lanes (idx >= size) skip the guarded __syncwarp() and
// then join the full-mask shuffles, so they have not exited when the
// other lanes wait at the __syncwarp(): the lanes meet different
// collectives, and the sum reads lanes that took another path.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void remap_topk_ids_kernel(int* __restrict__ topk_ids, int* __restrict__ warp_sums,
                                      const int size, const int* __restrict__ expert_map,
                                      const int num_experts) {
  extern __shared__ int s_expert_map[];
  for (int i = threadIdx.x; i < num_experts; i += blockDim.x) {
    s_expert_map[i] = expert_map[i];
  }
  __syncthreads();
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int id = 0;
  if (idx < size) {
    id = topk_ids[idx];
    const int local = s_expert_map[id];
    id = local == -1 ? id + num_experts : local;
    __syncwarp();  // want `__syncwarp\(\) is reached only by threads with idx < size`
    topk_ids[idx] = id;
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    id += __shfl_xor_sync(0xffffffff, id, offset);
  }
  if ((threadIdx.x & 31) == 0) {
    warp_sums[blockIdx.x * 32 + threadIdx.x / 32] = id;
  }
}

void remap_topk_ids(torch::Tensor& topk_ids, torch::Tensor& warp_sums,
                    const torch::Tensor& expert_map) {
  const int size = topk_ids.numel();
  const int num_experts = expert_map.numel();
  const int block = 1024;
  const int grid = (size + block - 1) / block;
  TORCH_CHECK(warp_sums.numel() >= (int64_t)grid * 32, "one sum per warp");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  remap_topk_ids_kernel<<<grid, block, num_experts * sizeof(int), stream>>>(
      topk_ids.data_ptr<int>(), warp_sums.data_ptr<int>(), size, expert_map.data_ptr<int>(),
      num_experts);
}
