// Half-warp dot products for grouped queries: all 32 lanes run the
// reduction, but the mask names only the low half-warp, so lanes 16..31
// call __shfl_down_sync with a mask that excludes themselves.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_groups, 2]; shape q[num_groups, 32]; shape k[num_groups, 32]
// cudavet:user num_groups
// cudavet:launch grid=num_groups block=32
__global__ void half_warp_dot_kernel(float* __restrict__ out, const float* __restrict__ q,
                                     const float* __restrict__ k) {
  const int lane = threadIdx.x;
  const int64_t base = (int64_t)blockIdx.x * 32;
  float v = q[base + lane] * k[base + lane];
  for (int off = 8; off > 0; off >>= 1) {
    v += __shfl_down_sync(0x0000ffff, v, off, 16);  // want "lane \\d+ calls __shfl_down_sync with mask 0xffff, which does not include it"
  }
  if (lane % 16 == 0) {
    out[(int64_t)blockIdx.x * 2 + lane / 16] = v;
  }
}

void half_warp_dot(torch::Tensor& out, const torch::Tensor& q, const torch::Tensor& k) {
  const int num_groups = q.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  half_warp_dot_kernel<<<num_groups, 32, 0, stream>>>(out.data_ptr<float>(), q.data_ptr<float>(), k.data_ptr<float>());
}
