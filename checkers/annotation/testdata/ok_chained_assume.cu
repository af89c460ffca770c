// Safe: chained comparisons, a shift, ceil_div and max in annotation
// expressions, all satisfiable together.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[batch, max_len]; shape lens[batch]
// cudavet:user batch <= 1 << 12; user max_len in [1, 1 << 17]
// cudavet:assume 16 <= bs <= 1024 && bs % 16 == 0; assume max(batch, 1) * max_len < (1ll << 31)
// cudavet:launch grid=batch, ceil_div(max_len, bs) block=bs
__global__ void pad_mask_kernel(float* __restrict__ out, const int* __restrict__ lens, const int max_len) {
  const int len = lens[blockIdx.x];
  const int pos = blockIdx.y * blockDim.x + threadIdx.x;
  if (pos < max_len) {
    out[blockIdx.x * max_len + pos] = pos < len ? 0.f : -INFINITY;
  }
}
