// Clearing a per-token table of 256 bins: the row offset token * NUM_BINS
// is computed in int and wraps from 8,388,609 tokens, eight times the
// production limit of num_tokens (1,048,576; cudavet help limits). No
// deployment reaches it today, so only a run asked for latent findings
// (-latent) reports it, as latent.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int NUM_BINS = 256;

__global__ void clear_bins_kernel(int* __restrict__ bins) {
  const int token = blockIdx.x;
  bins[token * NUM_BINS + threadIdx.x] = 0;  // want `^latent: token \* 256 \(int\) overflows when num_tokens >= 8388609 \(used as memory index\); nothing within the production limits triggers it \(num_tokens at most 1048576: cudavet help limits\)`
}

void clear_bins(torch::Tensor& bins) {
  TORCH_CHECK(bins.size(1) == NUM_BINS, "bins must have ", NUM_BINS, " columns");
  int num_tokens = bins.size(0);
  clear_bins_kernel<<<num_tokens, NUM_BINS, 0, at::cuda::getCurrentCUDAStream()>>>(bins.data_ptr<int>());
}
