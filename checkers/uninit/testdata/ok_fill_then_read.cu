// Difference with the previous position. Safe: the shared buffer is
// filled by every thread before the barrier, then the neighbour is read.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, 256]; shape in[num_tokens, 256]
// cudavet:user num_tokens
// cudavet:launch grid=num_tokens block=256
__global__ void neighbour_diff_kernel(float* __restrict__ out, const float* __restrict__ in) {
  __shared__ float s_buf[256];
  const int tid = threadIdx.x;
  const int64_t i = (int64_t)blockIdx.x * 256 + tid;
  s_buf[tid] = in[i];
  __syncthreads();
  const float prev = tid > 0 ? s_buf[tid - 1] : 0.f;
  out[i] = in[i] - prev;
}

void neighbour_diff(torch::Tensor& out, const torch::Tensor& in) {
  const int num_tokens = in.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  neighbour_diff_kernel<<<num_tokens, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>());
}
