// Bounds bugs behind control flow the replay must follow: clamps in
// device functions and reference parameters, while(true) with break,
// a shrinking tree reduction, continue, a ternary index, min, and extern
// shared memory sized by the launch. The countdown kernel's loop
// condition has a side effect (k--), which lowers to Unknown IR: its
// finding cannot be replayed and is counted as skipped.
#include <cuda_runtime.h>
#include <cstdint>

__device__ int clamp_last(int i, int n) {
  int idx = i;
  if (idx >= n) idx = n - 1;
  return idx;
}

__device__ void advance(int& pos, int step) { pos += step; }

// cudavet:shape out[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=ceil_div(n, 256) + 1 block=256
__global__ void clamp_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[clamp_last(i, n)] = 0.f;
  int p = i;
  advance(p, 1);
  if (p <= n) out[p] = 1.f;
}

// cudavet:shape out[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=4 block=256
__global__ void while_break_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (true) {
    if (i > n) break;
    out[i] = 0.f;
    i += blockDim.x * gridDim.x;
  }
}

// cudavet:launch block=512
__global__ void tree_reduce_kernel(float* out) {
  __shared__ float red[256];
  int tid = threadIdx.x;
  red[tid % 256] = 1.f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid + s] += red[tid];
    __syncthreads();
  }
  if (tid == 0) out[0] = red[0];
}

// cudavet:shape out[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void continue_kernel(float* out, int n) {
  for (int j = threadIdx.x; j <= n; j += 256) {
    if (j % 2) continue;
    out[j] = 0.f;
  }
}

// cudavet:shape out[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=1 block=256 smem=4*n
__global__ void smem_kernel(float* out, int n) {
  extern __shared__ float buf[];
  for (int j = threadIdx.x; j < n; j += blockDim.x) buf[j + 1] = 0.f;
  __syncthreads();
  if (threadIdx.x < n) out[threadIdx.x] = buf[threadIdx.x];
}

// cudavet:shape out[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void ternary_index_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = (i & 1) ? i + 1 : i;
  if (i < n) out[j] = 0.f;
}

// cudavet:shape out[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void min_clamp_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = min(i, n);
  out[j] = 0.f;
}

// cudavet:shape out[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=1 block=256
__global__ void countdown_kernel(float* out, int n) {
  for (unsigned k = n; k-- > 0;) {
    out[k + threadIdx.x] = 0.f;
  }
}
