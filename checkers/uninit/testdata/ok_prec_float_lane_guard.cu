// Block max for a row softmax, in the style of the reductions shipped
// with quantised-LLM kernel packages: each warp's maximum goes to
// s_warp_max[warp], and after the barrier the first warp reads back one
// partial per warp. The guard compares the lane with blockDim.x / 32.f, a
// float computed from the block size: with 128 threads only lanes 0..3
// read, exactly the four slots the four warps wrote. Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__inline__ __device__ float warp_reduce_max(float val) {
  for (int mask = 16; mask > 0; mask >>= 1) {
    val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, mask, 32));
  }
  return val;
}

__inline__ __device__ float block_reduce_max(float val) {
  static __shared__ float s_warp_max[32];
  const int lane = threadIdx.x & 0x1f;
  const int wid = threadIdx.x >> 5;
  val = warp_reduce_max(val);
  if (lane == 0) {
    s_warp_max[wid] = val;
  }
  __syncthreads();
  val = (lane < (blockDim.x / 32.f)) ? s_warp_max[lane] : -1e20f;
  val = warp_reduce_max(val);
  return val;
}

__global__ void row_max_kernel(float* __restrict__ row_max, const float* __restrict__ logits,
                               const int vocab) {
  float m = -1e20f;
  for (int i = threadIdx.x; i < vocab; i += blockDim.x) {
    m = fmaxf(m, logits[(int64_t)blockIdx.x * vocab + i]);
  }
  m = block_reduce_max(m);
  if (threadIdx.x == 0) {
    row_max[blockIdx.x] = m;
  }
}

void row_max(torch::Tensor& out, torch::Tensor& logits) {
  const int rows = logits.size(0);
  const int vocab = logits.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  row_max_kernel<<<rows, 128, 0, stream>>>(out.data_ptr<float>(), logits.data_ptr<float>(), vocab);
}
