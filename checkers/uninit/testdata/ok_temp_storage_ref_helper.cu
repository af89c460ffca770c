// An exclusive scan of per-thread counts run by a device helper: the
// kernel declares cub's shared TempStorage and hands it to the helper by
// reference, and the helper's BlockScan uses it. Binding the reference
// reads nothing of the storage, which no thread has written yet.
#include <cub/cub.cuh>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int kThreads>
__device__ void scan_counts(const int* __restrict__ counts, int* __restrict__ offsets,
                            typename cub::BlockScan<int, kThreads>::TempStorage& temp) {
  const int64_t i = (int64_t)blockIdx.x * kThreads + threadIdx.x;
  int offset;
  cub::BlockScan<int, kThreads>(temp).ExclusiveSum(counts[i], offset);
  offsets[i] = offset;
}

template <int kThreads>
__global__ void scan_kernel(const int* __restrict__ counts, int* __restrict__ offsets) {
  __shared__ typename cub::BlockScan<int, kThreads>::TempStorage temp;
  scan_counts<kThreads>(counts, offsets, temp);
}

void scan(torch::Tensor& offsets, const torch::Tensor& counts) {
  TORCH_CHECK(counts.size(0) % 256 == 0 && offsets.size(0) == counts.size(0));
  scan_kernel<256><<<counts.size(0) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      counts.data_ptr<int>(), offsets.data_ptr<int>());
}
