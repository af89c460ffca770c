// Row softmax: the first warp stages its partial maxima in shared memory,
// but the barrier that publishes them sits inside the first warp's branch.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"
#include <cuda_fp16.h>

template <typename scalar_t>
__global__ void softmax_rows_kernel(scalar_t* __restrict__ out,
                                    const scalar_t* __restrict__ in,
                                    const int d) {
  __shared__ float s_part[32];
  const int64_t row = blockIdx.x;
  const scalar_t* x = in + row * d;
  float m = -1e30f;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    m = fmaxf(m, static_cast<float>(x[i]));
  }
  if (threadIdx.x < 32) {
    s_part[threadIdx.x] = m;
    __syncthreads();  // want `__syncthreads\(\) is reached only by threads with threadIdx.x < 32 \(condition at line 19 depends on threadIdx.x\)`
    for (int k = 16; k > 0; k >>= 1) {
      s_part[threadIdx.x] = fmaxf(s_part[threadIdx.x], s_part[threadIdx.x ^ k]);
    }
  }
  const float row_max = s_part[0];
  float sum = 0.f;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    sum += __expf(static_cast<float>(x[i]) - row_max);
  }
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    out[row * d + i] = static_cast<scalar_t>(__expf(static_cast<float>(x[i]) - row_max) / sum);
  }
}

void softmax_rows(torch::Tensor& out, torch::Tensor& in) {
  TORCH_CHECK(in.is_contiguous(), "input must be contiguous");
  const int d = in.size(-1);
  const int64_t rows = in.numel() / d;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(in.scalar_type(), "softmax_rows", [&] {
    softmax_rows_kernel<scalar_t><<<rows, 256, 0, stream>>>(
        out.data_ptr<scalar_t>(), in.data_ptr<scalar_t>(), d);
  });
}
