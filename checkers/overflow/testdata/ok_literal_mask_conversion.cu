// Expands per-expert token counts packed four to an int (one byte each)
// into a CTA-to-expert map. The byte's mask is picked among literals and
// stored in an int: 0xFF000000 becomes a negative int, the bit pattern
// the author wrote, not a size that grew.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ __forceinline__ int count_byte(int packed, int idx) {
  int mask = idx == 0 ? 0x000000FF : idx == 1 ? 0x0000FF00 : idx == 2 ? 0x00FF0000 : 0xFF000000;
  return (int)((unsigned)(packed & mask) >> (idx * 8));
}

__global__ void expand_counts_kernel(const int* __restrict__ packed_counts, int* __restrict__ cta_to_expert,
                                     const int num_packed, const int max_ctas_per_expert) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= num_packed) return;
  const int packed = packed_counts[p];
  for (int idx = 0; idx < 4; ++idx) {
    const int expert = p * 4 + idx;
    const int n = min(count_byte(packed, idx), max_ctas_per_expert);
    for (int c = 0; c < n; ++c) {
      cta_to_expert[(int64_t)expert * max_ctas_per_expert + c] = expert;
    }
  }
}

void expand_counts(torch::Tensor& cta_to_expert, const torch::Tensor& packed_counts) {
  const int num_packed = packed_counts.size(0);
  const int max_ctas_per_expert = cta_to_expert.size(1);
  TORCH_CHECK(cta_to_expert.size(0) == num_packed * 4);
  expand_counts_kernel<<<(num_packed + 127) / 128, 128, 0, at::cuda::getCurrentCUDAStream()>>>(
      packed_counts.data_ptr<int>(), cta_to_expert.data_ptr<int>(), num_packed, max_ctas_per_expert);
}
