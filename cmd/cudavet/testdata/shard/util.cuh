// Gate staging for the activation kernels: only the first d threads reach
// the barrier (act.cu, of another part at -shard K/3, is its only includer).
#pragma once

__device__ inline void stage_gate(float* gate, const float* in, int d) {
  if (threadIdx.x < d) {
    gate[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
  }
}
