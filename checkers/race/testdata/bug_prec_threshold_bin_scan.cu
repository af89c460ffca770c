// The threshold bin of ok_prec_threshold_bin_scan.cu after a "fast path":
// when the whole row has more than top_k keys, every thread records its
// own bin: all 256 threads store to s_bin in one barrier interval, a
// write-write race whose winner is arbitrary (the guard reads s_hist[0],
// one value for all threads).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int RADIX = 256;

__global__ void threshold_bin_kernel(const int* __restrict__ keys, int* __restrict__ bins, const int n,
                                     const int top_k) {
  __shared__ int s_hist[RADIX + 1];
  __shared__ int s_bin;
  const int tx = threadIdx.x;
  if (tx == 0) s_hist[RADIX] = 0;
  s_hist[tx] = 0;
  __syncthreads();
  for (int i = tx; i < n; i += blockDim.x) atomicAdd(&s_hist[keys[(int64_t)blockIdx.x * n + i] & (RADIX - 1)], 1);
  __syncthreads();
  for (int j = 1; j < RADIX; j <<= 1) {
    int v = s_hist[tx];
    if (tx + j < RADIX) v += s_hist[tx + j];
    __syncthreads();
    s_hist[tx] = v;
    __syncthreads();
  }
  if (s_hist[0] > top_k) {
    s_bin = tx;  // want `data race on shared s_bin`
  }
  __syncthreads();
  if (tx == 0) bins[blockIdx.x] = s_bin;
}

void threshold_bins(const torch::Tensor& keys, torch::Tensor& bins, int64_t top_k) {
  const int rows = keys.size(0);
  const int n = keys.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  threshold_bin_kernel<<<rows, RADIX, 0, stream>>>(keys.data_ptr<int>(), bins.data_ptr<int>(), n, (int)top_k);
}
