// MoE down-projection weight lookup: each expert's weight matrix starts at
// expert * N * K, computed in int. With a 2*14336 x 4096 weight per expert
// the offset wraps from expert 19 on, so the 64-expert variant reads
// another expert's (or another tensor's) weights.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape w[num_experts, N, K]; shape out[num_experts, N]; shape x[K]
// cudavet:fixed num_experts in {8, 64}; fixed N = 28672; fixed K = 4096
// cudavet:launch grid=ceil_div(N, 8), num_experts block=256
__global__ void expert_gemv_kernel(float* __restrict__ out, const float* __restrict__ w,
                                   const float* __restrict__ x, const int N, const int K) {
  const int expert = blockIdx.y;
  const int n = blockIdx.x * 8 + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (n >= N) {
    return;
  }
  const float* w_e = w + expert * N * K;  // want "expert \\* N \\* K \\(int\\) overflows with K = 4096, N = 28672, num_experts = 64 \\(used as pointer offset\\)"
  float acc = 0.f;
  for (int k = lane; k < K; k += 32) {
    acc += w_e[(int64_t)n * K + k] * x[k];
  }
  for (int off = 16; off > 0; off >>= 1) {
    acc += __shfl_xor_sync(0xffffffff, acc, off);
  }
  if (lane == 0) {
    out[(int64_t)expert * N + n] = acc;
  }
}

void expert_gemv(torch::Tensor& out, const torch::Tensor& w, const torch::Tensor& x) {
  const int num_experts = w.size(0);
  const int N = w.size(1);
  const int K = w.size(2);
  const dim3 grid((N + 7) / 8, num_experts);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  expert_gemv_kernel<<<grid, 256, 0, stream>>>(out.data_ptr<float>(), w.data_ptr<float>(),
                                               x.data_ptr<float>(), N, K);
}
