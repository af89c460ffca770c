// LayerNorm: the block reduction helper is called twice (mean, then
// variance) on one shared scratch array, but the helper does not end with
// a barrier: warp 0 may still read red[lane] of the first reduction when
// the other warps' lane 0 write the second one.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, off);
  }
  return v;
}

__device__ float block_sum(float v, float* red) {
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  v = warp_sum(v);
  if (lane == 0) {
    red[warp] = v;  // want "data race on shared red: store to red\\[warp\\] and load from red\\[lane\\]"
  }
  __syncthreads();
  v = (lane < blockDim.x / 32) ? red[lane] : 0.f;
  v = warp_sum(v);
  return v;
}

// cudavet:shape out[num_tokens, hidden]; shape in[num_tokens, hidden]; shape gamma[hidden]
// cudavet:user num_tokens; fixed hidden = 4096
// cudavet:launch grid=num_tokens block=1024
__global__ void layernorm_kernel(float* __restrict__ out, const float* __restrict__ in,
                                 const float* __restrict__ gamma, const int hidden) {
  __shared__ float red[32];
  const float* x = in + (int64_t)blockIdx.x * hidden;
  float sum = 0.f, sq = 0.f;
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    sum += x[i];
    sq += x[i] * x[i];
  }
  // One pass: var = E[x^2] - E[x]^2; every thread gets both totals.
  const float mean = block_sum(sum, red) / hidden;
  const float var = block_sum(sq, red) / hidden - mean * mean;
  const float rstd = rsqrtf(var + 1e-5f);
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    out[(int64_t)blockIdx.x * hidden + i] = (x[i] - mean) * rstd * gamma[i];
  }
}

void layernorm(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& gamma) {
  const int num_tokens = in.size(0);
  const int hidden = in.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  layernorm_kernel<<<num_tokens, 1024, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                                    gamma.data_ptr<float>(), hidden);
}
