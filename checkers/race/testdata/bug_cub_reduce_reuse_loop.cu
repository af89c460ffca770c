// Greedy sampling over a vocabulary: each block scans one row of logits in
// chunks of 256 x 4 and keeps the running maximum with cub::BlockReduce.
// The temp storage is reused by the next chunk's reduction with no barrier
// in between: warp leaders of chunk i + 1 overwrite the warp aggregates
// thread 0 is still reading for chunk i (CUB requires a __syncthreads()
// before temp storage is reused).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cub/cub.cuh>

constexpr int kThreads = 256;
constexpr int kVec = 4;

// cudavet:shape logits[batch, vocab]; shape out[batch]
// cudavet:user batch; fixed vocab = 32000
// cudavet:launch grid=batch block=256
__global__ void argmax_sample_kernel(const float* __restrict__ logits, int* __restrict__ out,
                                     const int vocab) {
  using BlockReduce = cub::BlockReduce<cub::KeyValuePair<int, float>, kThreads>;
  __shared__ typename BlockReduce::TempStorage temp;
  const float* row = logits + (int64_t)blockIdx.x * vocab;
  cub::KeyValuePair<int, float> best(0, -1e30f);
  for (int base = 0; base < vocab; base += kThreads * kVec) {
    cub::KeyValuePair<int, float> cur(0, -1e30f);
    for (int j = 0; j < kVec; ++j) {
      const int i = base + threadIdx.x * kVec + j;
      if (i < vocab && row[i] > cur.value) {
        cur.key = i;
        cur.value = row[i];
      }
    }
    cur = BlockReduce(temp).Reduce(cur, cub::ArgMax());  // want "data race on shared temp: .*cub::BlockReduce"
    if (threadIdx.x == 0 && cur.value > best.value) {
      best = cur;
    }
  }
  if (threadIdx.x == 0) {
    out[blockIdx.x] = best.key;
  }
}

void argmax_sample(torch::Tensor& out, const torch::Tensor& logits) {
  const int batch = logits.size(0);
  const int vocab = logits.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  argmax_sample_kernel<<<batch, kThreads, 0, stream>>>(logits.data_ptr<float>(), out.data_ptr<int>(), vocab);
}
