// Token frequency count for a repetition penalty: every block adds its
// tokens to the global count with a plain increment, so two blocks (or
// two warps) that see the same token id lose an update.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape counts[vocab]; shape tokens[num_tokens]
// cudavet:user num_tokens; fixed vocab = 32000
// cudavet:launch grid=ceil_div(num_tokens, 128) block=128
__global__ void token_count_kernel(int* __restrict__ counts, const int* __restrict__ tokens, const int num_tokens,
                                   const int vocab) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= num_tokens) {
    return;
  }
  const int t = tokens[i];
  if (t >= 0 && t < vocab) {
    counts[t] = counts[t] + 1;  // want "data race on global counts: store to counts\\[t\\] and load from counts\\[t\\]"
  }
}

void token_count(torch::Tensor& counts, const torch::Tensor& tokens) {
  const int n = tokens.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  token_count_kernel<<<(n + 127) / 128, 128, 0, stream>>>(counts.data_ptr<int>(), tokens.data_ptr<int>(), n, 32000);
}
