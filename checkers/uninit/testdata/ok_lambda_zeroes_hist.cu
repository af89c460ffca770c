// A per-row value histogram whose passes are device lambdas: one zeroes
// the shared counts, one (handed to a for-each helper) counts, and the
// counts are read back after a barrier. The zeroing runs inside the
// lambda: the engine runs device lambdas as it inlines device functions
// (before, their stores were unseen and the read was "nothing stores to
// it").
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename F>
__device__ void for_each_in_row(const float* row, int n, F f) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) f(row[i], i);
}

__global__ void value_hist_kernel(const float* __restrict__ x, int* __restrict__ out, const int n) {
  __shared__ int s_hist[256];
  const float* row = x + (int64_t)blockIdx.x * n;
  auto zero = [&]() {
    if (threadIdx.x < 256) s_hist[threadIdx.x] = 0;
  };
  zero();
  __syncthreads();
  for_each_in_row(row, n, [&](float v, int i) { atomicAdd(&s_hist[(int)v & 255], 1); });
  __syncthreads();
  if (threadIdx.x < 256) out[(int64_t)blockIdx.x * 256 + threadIdx.x] = s_hist[threadIdx.x];
}

void value_hist(const torch::Tensor& x, torch::Tensor& out) {
  const int rows = x.size(0);
  const int n = x.size(1);
  TORCH_CHECK(out.size(0) == rows && out.size(1) == 256);
  value_hist_kernel<<<rows, 512, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), out.data_ptr<int>(), n);
}
