// A tiled bias-add: each block adds the bias to one 128-wide column tile
// of one token's row, with no bound on the column. The launcher throws
// only when the row width is not a multiple of 64, and rounds the grid up:
// gpt-oss-120b's 2880 (45 x 64) passes and its last tile runs 64 columns past the row.
#include <stdexcept>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kTile = 128;

__global__ void tiled_bias_add_kernel(float* __restrict__ out, const float* __restrict__ bias,
                                      const int hidden_size) {
  const int64_t token = blockIdx.y;
  const int col = blockIdx.x * kTile + threadIdx.x;
  out[token * hidden_size + col] += bias[col];  // want "load from out\\[token \\* hidden_size \\+ col\\] is past the end of buffer out" "store to out\\[token \\* hidden_size \\+ col\\] is past the end" "load from bias\\[col\\] is past the end of buffer bias \\(2880 elements here\\)"
}

void tiled_bias_add(torch::Tensor& out, const torch::Tensor& bias) {
  const int hidden_size = out.size(-1);
  const int num_tokens = out.numel() / hidden_size;
  if (hidden_size % 64 != 0) {
    throw std::invalid_argument("hidden_size must be a multiple of 64");
  }
  TORCH_CHECK(bias.numel() == hidden_size);
  dim3 grid((hidden_size + kTile - 1) / kTile, num_tokens);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  tiled_bias_add_kernel<<<grid, kTile, 0, stream>>>(out.data_ptr<float>(), bias.data_ptr<float>(),
                                                    hidden_size);
}
