// GEMV for a decode step: x is streamed through two shared buffers, the
// next tile prefetched while the current one is used. Safe: the barrier
// at the end of each iteration separates the reads of buffer t & 1 from
// its reuse for tile t + 2, and the prefetch from its first read.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

#define TILE 128

// cudavet:shape out[rows, 128]; shape w[rows, k]; shape x[k]
// cudavet:fixed rows = 4096; fixed k = 4096
// cudavet:launch grid=rows block=128
__global__ void gemv_pipelined_kernel(float* __restrict__ out, const float* __restrict__ w,
                                      const float* __restrict__ x, const int k) {
  __shared__ float buf[2 * TILE];
  const int tid = threadIdx.x;
  const float* row = w + (int64_t)blockIdx.x * k;
  const int num_tiles = k / TILE;
  buf[tid] = x[tid];
  __syncthreads();
  float acc = 0.f;
  for (int t = 0; t < num_tiles; ++t) {
    const int cur = t & 1;
    if (t + 1 < num_tiles) {
      buf[(cur ^ 1) * TILE + tid] = x[(t + 1) * TILE + tid];
    }
    for (int j = 0; j < TILE; j += 32) {
      acc += row[t * TILE + j + tid % 32] * buf[cur * TILE + j + tid % 32];
    }
    __syncthreads();
  }
  out[(int64_t)blockIdx.x * TILE + tid] = acc;  // per-lane partial sums, reduced by the caller
}

void gemv_pipelined(torch::Tensor& out, const torch::Tensor& w, const torch::Tensor& x) {
  const int rows = w.size(0);
  const int k = w.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gemv_pipelined_kernel<<<rows, TILE, 0, stream>>>(out.data_ptr<float>(), w.data_ptr<float>(), x.data_ptr<float>(), k);
}
