// Top-p candidate count: a block-wide counter in shared memory is
// accumulated with atomicAdd but never reset, so it starts from garbage.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_rows]; shape logits[num_rows, vocab]
// cudavet:user num_rows; fixed vocab = 32000
// cudavet:launch grid=num_rows block=512
__global__ void count_above_kernel(int* __restrict__ out, const float* __restrict__ logits, const int vocab,
                                   const float threshold) {
  __shared__ int s_count;
  int local = 0;
  for (int i = threadIdx.x; i < vocab; i += blockDim.x) {
    local += logits[(int64_t)blockIdx.x * vocab + i] > threshold ? 1 : 0;
  }
  atomicAdd(&s_count, local);  // want `atomicAdd on s_count reads element 0 of shared s_count, which no thread of the block has written`
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = s_count;
  }
}

void count_above(torch::Tensor& out, const torch::Tensor& logits, double threshold) {
  const int num_rows = logits.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  count_above_kernel<<<num_rows, 512, 0, stream>>>(out.data_ptr<int>(), logits.data_ptr<float>(), 32000,
                                                   (float)threshold);
}
