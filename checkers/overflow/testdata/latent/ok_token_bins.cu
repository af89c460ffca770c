// The twin of bug_token_bins.cu with the row offset computed in int64_t:
// nothing wraps at any number of tokens, latent or not.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int NUM_BINS = 256;

__global__ void clear_bins_kernel(int* __restrict__ bins) {
  const int token = blockIdx.x;
  bins[(int64_t)token * NUM_BINS + threadIdx.x] = 0;
}

void clear_bins(torch::Tensor& bins) {
  TORCH_CHECK(bins.size(1) == NUM_BINS, "bins must have ", NUM_BINS, " columns");
  int num_tokens = bins.size(0);
  clear_bins_kernel<<<num_tokens, NUM_BINS, 0, at::cuda::getCurrentCUDAStream()>>>(bins.data_ptr<int>());
}
