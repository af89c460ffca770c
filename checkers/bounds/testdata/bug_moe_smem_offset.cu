// MoE routing: count how many tokens go to each expert and turn the counts
// into per-expert offsets. The dynamic shared memory holds cumsum[E + 1]
// followed by counts[E], but counts is placed blockDim.x ints in, as if
// the block had one thread per expert: with 256 threads and 8 experts it
// starts far past the 68-byte allocation.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape topk_ids[numel]; shape expert_offsets[num_experts + 1]
// cudavet:user numel <= 1 << 22; fixed num_experts = 8
// cudavet:launch grid=1 block=256 smem=4*(2*num_experts+1)
__global__ void moe_expert_offsets_kernel(const int32_t* __restrict__ topk_ids,
                                          int32_t* __restrict__ expert_offsets,
                                          const int numel, const int num_experts) {
  extern __shared__ int32_t smem[];
  int32_t* cumsum = smem;
  int32_t* counts = smem + blockDim.x;
  if (threadIdx.x < num_experts) {
    counts[threadIdx.x] = 0;  // want "store to counts\\[threadIdx.x\\] is past the end of shared array smem \\(17 elements\\)"
  }
  __syncthreads();
  for (int i = threadIdx.x; i < numel; i += blockDim.x) {
    const int e = topk_ids[i];
    if (e >= 0 && e < num_experts) {
      atomicAdd(&counts[e], 1);  // want "atomic on counts\\[e\\] is past the end of shared array smem"
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cumsum[0] = 0;
    for (int e = 0; e < num_experts; ++e) {
      cumsum[e + 1] = cumsum[e] + counts[e];  // want "load from counts\\[e\\] is past the end of shared array smem"
    }
  }
  __syncthreads();
  if (threadIdx.x <= num_experts) {
    expert_offsets[threadIdx.x] = cumsum[threadIdx.x];
  }
}

void moe_expert_offsets(const torch::Tensor& topk_ids, torch::Tensor& expert_offsets) {
  const int num_experts = expert_offsets.size(0) - 1;
  const int numel = topk_ids.numel();
  const size_t smem = (2 * num_experts + 1) * sizeof(int32_t);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  moe_expert_offsets_kernel<<<1, 256, smem, stream>>>(topk_ids.data_ptr<int32_t>(),
                                                      expert_offsets.data_ptr<int32_t>(), numel,
                                                      num_experts);
}
