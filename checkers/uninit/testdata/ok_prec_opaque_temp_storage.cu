// Block-wide prefix over tiles with a look-back helper whose code is not
// visible here (a library's collective declared in a header, defined in a
// library): its TempStorage lives in shared memory and is handed to the
// helper's constructor by reference. What the helper does with it (fill it,
// publish the tile's prefix through it) is unknown; the kernel never reads
// it itself before the helper had it. Nothing to report.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct LookbackStorage {
  int exclusive_prefix;
  int block_aggregate;
};

struct TileLookback {
  __device__ TileLookback(LookbackStorage& storage, int* tile_status);
  __device__ int tile_index() const;
  __device__ int exclusive_prefix(int aggregate);
};

__global__ void tile_offsets_kernel(int* __restrict__ offsets, const int* __restrict__ lengths, int* tile_status,
                                    int* __restrict__ tile_prefix, const int n) {
  __shared__ LookbackStorage storage;
  __shared__ int tile[256];
  TileLookback lookback(storage, tile_status);
  const int t = lookback.tile_index();
  const int i = t * 256 + threadIdx.x;
  tile[threadIdx.x] = i < n ? lengths[i] : 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    tile[0] += lookback.exclusive_prefix(tile[255]);
  }
  __syncthreads();
  if (i < n) offsets[i] = tile[threadIdx.x];
  if (threadIdx.x == 0) tile_prefix[blockIdx.x] = storage.exclusive_prefix;
}

void tile_offsets(torch::Tensor& offsets, const torch::Tensor& lengths, torch::Tensor& tile_status,
                  torch::Tensor& tile_prefix) {
  const int n = lengths.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  tile_offsets_kernel<<<(n + 255) / 256, 256, 0, stream>>>(offsets.data_ptr<int>(), lengths.data_ptr<int>(),
                                                           tile_status.data_ptr<int>(), tile_prefix.data_ptr<int>(), n);
}
