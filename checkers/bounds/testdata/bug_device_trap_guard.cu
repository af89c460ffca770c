// ok_device_trap_guard.cu with the guard one past the end (col > hidden_size):
// the thread at the row's end goes on and writes one element past it.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kTile = 128;

__global__ void trapped_bias_add_kernel(float* __restrict__ out, const float* __restrict__ bias,
                                        const int hidden_size) {
  const int64_t token = blockIdx.y;
  const int col = blockIdx.x * kTile + threadIdx.x;
  if (col > hidden_size) {
    __trap();
  }
  out[token * hidden_size + col] += bias[col];  // want "load from out\\[token \\* hidden_size \\+ col\\] is past the end of buffer out" "store to out\\[token \\* hidden_size \\+ col\\] is past the end" "load from bias\\[col\\] is past the end of buffer bias \\(2880 elements here\\)"
}

void trapped_bias_add(torch::Tensor& out, const torch::Tensor& bias) {
  const int hidden_size = out.size(-1);
  const int num_tokens = out.numel() / hidden_size;
  TORCH_CHECK(bias.numel() == hidden_size);
  dim3 grid((hidden_size + kTile - 1) / kTile, num_tokens);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  trapped_bias_add_kernel<<<grid, kTile, 0, stream>>>(out.data_ptr<float>(), bias.data_ptr<float>(),
                                                      hidden_size);
}
