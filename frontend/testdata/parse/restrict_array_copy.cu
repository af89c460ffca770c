// A per-rank table of peer pointers, each __restrict__, copied whole to
// the device and by value into a kernel, as custom all-reduce code does.
// Clang 15's implicit copy of the array member is a memcpy it rejects
// for restrict-qualified elements; nvcc copies it.
//
// kernel: gather_peers
// note: __restrict__ pointers (clang 15's implicit copy)
#include <cuda_runtime.h>

struct __align__(16) PeerPtrs {
  const float* __restrict__ ptrs[8];
};

__global__ void gather_peers(PeerPtrs* table, float* out, int n) {
  PeerPtrs peers = table[blockIdx.x];
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    float acc = 0.f;
#pragma unroll
    for (int r = 0; r < 8; ++r) acc += peers.ptrs[r][i];
    out[blockIdx.x * n + i] = acc;
  }
}

void set_table(PeerPtrs* host, const PeerPtrs& src) { *host = src; }
