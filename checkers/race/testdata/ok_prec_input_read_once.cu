// MoE permutation: one block per expert scans the routed ids; block 0 also
// points the slots of dropped tokens (id -1) at a zero row. Two blocks
// store to output_permutation[i] only if topk_ids[i] is both -1 and their
// expert, and both read the same element of a read-only input: one value.
// No race.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void permutation_kernel(const int32_t* __restrict__ topk_ids, int32_t* __restrict__ output_permutation,
                                   int32_t* __restrict__ counters, const int topk_length, const int zero_row) {
  const int expert = blockIdx.x;
  for (int i = threadIdx.x; i < topk_length; i += blockDim.x) {
    const int id = topk_ids[i];
    if (id == -1 && blockIdx.x == 0) {
      output_permutation[i] = zero_row;
    } else if (id == expert) {
      output_permutation[i] = atomicAdd(&counters[expert], 1);
    }
  }
}

void permutation(const torch::Tensor& topk_ids, torch::Tensor& output_permutation, torch::Tensor& counters,
                 int64_t num_experts, int64_t zero_row) {
  const int topk_length = topk_ids.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  permutation_kernel<<<num_experts, 256, 0, stream>>>(topk_ids.data_ptr<int32_t>(), output_permutation.data_ptr<int32_t>(),
                                                      counters.data_ptr<int32_t>(), topk_length, (int)zero_row);
}
