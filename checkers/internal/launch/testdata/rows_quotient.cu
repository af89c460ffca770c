// A launcher that reads a tensor's width as numel / the token count and
// its row stride as stride(-2): the tensor is [num_tokens, width].
#include <torch/all.h>

__global__ void scale_rows(float* __restrict__ x, const int64_t* __restrict__ ids,
                           int64_t stride, int width) {
  const int64_t t = blockIdx.x;
  for (int i = threadIdx.x; i < width; i += blockDim.x) {
    x[t * stride + i] *= 2.0f;
  }
}

void scale_rows(torch::Tensor& ids, torch::Tensor& x) {
  const int64_t num_tokens = ids.numel();
  const int width = x.numel() / num_tokens;
  const int64_t stride = x.stride(-2);
  scale_rows<<<num_tokens, 256>>>(x.data_ptr<float>(), ids.data_ptr<int64_t>(), stride, width);
}

// numel divided by a model width that is not a dimension the code asked
// of y: the quotient is rows, and y is not read as rows x width.
__global__ void scale_cols(float* __restrict__ y, const float* __restrict__ w, int rows, int hidden) {
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    y[(int64_t)blockIdx.x * hidden + i] *= w[i];
  }
}

void scale_cols(torch::Tensor& y, torch::Tensor& weight) {
  const int hidden = weight.size(0);
  const int rows = y.numel() / hidden;
  scale_cols<<<rows, 256>>>(y.data_ptr<float>(), weight.data_ptr<float>(), rows, hidden);
}
