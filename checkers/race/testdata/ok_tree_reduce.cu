// Row sum of squares for RMSNorm. Safe: every level of the tree ends with
// __syncthreads(), so level k+1 reads only sums level k finished; within
// a level thread tid writes sdata[tid] and reads sdata[tid + s], tid < s.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens]; shape in[num_tokens, hidden]
// cudavet:user num_tokens; fixed hidden = 4096
// cudavet:launch grid=num_tokens block=256
__global__ void rms_sumsq_kernel(float* __restrict__ out, const float* __restrict__ in, const int hidden) {
  __shared__ float sdata[256];
  const int tid = threadIdx.x;
  float acc = 0.f;
  for (int i = tid; i < hidden; i += blockDim.x) {
    const float v = in[(int64_t)blockIdx.x * hidden + i];
    acc += v * v;
  }
  sdata[tid] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  __syncthreads();
  if (tid == 0) {
    out[blockIdx.x] = rsqrtf(sdata[0] / hidden + 1e-6f);
  }
}

void rms_sumsq(torch::Tensor& out, const torch::Tensor& in) {
  const int num_tokens = in.size(0);
  const int hidden = in.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  rms_sumsq_kernel<<<num_tokens, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), hidden);
}
