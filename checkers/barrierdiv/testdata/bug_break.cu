// Top-p style scan over candidate chunks: each thread stops once its own
// running mass passes the threshold, but the loop holds the barrier that
// refills the shared chunk.
#include <cuda_runtime.h>

__global__ void top_p_scan_kernel(int* __restrict__ cutoff,
                                  const float* __restrict__ probs,
                                  const int vocab_size, const float top_p) {
  __shared__ float s_chunk[256];
  const int tid = threadIdx.x;
  const float* row = probs + (int64_t)blockIdx.x * vocab_size;
  float mass = 0.f;
  int last = vocab_size;
  for (int base = 0; base < vocab_size; base += 256) {
    s_chunk[tid] = base + tid < vocab_size ? row[base + tid] : 0.f;
    __syncthreads();  // want `__syncthreads\(\) is in a loop that threads with mass > top_p leave early by break \(condition at line 20 depends on threadIdx.x via mass\)`
    for (int j = 0; j <= tid; ++j) {
      mass += s_chunk[j];
    }
    if (mass > top_p) {
      last = base + tid;
      break;
    }
    __syncthreads();  // want `__syncthreads\(\) is in a loop that threads with mass > top_p leave early by break`
  }
  atomicMin(cutoff + blockIdx.x, last);
}
