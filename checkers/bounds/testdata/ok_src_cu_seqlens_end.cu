// Per-sequence lengths from the cumulative offsets of a varlen batch,
// fixed: there is one sequence fewer than offsets, so the last thread's
// cu_seqlens[seq + 1] is the final offset.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void seq_lens_from_offsets_kernel(int* __restrict__ seq_lens, const int* __restrict__ cu_seqlens,
                                             const int n) {
  const int seq = blockIdx.x * blockDim.x + threadIdx.x;
  if (seq >= n) {
    return;
  }
  seq_lens[seq] = cu_seqlens[seq + 1] - cu_seqlens[seq];
}

void seq_lens_from_offsets(torch::Tensor& seq_lens, const torch::Tensor& cu_seqlens) {
  TORCH_CHECK(cu_seqlens.dim() == 1 && cu_seqlens.scalar_type() == at::kInt);
  TORCH_CHECK(cu_seqlens.numel() >= 2, "need at least one sequence");
  const int64_t n = cu_seqlens.numel() - 1;
  TORCH_CHECK(seq_lens.numel() >= n, "seq_lens too small");
  const int threads = 256;
  const int64_t blocks = (n + threads - 1) / threads;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  seq_lens_from_offsets_kernel<<<blocks, threads, 0, stream>>>(seq_lens.data_ptr<int>(), cu_seqlens.data_ptr<int>(),
                                                               static_cast<int>(n));
}
