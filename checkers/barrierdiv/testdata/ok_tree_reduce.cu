// Safe: the tree reduction's condition tid < s is thread-dependent, but the
// barrier is outside it and the loop over s is uniform (s depends only on
// blockDim.x), so every thread reaches every barrier.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

template <typename scalar_t>
__global__ void row_sum_squares_kernel(float* __restrict__ out,
                                       const scalar_t* __restrict__ in, const int d) {
  extern __shared__ float s_red[];
  const int tid = threadIdx.x;
  float acc = 0.f;
  for (int i = tid; i < d; i += blockDim.x) {
    const float v = static_cast<float>(in[(int64_t)blockIdx.x * d + i]);
    acc += v * v;
  }
  s_red[tid] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      s_red[tid] += s_red[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    out[blockIdx.x] = s_red[0];
  }
}

void row_sum_squares(torch::Tensor& out, torch::Tensor& in) {
  const int d = in.size(-1);
  const int threads = 256;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(in.scalar_type(), "row_sum_squares", [&] {
    row_sum_squares_kernel<scalar_t><<<in.size(0), threads, threads * sizeof(float), stream>>>(
        out.data_ptr<float>(), in.data_ptr<scalar_t>(), d);
  });
}
