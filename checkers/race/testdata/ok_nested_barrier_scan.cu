// A suffix sum per round of a radix select: each round runs an 8-step
// Hillis-Steele scan that reads one half of a double buffer and writes
// the other, a barrier after every step. Both loops hold barriers: the
// scan's 8 steps are a constant count, so every thread passes 9 barriers
// per round and two threads in one barrier interval are in the same
// round and the same step (before, the round's barrier count was a
// symbolic trip count, its epochs unknown, and a read of one half paired
// with a write of the other from another step was reported).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int RADIX = 256;

__global__ void round_scans_kernel(const int* __restrict__ counts, int* __restrict__ out, const int rounds) {
  __shared__ int s_buf[2][RADIX + 128];
  const int tx = threadIdx.x;
  for (int round = 0; round < rounds; ++round) {
    if (tx < RADIX) s_buf[0][tx] = counts[((int64_t)blockIdx.x * rounds + round) * RADIX + tx];
    __syncthreads();
    for (int i = 0; i < 8; ++i) {
      if (tx < RADIX) {
        const int j = 1 << i;
        const int k = i & 1;
        int value = s_buf[k][tx];
        if (tx < RADIX - j) value += s_buf[k][tx + j];
        s_buf[k ^ 1][tx] = value;
      }
      __syncthreads();
    }
    if (tx < RADIX) out[((int64_t)blockIdx.x * rounds + round) * RADIX + tx] = s_buf[0][tx];
  }
}

void round_scans(const torch::Tensor& counts, torch::Tensor& out) {
  const int rows = counts.size(0);
  const int rounds = counts.size(1);
  TORCH_CHECK(counts.size(2) == RADIX && out.size(0) == rows && out.size(1) == rounds && out.size(2) == RADIX);
  round_scans_kernel<<<rows, 512, 0, at::cuda::getCurrentCUDAStream()>>>(counts.data_ptr<int>(), out.data_ptr<int>(), rounds);
}
