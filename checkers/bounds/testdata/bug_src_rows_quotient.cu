// The twin of ok_src_rows_quotient.cu reads each element's right
// neighbour without a guard: the last token's last element reads one past
// the [num_tokens, width] tensor.
#include <torch/all.h>

__global__ void smooth_rows(float* __restrict__ out, const float* __restrict__ x, const int64_t* __restrict__ positions,
                            int64_t row_stride, int width) {
  const int64_t t = blockIdx.x;
  for (int i = threadIdx.x; i < width; i += blockDim.x) {
    const float right = x[t * row_stride + i + 1];  // want "load from x\\[.*\\] is past the end of buffer x"
    out[t * row_stride + i] = 0.5f * (x[t * row_stride + i] + right);
  }
}

torch::Tensor smooth_rows(torch::Tensor& positions, torch::Tensor& x) {
  const int64_t num_tokens = positions.numel();
  const int width = x.numel() / num_tokens;
  const int64_t row_stride = x.stride(-2);
  dim3 block(std::min(width, 1024));
  torch::Tensor out = torch::empty_like(x);
  smooth_rows<<<num_tokens, block>>>(out.data_ptr<float>(), x.data_ptr<float>(), positions.data_ptr<int64_t>(), row_stride, width);
  return out;
}
