// MoE expert histogram: the shared counts are incremented with atomicAdd
// but never zeroed, so each block starts from what the previous block
// on the SM left in shared memory.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape counts[num_experts]; shape topk_ids[numel]
// cudavet:user numel; fixed num_experts = 64
// cudavet:launch grid=ceil_div(numel, 256) block=256
__global__ void expert_hist_kernel(int* __restrict__ counts, const int* __restrict__ topk_ids, const int numel) {
  __shared__ int s_hist[64];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel) {
    const int e = topk_ids[i];
    if (e >= 0 && e < 64) {
      atomicAdd(&s_hist[e], 1);
    }
  }
  __syncthreads();
  if (threadIdx.x < 64) {
    atomicAdd(&counts[threadIdx.x], s_hist[threadIdx.x]);  // want `load from s_hist\[threadIdx.x\] reads element \d+ of shared s_hist, which no thread of the block has written \(nothing stores to it\)`
  }
}

void expert_hist(torch::Tensor& counts, const torch::Tensor& topk_ids) {
  const int numel = topk_ids.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  expert_hist_kernel<<<(numel + 255) / 256, 256, 0, stream>>>(counts.data_ptr<int>(), topk_ids.data_ptr<int>(), numel);
}
