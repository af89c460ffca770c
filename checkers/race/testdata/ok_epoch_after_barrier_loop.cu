// Safe: thread 0 publishes the row maximum before a barrier, then every
// thread runs a block-stride loop with a barrier in each iteration and
// reads the maximum again afterwards. The read is many barrier intervals
// after the store: barrier epochs count up and never wrap, whatever the
// loop's trip count.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scaled_exp_rows_kernel(float* __restrict__ out, const float* __restrict__ logits,
                                       const int vocab_size) {
  __shared__ float s_max;
  __shared__ float tile[1024];
  const int64_t row = (int64_t)blockIdx.x * vocab_size;
  if (threadIdx.x == 0) {
    float m = logits[row];
    for (int i = 1; i < vocab_size; ++i) m = fmaxf(m, logits[row + i]);
    s_max = m;
  }
  __syncthreads();
  const int padded = (vocab_size + blockDim.x - 1) / blockDim.x * blockDim.x;
  float acc = 0.f;
  for (int i = threadIdx.x; i < padded; i += blockDim.x) {
    tile[threadIdx.x] = i < vocab_size ? __expf(logits[row + i] - s_max) : 0.f;
    __syncthreads();
    acc += tile[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    out[row + i] = __expf(logits[row + i] - s_max) * acc;
  }
}

void scaled_exp_rows(torch::Tensor& out, torch::Tensor& logits) {
  const int num_rows = logits.size(0);
  const int vocab_size = logits.size(1);
  scaled_exp_rows_kernel<<<num_rows, 1024, 0, at::cuda::getCurrentCUDAStream()>>>(
      out.data_ptr<float>(), logits.data_ptr<float>(), vocab_size);
}
