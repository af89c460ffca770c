// A block-wide sum helper (it synchronises the block) is called by half of
// each warp only.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ float block_sum(float v, float* s_buf) {
  s_buf[threadIdx.x] = v;
  __syncthreads();
  float total = 0.f;
  for (int i = 0; i < 32; ++i) {
    total += s_buf[i];
  }
  __syncthreads();
  return total;
}

__global__ void half_warp_norm_kernel(float* __restrict__ out,
                                      const float* __restrict__ in, const int n) {
  __shared__ float s_buf[256];
  const int lane = threadIdx.x % 32;
  const float v = in[blockIdx.x * n + threadIdx.x];
  float norm = 1.f;
  if (lane < 16) {
    norm = block_sum(v * v, s_buf);  // want `call to block_sum, which reaches __syncthreads\(\) at line 8, is reached only by threads with lane < 16 \(condition at line 23 depends on threadIdx.x via lane\)`
  }
  out[blockIdx.x * n + threadIdx.x] = v * rsqrtf(norm + 1e-6f);
}

void half_warp_norm(torch::Tensor& out, torch::Tensor& in) {
  const int n = in.size(-1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  half_warp_norm_kernel<<<in.size(0), n, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), n);
}
