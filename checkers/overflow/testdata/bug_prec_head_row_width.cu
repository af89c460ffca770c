// Per-sequence pointers into a decode query [batch, heads, head_dim],
// computed from the sequence index in int: i * heads * head_dim is i rows
// of the query, which wraps once the batch passes 2^31 over one row
// (about 270,000 sequences of a 7168-wide row, fewer for wider ones).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

__global__ void seq_query_ptrs_kernel(const __nv_bfloat16** __restrict__ ptrs,
                                      const __nv_bfloat16* __restrict__ q, const int batch,
                                      const int heads, const int head_dim) {
  for (int i = threadIdx.x; i < batch; i += blockDim.x) {
    ptrs[i] = q + i * heads * head_dim;  // want "i \\* heads \\* head_dim \\(int\\) overflows when b \\(rows of q\\) >= \\d+"
  }
}

void seq_query_ptrs(torch::Tensor& ptrs, const torch::Tensor& q) {
  const int64_t b = q.size(0);
  const int64_t h = q.size(1);
  const int64_t d = q.size(2);
  TORCH_CHECK(ptrs.numel() >= b, "one pointer per sequence");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  seq_query_ptrs_kernel<<<1, 256, 0, stream>>>(
      reinterpret_cast<const __nv_bfloat16**>(ptrs.data_ptr()),
      reinterpret_cast<const __nv_bfloat16*>(q.data_ptr()), b, h, d);
}
