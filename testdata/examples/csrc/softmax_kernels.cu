// BUG(barrierdiv): row softmax over a vocabulary-sized row, one block per row. The second
// pass stages each tile in shared memory; its barrier sits inside a
// block-stride loop, so when vocab_size is not a multiple of blockDim.x
// the last threads leave the loop early and the block hangs or reads a
// half-written tile. cudavet reports it (barrierdiv).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cfloat>

#include "reduction_utils.cuh"

namespace cvk {

__global__ void softmax_rows_kernel(float* __restrict__ probs,         // [num_rows, vocab_size]
                                    const float* __restrict__ logits,  // [num_rows, vocab_size]
                                    const int vocab_size) {
  extern __shared__ float tile[];  // [blockDim.x]
  __shared__ float s_max, s_sum;
  const int64_t row = (int64_t)blockIdx.x * vocab_size;

  float local_max = -FLT_MAX;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    local_max = fmaxf(local_max, logits[row + i]);
  }
  for (int offset = 16; offset > 0; offset >>= 1) {
    local_max = fmaxf(local_max, __shfl_xor_sync(0xffffffff, local_max, offset));
  }
  __shared__ float warp_max[32];
  if (threadIdx.x % 32 == 0) warp_max[threadIdx.x / 32] = local_max;
  __syncthreads();
  if (threadIdx.x == 0) {
    float m = warp_max[0];
    for (int w = 1; w < blockDim.x / 32; ++w) m = fmaxf(m, warp_max[w]);
    s_max = m;
  }
  __syncthreads();

  float local_sum = 0.0f;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    tile[threadIdx.x] = __expf(logits[row + i] - s_max);
    __syncthreads();
    local_sum += tile[threadIdx.x];
  }
  local_sum = block_reduce_sum<float>(local_sum);
  if (threadIdx.x == 0) s_sum = local_sum;
  __syncthreads();

  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    probs[row + i] = __expf(logits[row + i] - s_max) / s_sum;
  }
}

}  // namespace cvk

void softmax_rows(torch::Tensor& probs, torch::Tensor& logits) {
  TORCH_CHECK(logits.scalar_type() == at::ScalarType::Float);
  const int num_rows = logits.size(0);
  const int vocab_size = logits.size(1);
  const int threads = 1024;
  cvk::softmax_rows_kernel<<<num_rows, threads, threads * sizeof(float),
                             at::cuda::getCurrentCUDAStream()>>>(
      probs.data_ptr<float>(), logits.data_ptr<float>(), vocab_size);
}
