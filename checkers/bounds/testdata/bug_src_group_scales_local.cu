// Group-wise dequantisation of one packed row: each thread caches the
// row's per-group scales in a local array of 8 (written for 1024-wide
// rows in groups of 128), but the number of groups is read from the
// scales tensor, and a 4096-wide layer in groups of 128 has 32.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void dequant_rows_kernel(float* __restrict__ out, const int8_t* __restrict__ q,
                                    const float* __restrict__ scales, const int n_groups, const int gsize) {
  float s[8];
  const int64_t row = blockIdx.x;
  for (int g = 0; g < n_groups; ++g) {
    s[g] = scales[row * n_groups + g];  // want "store to s\\[g\\] is past the end of local array s \\(8 elements\\) (when .* )?with n_groups \\(columns of scales\\) = \\d+ \\(.+: .+\\)"
  }
  const int64_t width = static_cast<int64_t>(n_groups) * gsize;
  for (int64_t c = threadIdx.x; c < width; c += blockDim.x) {
    out[row * width + c] = static_cast<float>(q[row * width + c]) * s[c / gsize];  // want "load from s\\[c / gsize\\] is past the end of local array s \\(8 elements\\)"
  }
}

void dequant_rows(torch::Tensor& out, const torch::Tensor& q, const torch::Tensor& scales) {
  TORCH_CHECK(q.dim() == 2 && scales.dim() == 2 && scales.size(0) == q.size(0));
  const int64_t n_groups = scales.size(1);
  TORCH_CHECK(q.size(1) % n_groups == 0);
  const int64_t gsize = q.size(1) / n_groups;
  TORCH_CHECK(out.size(0) == q.size(0) && out.size(1) == q.size(1));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dequant_rows_kernel<<<q.size(0), 256, 0, stream>>>(out.data_ptr<float>(), q.data_ptr<int8_t>(),
                                                     scales.data_ptr<float>(), static_cast<int>(n_groups),
                                                     static_cast<int>(gsize));
}
