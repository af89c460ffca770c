// The look-back tile offsets of ok_prec_opaque_temp_storage.cu after a
// refactor: the helper now keeps its prefix in the tile-status array and
// gets no storage, but the kernel still adds the shared storage's
// exclusive prefix, which nothing writes any more.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct LookbackStorage {
  int exclusive_prefix;
  int block_aggregate;
};

struct TileLookback {
  __device__ explicit TileLookback(int* tile_status);
  __device__ int tile_index() const;
  __device__ int exclusive_prefix(int aggregate);
};

__global__ void tile_offsets_kernel(int* __restrict__ offsets, const int* __restrict__ lengths, int* tile_status,
                                    int* __restrict__ tile_prefix, const int n) {
  __shared__ LookbackStorage storage;
  __shared__ int tile[256];
  TileLookback lookback(tile_status);
  const int t = lookback.tile_index();
  const int i = t * 256 + threadIdx.x;
  tile[threadIdx.x] = i < n ? lengths[i] : 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    tile[0] += lookback.exclusive_prefix(tile[255]);
  }
  __syncthreads();
  if (i < n) offsets[i] = tile[threadIdx.x];
  if (threadIdx.x == 0) tile_prefix[blockIdx.x] = storage.exclusive_prefix;  // want `reads element 0 of shared storage, which no thread of the block has written`
}

void tile_offsets(torch::Tensor& offsets, const torch::Tensor& lengths, torch::Tensor& tile_status,
                  torch::Tensor& tile_prefix) {
  const int n = lengths.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  tile_offsets_kernel<<<(n + 255) / 256, 256, 0, stream>>>(offsets.data_ptr<int>(), lengths.data_ptr<int>(),
                                                           tile_status.data_ptr<int>(), tile_prefix.data_ptr<int>(), n);
}
