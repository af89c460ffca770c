// A query split from a qkv tensor: the launcher asks for its rows and
// passes its row stride. The dimensions behind size(0) are the row's
// width (heads x head size), model-fixed, not a count of rows.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_query_kernel(float* __restrict__ q, const int q_stride, const int width) {
  float* row = q + blockIdx.x * q_stride;
  for (int i = threadIdx.x; i < width; i += blockDim.x) {
    row[i] *= 0.5f;
  }
}

void scale_query(torch::Tensor& query, int64_t width) {
  const int num_seqs = query.size(0);
  const int q_stride = query.stride(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale_query_kernel<<<num_seqs, 256, 0, stream>>>(query.data_ptr<float>(), q_stride, static_cast<int>(width));
}
