// Row maximum for softmax: lane 0 of each of the 8 warps stores its
// partial maximum, then warp 0 reduces red[lane] for all 32 lanes:
// red[8..31] were never written (and may hold a larger stale value).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_rows]; shape in[num_rows, row_len]
// cudavet:user num_rows; fixed row_len = 2048
// cudavet:launch grid=num_rows block=256
__global__ void row_max_kernel(float* __restrict__ out, const float* __restrict__ in, const int row_len) {
  __shared__ float red[32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  float m = -INFINITY;
  for (int i = threadIdx.x; i < row_len; i += blockDim.x) {
    m = fmaxf(m, in[(int64_t)blockIdx.x * row_len + i]);
  }
  for (int off = 16; off > 0; off >>= 1) {
    m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, off));
  }
  if (lane == 0) {
    red[warp] = m;
  }
  __syncthreads();
  if (warp == 0) {
    m = red[lane];  // want `load from red\[lane\] reads element \d+ of shared red, which no thread of the block has written`
    for (int off = 16; off > 0; off >>= 1) {
      m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, off));
    }
    if (lane == 0) {
      out[blockIdx.x] = m;
    }
  }
}

void row_max(torch::Tensor& out, const torch::Tensor& in) {
  const int num_rows = in.size(0);
  const int row_len = in.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  row_max_kernel<<<num_rows, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), row_len);
}
