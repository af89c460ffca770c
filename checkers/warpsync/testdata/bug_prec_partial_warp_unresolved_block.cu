// The partial-warp reduction of ok_prec_partial_warp_unresolved_block.cu
// in a kernel that puts several rows in one block (threadIdx.y is the row):
// with 16 threads a row, a warp holds two rows, lanes 16-31 are the second
// row's, and a mask built from threadIdx.x alone leaves them out while they
// call the shuffle. The block shape is again unknown to cudavet; the kernel
// reads threadIdx.y, so it is not taken to be 1-D.
#include <cuda_runtime.h>

__device__ float warp_sum_partial(float v) {
  const int lane = threadIdx.x & 31;
  const int live = blockDim.x - (threadIdx.x & ~31u);
  const unsigned mask = (1u << live) - 1;
  for (int offset = 16; offset > 0; offset >>= 1) {
    const float other = __shfl_xor_sync(mask, v, offset, 32);  // want `calls __shfl_xor_sync with mask 0x[0-9a-f]+, which does not include it`
    v += (lane ^ offset) < live ? other : 0.f;
  }
  return v;
}

__global__ __launch_bounds__(1024) void rows_sumsq_kernel(float* __restrict__ out, const float* __restrict__ x, const int rows, const int cols) {
  const int64_t row = (int64_t)blockIdx.x * blockDim.y + threadIdx.y;
  const float v = x[(int64_t)row * cols + threadIdx.x];
  float s = v * v;
  const bool partial = (blockDim.x & 31) != 0;
  if (partial && threadIdx.x >= (blockDim.x & ~31u)) {
    s = warp_sum_partial(s);
  }
  if (threadIdx.x == 0) out[row] = s;
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
  return cudaLaunchKernelEx(&cfg, rows_sumsq_kernel, out, x, rows, cols);
}
