// Difference with the previous position: the neighbour is read from the
// shared buffer before the buffer is filled (the two phases were swapped
// in a refactor).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, 256]; shape in[num_tokens, 256]
// cudavet:user num_tokens
// cudavet:launch grid=num_tokens block=256
__global__ void neighbour_diff_kernel(float* __restrict__ out, const float* __restrict__ in) {
  __shared__ float s_buf[256];
  const int tid = threadIdx.x;
  const int64_t i = (int64_t)blockIdx.x * 256 + tid;
  const float prev = tid > 0 ? s_buf[tid - 1] : 0.f;  // want `load from s_buf\[tid - 1\] reads element \d+ of shared s_buf, which no thread of the block has written \(nothing stores to it\)`
  __syncthreads();
  s_buf[tid] = in[i];
  out[i] = in[i] - prev;
}

void neighbour_diff(torch::Tensor& out, const torch::Tensor& in) {
  const int num_tokens = in.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  neighbour_diff_kernel<<<num_tokens, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>());
}
