// RMSNorm with a residual: the sum of squares and the absolute maximum
// (for a per-token fp8 scale) are two block reductions on one temp
// storage, carved from dynamic shared memory. Thread 0 keeps the first
// result in shared memory, and the barrier after that store is also the
// one CUB requires before the temp storage is reused.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cub/cub.cuh>

constexpr int kThreads = 512;
using BlockReduce = cub::BlockReduce<float, kThreads>;

// cudavet:shape out[num_tokens, hidden]; shape input[num_tokens, hidden]; shape scales[num_tokens]
// cudavet:user num_tokens; fixed hidden = 4096
// cudavet:launch grid=num_tokens block=512
__global__ void rms_absmax_kernel(float* __restrict__ out, float* __restrict__ scales,
                                  const float* __restrict__ input, const int hidden) {
  extern __shared__ __align__(16) unsigned char smem[];
  auto& temp = reinterpret_cast<BlockReduce::TempStorage&>(smem);
  __shared__ float s_rms, s_max;
  const float* x = input + (int64_t)blockIdx.x * hidden;
  float ss = 0.f, mx = 0.f;
  for (int i = threadIdx.x; i < hidden; i += kThreads) {
    ss += x[i] * x[i];
    mx = fmaxf(mx, fabsf(x[i]));
  }
  BlockReduce reduce(temp);
  const float total = reduce.Sum(ss);
  if (threadIdx.x == 0) {
    s_rms = rsqrtf(total / hidden + 1e-6f);
  }
  __syncthreads();
  const float amax = reduce.Reduce(mx, cub::Max());
  if (threadIdx.x == 0) {
    s_max = amax;
    scales[blockIdx.x] = amax / 448.f;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < hidden; i += kThreads) {
    out[(int64_t)blockIdx.x * hidden + i] = x[i] * s_rms * (448.f / s_max);
  }
}

void rms_absmax(torch::Tensor& out, torch::Tensor& scales, const torch::Tensor& input) {
  const int num_tokens = input.size(0);
  const int hidden = input.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  rms_absmax_kernel<<<num_tokens, kThreads, sizeof(BlockReduce::TempStorage), stream>>>(
      out.data_ptr<float>(), scales.data_ptr<float>(), input.data_ptr<float>(), hidden);
}
