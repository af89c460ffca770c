// Safe: every directive kind in its usual form, consistent with each other
// (shapes of parameters, a user range, fixed alternatives, assumptions that
// hold together, and a launch whose sizes the other directives define).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, hidden_size]; shape input[num_tokens, hidden_size]
// cudavet:shape weight[hidden_size]
// cudavet:user num_tokens in [1, 1 << 20]
// cudavet:fixed hidden_size in {4096, 5120, 8192}
// cudavet:assume hidden_size % 8 == 0; assume 1 <= num_tokens * hidden_size < 1ll << 40
// cudavet:launch grid=num_tokens block=min(hidden_size, 1024)
__global__ void rms_norm_f32_kernel(float* __restrict__ out, const float* __restrict__ input,
                                    const float* __restrict__ weight, const float epsilon, const int hidden_size) {
  __shared__ float red[32];
  const int64_t row = (int64_t)blockIdx.x * hidden_size;
  float s = 0.f;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    s += input[row + i] * input[row + i];
  }
  for (int m = 16; m > 0; m >>= 1) {
    s += __shfl_xor_sync(0xffffffff, s, m);
  }
  if (threadIdx.x % 32 == 0) {
    red[threadIdx.x / 32] = s;
  }
  __syncthreads();
  float total = 0.f;
  for (int w = 0; w < blockDim.x / 32; ++w) {
    total += red[w];
  }
  const float inv = rsqrtf(total / hidden_size + epsilon);
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[row + i] = input[row + i] * inv * weight[i];
  }
}
