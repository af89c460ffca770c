// A decoupled look-back prefix sum over row lengths: each block scans its
// tile in shared memory, then the first warp waits on the tiles before it
// through cub::ScanTileState and cub::TilePrefixCallbackOp.
// kernel: row_offsets_kernel
#include <cub/device/device_scan.cuh>

constexpr int kTile = 128;

struct AddOp {
  __device__ int operator()(int a, int b) const { return a + b; }
};

using TileState = cub::ScanTileState<int>;

__global__ void init_tiles_kernel(TileState state, int num_tiles) { state.InitializeStatus(num_tiles); }

__global__ void row_offsets_kernel(const int* lengths, int* offsets, TileState state, int n) {
  using PrefixOp = cub::TilePrefixCallbackOp<int, AddOp, TileState>;
  __shared__ typename PrefixOp::TempStorage prefix_storage;
  __shared__ int tile[kTile + 1];
  PrefixOp prefix(state, prefix_storage, AddOp{});
  int tile_idx = prefix.GetTileIdx();
  int i = tile_idx * kTile + threadIdx.x;
  tile[threadIdx.x] = i < n ? lengths[i] : 0;
  __syncthreads();
  for (int d = 1; d < kTile; d <<= 1) {
    int v = threadIdx.x >= d ? tile[threadIdx.x - d] : 0;
    __syncthreads();
    tile[threadIdx.x] += v;
    __syncthreads();
  }
  int aggregate = tile[kTile - 1];
  if (tile_idx == 0) {
    if (threadIdx.x == 0) {
      state.SetInclusive(0, aggregate);
      tile[kTile] = 0;
    }
  } else if (threadIdx.x < 32) {
    int before = prefix(aggregate);
    if (threadIdx.x == 0) tile[kTile] = before;
  }
  __syncthreads();
  if (i < n) offsets[i] = tile[kTile] + tile[threadIdx.x] - lengths[i];
}

cudaError_t row_offsets(const int* lengths, int* offsets, void* scratch, size_t scratch_bytes, int n,
                        cudaStream_t stream) {
  int num_tiles = (n + kTile - 1) / kTile;
  size_t need = 0;
  TileState::AllocationSize(num_tiles, need);
  if (need > scratch_bytes) return cudaErrorInvalidValue;
  TileState state;
  state.Init(num_tiles, scratch, scratch_bytes);
  init_tiles_kernel<<<(num_tiles + 255) / 256, 256, 0, stream>>>(state, num_tiles);
  row_offsets_kernel<<<num_tiles, kTile, 0, stream>>>(lengths, offsets, state, n);
  return cudaGetLastError();
}
