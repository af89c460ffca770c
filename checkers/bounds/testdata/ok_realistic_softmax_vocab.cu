// Safe: row softmax over Llama-3's 128256-entry vocabulary for up to 2^20
// sequences: the row offset is int64_t (the whole tensor has 2^37
// elements), every loop stops at vocab_size, and the reduction scratch has
// a slot for each of the 32 warps of a 1024-thread block.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
  }
  return v;
}

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, mask);
  }
  return v;
}

// cudavet:shape probs[num_seqs, vocab_size]; shape logits[num_seqs, vocab_size]; shape temperature[num_seqs]
// cudavet:user num_seqs <= 1 << 20; fixed vocab_size = 128256
// cudavet:launch grid=num_seqs block=1024
__global__ void softmax_kernel(float* __restrict__ probs, const float* __restrict__ logits,
                               const float* __restrict__ temperature, const int vocab_size) {
  __shared__ float red[32];
  __shared__ float s_max;
  __shared__ float s_sum;
  const int64_t offset = (int64_t)blockIdx.x * vocab_size;
  const float* row = logits + offset;
  float* out = probs + offset;
  const float inv_t = 1.f / temperature[blockIdx.x];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;

  float m = -INFINITY;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    m = fmaxf(m, row[i] * inv_t);
  }
  m = warp_max(m);
  if (lane == 0) {
    red[warp] = m;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float bm = red[0];
    for (int w = 1; w < blockDim.x / 32; ++w) {
      bm = fmaxf(bm, red[w]);
    }
    s_max = bm;
  }
  __syncthreads();

  float s = 0.f;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    const float e = __expf(row[i] * inv_t - s_max);
    out[i] = e;
    s += e;
  }
  s = warp_sum(s);
  __syncthreads();
  if (lane == 0) {
    red[warp] = s;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float bs = 0.f;
    for (int w = 0; w < blockDim.x / 32; ++w) {
      bs += red[w];
    }
    s_sum = bs;
  }
  __syncthreads();
  const float inv_sum = 1.f / s_sum;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    out[i] *= inv_sum;
  }
}

void softmax(torch::Tensor& probs, const torch::Tensor& logits, const torch::Tensor& temperature) {
  const int num_seqs = logits.size(0);
  const int vocab_size = logits.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  softmax_kernel<<<num_seqs, 1024, 0, stream>>>(probs.data_ptr<float>(), logits.data_ptr<float>(),
                                                temperature.data_ptr<float>(), vocab_size);
}
