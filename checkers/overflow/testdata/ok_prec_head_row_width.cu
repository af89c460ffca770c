// Per-sequence pointers into a decode query [batch, heads, head_dim]: the
// int product heads * head_dim is one row of the query, a width of the
// model (num_attention_heads × head_dim), far below 2^31. Each of heads
// and head_dim on its own may be any model dimension, but together they
// make one row, never a vocabulary times an intermediate size.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

__global__ void seq_query_ptrs_kernel(const __nv_bfloat16** __restrict__ ptrs,
                                      const __nv_bfloat16* __restrict__ q, const int batch,
                                      const int heads, const int head_dim) {
  if (threadIdx.x != 0) {
    return;
  }
  int64_t offset = 0;
  for (int i = 0; i < batch; ++i) {
    ptrs[i] = q + offset;
    offset += heads * head_dim;
  }
}

void seq_query_ptrs(torch::Tensor& ptrs, const torch::Tensor& q) {
  const int64_t b = q.size(0);
  const int64_t h = q.size(1);
  const int64_t d = q.size(2);
  TORCH_CHECK(ptrs.numel() >= b, "one pointer per sequence");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  seq_query_ptrs_kernel<<<1, 32, 0, stream>>>(
      reinterpret_cast<const __nv_bfloat16**>(ptrs.data_ptr()),
      reinterpret_cast<const __nv_bfloat16*>(q.data_ptr()), b, h, d);
}
