// RMSNorm whose launcher reads the hidden size as int64_t and narrows it to
// int for the kernel ("hidden64"): the kernel's row base blockIdx.x *
// hidden is computed in 32 bits and wraps once a long prefill has enough
// rows of a wide model.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void rms_norm_rows_kernel(float* __restrict__ out, const float* __restrict__ input,
                                     const float* __restrict__ weight, const int hidden, const float eps) {
  __shared__ float total;
  __shared__ float inv_rms;
  if (threadIdx.x == 0) {
    total = 0.f;
  }
  __syncthreads();
  float sumsq = 0.f;
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    const float v = input[blockIdx.x * hidden + i];  // want "blockIdx.x \\* hidden \\+ i \\(unsigned int\\) overflows (when|with) .*hidden64 \\(last dim of input\\)"
    sumsq += v * v;
  }
  atomicAdd(&total, sumsq);
  __syncthreads();
  if (threadIdx.x == 0) {
    inv_rms = rsqrtf(total / hidden + eps);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    const int64_t off = static_cast<int64_t>(blockIdx.x) * hidden + i;  // the write-back was fixed, the reduction was not
    out[off] = input[off] * inv_rms * weight[i];
  }
}

void rms_norm_rows(torch::Tensor& out, const torch::Tensor& input, const torch::Tensor& weight, double eps) {
  const int64_t hidden64 = input.size(-1);
  TORCH_CHECK(weight.numel() == hidden64 && out.sizes() == input.sizes());
  const int64_t rows = input.numel() / hidden64;
  const int hidden = static_cast<int>(hidden64);
  const int threads = std::min(hidden, 1024);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  rms_norm_rows_kernel<<<rows, threads, 0, stream>>>(out.data_ptr<float>(), input.data_ptr<float>(),
                                                     weight.data_ptr<float>(), hidden, static_cast<float>(eps));
}
