// Safe: fused residual add + RMSNorm moving 8 halves (16 bytes) at a time;
// hidden_size % 8 == 0 makes every row start on a 16-byte boundary, and the
// vector loop stops at hidden_size / 8.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, mask);
  }
  return v;
}

// cudavet:shape input[num_tokens, hidden_size]; shape residual[num_tokens, hidden_size]; shape weight[hidden_size]
// cudavet:user num_tokens <= 1 << 20; fixed hidden_size in {4096, 5120, 8192}
// cudavet:assume hidden_size % 8 == 0
// cudavet:launch grid=num_tokens block=min(hidden_size / 8, 1024)
__global__ void fused_add_rms_norm_kernel(__half* __restrict__ input, __half* __restrict__ residual,
                                          const __half* __restrict__ weight, const float epsilon,
                                          const int hidden_size) {
  __shared__ float red[32];
  __shared__ float s_inv_rms;
  const int vec_hidden = hidden_size / 8;
  const int64_t row = (int64_t)blockIdx.x * vec_hidden;
  uint4* in_vec = reinterpret_cast<uint4*>(input) + row;
  uint4* res_vec = reinterpret_cast<uint4*>(residual) + row;
  const uint4* w_vec = reinterpret_cast<const uint4*>(weight);

  float sum_sq = 0.f;
  for (int i = threadIdx.x; i < vec_hidden; i += blockDim.x) {
    uint4 a = in_vec[i];
    const uint4 r = res_vec[i];
    __half2* ah = reinterpret_cast<__half2*>(&a);
    const __half2* rh = reinterpret_cast<const __half2*>(&r);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      ah[j] = __hadd2(ah[j], rh[j]);
      const float2 f = __half22float2(ah[j]);
      sum_sq += f.x * f.x + f.y * f.y;
    }
    res_vec[i] = a;
  }
  sum_sq = warp_sum(sum_sq);
  if (threadIdx.x % 32 == 0) {
    red[threadIdx.x / 32] = sum_sq;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.f;
    for (int w = 0; w < (blockDim.x + 31) / 32; ++w) {
      total += red[w];
    }
    s_inv_rms = rsqrtf(total / hidden_size + epsilon);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < vec_hidden; i += blockDim.x) {
    uint4 a = res_vec[i];
    const uint4 w = w_vec[i];
    __half2* ah = reinterpret_cast<__half2*>(&a);
    const __half2* wh = reinterpret_cast<const __half2*>(&w);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const float2 f = __half22float2(ah[j]);
      const float2 g = __half22float2(wh[j]);
      ah[j] = __floats2half2_rn(f.x * s_inv_rms * g.x, f.y * s_inv_rms * g.y);
    }
    in_vec[i] = a;
  }
}

void fused_add_rms_norm(torch::Tensor& input, torch::Tensor& residual, const torch::Tensor& weight,
                        double epsilon) {
  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  TORCH_CHECK(hidden_size % 8 == 0, "hidden_size must be a multiple of 8");
  const dim3 grid(num_tokens);
  const dim3 block(std::min(hidden_size / 8, 1024));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  fused_add_rms_norm_kernel<<<grid, block, 0, stream>>>(
      reinterpret_cast<__half*>(input.data_ptr()), reinterpret_cast<__half*>(residual.data_ptr()),
      reinterpret_cast<const __half*>(weight.data_ptr()), epsilon, hidden_size);
}
