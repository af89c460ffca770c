// Top-k with an optional copy of the selected ids: the kernel copies into
// ids_out only when the launcher passed one. (Bug twin:
// bug_memcpy_optional_out.cu.)
#include <cstring>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void topk_ids_kernel(int* __restrict__ ids, int* __restrict__ ids_out, const float* __restrict__ scores,
                                const int k) {
  const int64_t row = blockIdx.x;
  if (threadIdx.x == 0) {
    for (int j = 0; j < k; ++j) {
      ids[row * k + j] = scores[row * k + j] > 0.f ? j : -1;
    }
    if (ids_out != nullptr) {
      memcpy(ids_out + row * k, ids + row * k, k * sizeof(int));
    }
  }
}

void topk_ids(torch::Tensor& ids, const torch::Tensor& scores, const std::optional<at::Tensor>& ids_out, int64_t k) {
  const int rows = scores.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  topk_ids_kernel<<<rows, 32, 0, stream>>>(ids.data_ptr<int>(), ids_out.has_value() ? ids_out->data_ptr<int>() : nullptr,
                                           scores.data_ptr<float>(), k);
}
