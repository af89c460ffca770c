// Masked token gather: the condition reads the attention mask at the
// thread's own token, so it varies between threads, and the barrier that
// publishes the gathered rows is inside it. The masked-out threads do not
// leave: they wait at the block's second barrier, which the others take
// for the end of the first.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void masked_gather_kernel(float* __restrict__ out,
                                     const float* __restrict__ hidden,
                                     const bool* __restrict__ mask,
                                     const int num_tokens) {
  __shared__ float s_row[128];
  const int tid = threadIdx.x;
  if (tid < num_tokens && mask[tid]) {
    s_row[tid] = hidden[tid];
    __syncthreads();  // want `__syncthreads\(\) is reached only by threads with tid < num_tokens && mask\[tid\] \(condition at line 15 depends on threadIdx.x via tid\)`
    out[tid] = s_row[tid];
  }
  __syncthreads();
  s_row[tid] = 0.f;
}

void masked_gather(torch::Tensor& out, torch::Tensor& hidden, torch::Tensor& mask) {
  TORCH_CHECK(mask.numel() <= 128, "at most 128 tokens");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  masked_gather_kernel<<<1, 128, 0, stream>>>(out.data_ptr<float>(), hidden.data_ptr<float>(),
                                              mask.data_ptr<bool>(), mask.numel());
}
