// Row-wise scale of a [num_tokens, hidden_size] activation, launched per
// dtype through a statement macro (do { ... } while (0)). Safe: the row
// offset is computed in int64_t, so no token count a launch can have
// makes it wrap.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename scalar_t>
__global__ void row_scale_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                 const float scale, const int hidden_size) {
  const int64_t row = blockIdx.x;
  const scalar_t* in_row = input + row * hidden_size;
  scalar_t* out_row = out + row * hidden_size;
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
