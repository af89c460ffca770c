// A kernel written against PyTorch's stable ABI and header-only API, with
// libcu++ helpers: torch::stable::Tensor, THO_DISPATCH_*, STD_TORCH_CHECK
// (also without a trailing semicolon, which PyTorch's if-statement form
// allows), checks inside constexpr functions, and functors passed as lambdas.
#include <cub/cub.cuh>
#include <cuda/cmath>
#include <cuda/functional>
#include <cuda/std/limits>
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/Dispatch.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/Exception.h>
#include <torch/csrc/inductor/aoti_torch/c/shim.h>

namespace cudavet_test {

// A checked constexpr helper evaluated at compile time below.
constexpr int checked_tile(int bytes) {
  STD_TORCH_CHECK(bytes > 0 && bytes % 16 == 0);
  return bytes / 16;
}
constexpr int kTiles = checked_tile(256);

template <typename scalar_t, int THREADS>
__global__ void row_absmax_kernel(const scalar_t* __restrict__ x,
                                  float* __restrict__ out, const int cols) {
  using Reduce = cub::BlockReduce<float, THREADS>;
  __shared__ typename Reduce::TempStorage scratch;
  float m = -cuda::std::numeric_limits<float>::infinity();
  for (int c = threadIdx.x; c < cols; c += THREADS) {
    m = cuda::maximum<>{}(m, fabsf(static_cast<float>(x[blockIdx.x * cols + c])));
  }
  m = Reduce(scratch).Reduce(m, [](float a, float b) { return a > b ? a : b; });
  if (threadIdx.x == 0) {
    out[blockIdx.x] = m;
  }
}

}  // namespace cudavet_test

torch::stable::Tensor row_absmax(const torch::stable::Tensor& x) {
  STD_TORCH_CHECK(x.dim() == 2, "x must be 2-D")
  STD_TORCH_CHECK(x.is_contiguous(), "x must be contiguous");
  const int rows = x.size(0);
  const int cols = x.size(1);
  torch::stable::Tensor out = torch::stable::empty(
      {rows}, torch::headeronly::ScalarType::Float, std::nullopt, x.device());
  const torch::stable::accelerator::DeviceGuard guard(x.get_device_index());
  void* stream_ptr = nullptr;
  TORCH_ERROR_CODE_CHECK(
      aoti_torch_get_current_cuda_stream(x.get_device_index(), &stream_ptr));
  const cudaStream_t stream = reinterpret_cast<cudaStream_t>(stream_ptr);
  const int blocks = cuda::ceil_div(rows, 1) * cudavet_test::kTiles / 16;
  THO_DISPATCH_SWITCH(
      x.scalar_type(), "row_absmax",
      THO_DISPATCH_CASE(torch::headeronly::ScalarType::Float, [&] {
        cudavet_test::row_absmax_kernel<scalar_t, 256>
            <<<blocks, 256, 0, stream>>>(x.const_data_ptr<scalar_t>(),
                                          out.mutable_data_ptr<float>(), cols);
      }) THO_DISPATCH_CASE(torch::headeronly::ScalarType::BFloat16, [&] {
        cudavet_test::row_absmax_kernel<scalar_t, 256>
            <<<blocks, 256, 0, stream>>>(x.const_data_ptr<scalar_t>(),
                                          out.mutable_data_ptr<float>(), cols);
      }));
  return out;
}

STABLE_TORCH_LIBRARY_IMPL(_C, CUDA, m) {
  m.impl("row_absmax", TORCH_BOX(&row_absmax));
}
