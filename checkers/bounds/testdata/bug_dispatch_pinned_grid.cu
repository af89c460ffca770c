// Bug twin of ok_dispatch_pinned_grid.cu: the grid rounds up, (M +
// rows_per_block - 1) / rows_per_block blocks, so when M is not a multiple
// of rows_per_block the last block writes past the output.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>
#include <algorithm>

template <int ROWS>
__global__ void rows_kernel(__half2* __restrict__ c) {
  if (threadIdx.x < ROWS / 2) {
    c[blockIdx.x * ROWS / 2 + threadIdx.x] = __float2half2_rn(0.f);  // want "store to c\\[blockIdx.x \\* \\d+ / 2 \\+ threadIdx.x\\] is past the end of buffer c"
  }
}

torch::Tensor fill_rows(const torch::Tensor& a, const int64_t rows_per_block) {
  const auto M = a.size(0);
  auto out = torch::empty({1, M}, a.options());
  const int threads = std::max<int64_t>(rows_per_block * 4, 64);
  const int blocks = (M + rows_per_block - 1) / rows_per_block;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  auto* c = reinterpret_cast<__half2*>(out.data_ptr<at::Half>());
  if (rows_per_block == 8) {
    rows_kernel<8><<<blocks, threads, 0, stream>>>(c);
  } else if (rows_per_block == 16) {
    rows_kernel<16><<<blocks, threads, 0, stream>>>(c);
  } else {
    TORCH_CHECK(false, "rows_per_block must be 8 or 16");
  }
  return out;
}
