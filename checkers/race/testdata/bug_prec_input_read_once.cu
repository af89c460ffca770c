// The permutation of ok_prec_input_read_once.cu with the dropped-token
// branch no longer exclusive: every block also counts the dropped ids as
// its own, so block 0 and any other block both store to the slot of a
// dropped token: a write-write race across blocks.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void permutation_kernel(const int32_t* __restrict__ topk_ids, int32_t* __restrict__ output_permutation,
                                   int32_t* __restrict__ counters, const int topk_length, const int zero_row) {
  const int expert = blockIdx.x;
  for (int i = threadIdx.x; i < topk_length; i += blockDim.x) {
    const int id = topk_ids[i];
    if (id == -1 && blockIdx.x == 0) {
      output_permutation[i] = zero_row;
    }
    if (id == expert || id == -1) {
      output_permutation[i] = atomicAdd(&counters[expert], 1);  // want `data race on global output_permutation`
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
