// A launcher dispatches on a runtime parameter, rows_per_block, and sizes
// the grid and block with it: M / rows_per_block blocks of rows_per_block
// rows each, so every block's rows lie inside the output. The parameter,
// an unknown of the launch model, left the grid and block unresolved even
// under the test rows_per_block == 16: here every check was skipped, and
// on vLLM's ROCm LLMM1 (skinny_gemms.cu:251) the kernel was checked for
// its first block alone and reported at M = 1, which launches no block.
// Under a test against a constant, the parameter is that constant.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>
#include <algorithm>

template <int ROWS>
__global__ void rows_kernel(__half2* __restrict__ c) {
  if (threadIdx.x < ROWS / 2) {
    c[blockIdx.x * ROWS / 2 + threadIdx.x] = __float2half2_rn(0.f);
  }
}

torch::Tensor fill_rows(const torch::Tensor& a, const int64_t rows_per_block) {
  const auto M = a.size(0);
  auto out = torch::empty({1, M}, a.options());
  const int threads = std::max<int64_t>(rows_per_block * 4, 64);
  const int blocks = M / rows_per_block;
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
