// The shared-memory traffic of cub::BlockReduce and cub::BlockScan around
// their barrier: a temporary over a __shared__ TempStorage, a named object
// over a field of a union of temp storages, .template Sum<N> over an array,
// a reference to dynamic shared memory, a one-warp block (no traffic: no
// aggregates cross warps), and a scan over a union member (every thread
// reads the warp totals).
#include <cub/cub.cuh>

struct Storage {
  float total;
  union {
    cub::BlockReduce<float, 128>::TempStorage reduce;
    cub::BlockScan<int, 128>::TempStorage scan;
  } prim;
};

__global__ void temporary(float* out) {
  __shared__ cub::BlockReduce<float, 256>::TempStorage temp;
  out[threadIdx.x] = cub::BlockReduce<float, 256>(temp).Sum(out[threadIdx.x]);
}

__global__ void named_field(float* out) {
  __shared__ Storage s;
  cub::BlockReduce<float, 128> r(s.prim.reduce);
  s.total = r.Reduce(out[threadIdx.x], cub::Max());
}

template <int N>
__global__ void items(float* out) {
  extern __shared__ unsigned char smem[];
  auto& temp = reinterpret_cast<typename cub::BlockReduce<float, 64>::TempStorage&>(smem);
  float v[N] = {out[threadIdx.x]};
  out[threadIdx.x] = cub::BlockReduce<float, 64>(temp).template Sum<N>(v);
}
void launch_items(float* out) { items<2><<<1, 64, 256>>>(out); }

__global__ void one_warp(float* out) {
  __shared__ cub::BlockReduce<float, 32>::TempStorage temp;
  out[threadIdx.x] = cub::BlockReduce<float, 32>(temp).Sum(out[threadIdx.x]);
}

__global__ void scan_field(int* out) {
  __shared__ Storage s;
  int slot;
  cub::BlockScan<int, 128>(s.prim.scan).ExclusiveSum(out[threadIdx.x], slot);
  out[threadIdx.x] = slot;
}
