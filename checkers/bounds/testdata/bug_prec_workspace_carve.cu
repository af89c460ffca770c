// Split-KV decode setup, as in ok_prec_workspace_carve, but the launcher
// checks the workspace against what it needs and gets the need wrong: it
// reserves one int64 offset per sequence, then places the offsets after a
// partial-output region it never reserved. Once the partial outputs take
// room (any batch), the offsets region starts past the checked end.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void batch_offsets_kernel(int64_t* __restrict__ batch_offsets, const int64_t row_bytes,
                                     const int batch) {
  for (int i = threadIdx.x; i < batch; i += blockDim.x) {
    batch_offsets[i] = i * row_bytes;  // want `store to batch_offsets\[i\] is past the end of buffer batch_offsets`
  }
}

constexpr int64_t kSplits = 16;

void decode_setup(torch::Tensor& workspace, const torch::Tensor& q) {
  const int64_t batch = q.size(0), width = q.size(1);
  TORCH_CHECK(workspace.numel() == batch * static_cast<int64_t>(sizeof(int64_t)), "workspace too small");
  int8_t* base = static_cast<int8_t*>(workspace.data_ptr());
  int8_t* partial_o = base;
  int8_t* offsets = partial_o + batch * width * kSplits * sizeof(float);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  batch_offsets_kernel<<<1, 128, 0, stream>>>(reinterpret_cast<int64_t*>(offsets), width * 2,
                                              static_cast<int>(batch));
}
