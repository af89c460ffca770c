// Row-wise scale of a [num_tokens, hidden_size] activation, launched per
// dtype through a statement macro (do { ... } while (0)), the way fused
// quantization launchers are written. Bug: the row offset is an int
// product of the block index and the hidden size, so it wraps once
// num_tokens * hidden_size reaches 2^31.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename scalar_t>
__global__ void row_scale_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                 const float scale, const int hidden_size) {
  const int row = blockIdx.x;
  const scalar_t* in_row = input + row * hidden_size;  // want "row \\* hidden_size \\(int\\) overflows when num_tokens >= [0-9]+ with hidden_size = [0-9]+"
  scalar_t* out_row = out + row * hidden_size;  // want "row \\* hidden_size \\(int\\) overflows"
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out_row[i] = (scalar_t)((float)in_row[i] * scale);
  }
}

#define LAUNCH_ROW_SCALE(T)                                                               \
  do {                                                                                    \
    row_scale_kernel<T><<<grid, block, 0, stream>>>(out.data_ptr<T>(), input.data_ptr<T>(), \
                                                    (float)scale, hidden_size);           \
  } while (0)

void row_scale(torch::Tensor& out, const torch::Tensor& input, double scale) {
  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  const dim3 grid(num_tokens);
  const dim3 block(std::min(hidden_size, 1024));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  if (input.scalar_type() == at::ScalarType::Float) {
    LAUNCH_ROW_SCALE(float);
  } else {
    LAUNCH_ROW_SCALE(at::Half);
  }
}
