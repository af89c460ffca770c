// RMSNorm's block reduction when the block size is not a multiple of 32
// (a hidden size of 2880 with 8 elements per thread gives 360 threads): the
// last, partial warp reduces with a mask of its live lanes only. The
// launcher builds the cudaLaunchConfig_t in a helper and hands it to a
// helper that adds launch attributes, so the block shape is unknown.
// The kernel is written for a 1-D block (it reads only threadIdx.x and
// blockDim.x), so its lanes are threadIdx.x & 31 and the mask is right.
#include <cuda_runtime.h>

__device__ float warp_sum_partial(float v) {
  const int lane = threadIdx.x & 31;
  const int live = blockDim.x - (threadIdx.x & ~31u);  // lanes of this (last) warp
  const unsigned mask = (1u << live) - 1;
  for (int offset = 16; offset > 0; offset >>= 1) {
    const float other = __shfl_xor_sync(mask, v, offset, 32);
    v += (lane ^ offset) < live ? other : 0.f;
  }
  return v;
}

__global__ __launch_bounds__(1024) void row_sumsq_kernel(float* __restrict__ out, const float* __restrict__ x, const int cols) {
  const float v = x[(int64_t)blockIdx.x * cols + threadIdx.x];
  float s = v * v;
  const bool partial = (blockDim.x & 31) != 0;
  if (partial && threadIdx.x >= (blockDim.x & ~31u)) {
    s = warp_sum_partial(s);
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

// Adds the launch attributes (programmatic dependent launch, a cluster)
// to the configuration; defined in another file.
void add_launch_attributes(cudaLaunchConfig_t* cfg, cudaLaunchAttribute* attrs);

cudaError_t launch(float* out, const float* x, int rows, int cols, int block, cudaStream_t stream) {
  cudaLaunchConfig_t cfg;
  cudaLaunchAttribute attrs[2];
  cfg.gridDim = dim3(rows, 1, 1);
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = 0;
  cfg.stream = stream;
  cfg.numAttrs = 0;
  add_launch_attributes(&cfg, attrs);
  return cudaLaunchKernelEx(&cfg, row_sumsq_kernel, out, x, cols);
}
