// Attention-score softmax. Safe: thread 0 initialises the shared maximum
// and sum before a barrier; the sum is accumulated with atomicAdd and read
// only after a second barrier.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape scores[num_rows, row_len]; shape row_max[num_rows]
// cudavet:user num_rows; fixed row_len = 1024
// cudavet:launch grid=num_rows block=256
__global__ void softmax_rows_kernel(float* __restrict__ scores, const float* __restrict__ row_max,
                                    const int row_len) {
  __shared__ float s_max;
  __shared__ float s_sum;
  float* row = scores + (int64_t)blockIdx.x * row_len;
  if (threadIdx.x == 0) {
    s_max = row_max[blockIdx.x];
    s_sum = 0.f;
  }
  __syncthreads();
  float local = 0.f;
  for (int i = threadIdx.x; i < row_len; i += blockDim.x) {
    const float e = __expf(row[i] - s_max);
    row[i] = e;
    local += e;
  }
  atomicAdd(&s_sum, local);
  __syncthreads();
  const float inv = 1.f / s_sum;
  for (int i = threadIdx.x; i < row_len; i += blockDim.x) {
    row[i] *= inv;
  }
}

void softmax_rows(torch::Tensor& scores, const torch::Tensor& row_max) {
  const int num_rows = scores.size(0);
  const int row_len = scores.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  softmax_rows_kernel<<<num_rows, 256, 0, stream>>>(scores.data_ptr<float>(), row_max.data_ptr<float>(), row_len);
}
