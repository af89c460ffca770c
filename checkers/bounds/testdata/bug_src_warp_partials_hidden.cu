// Row-sum reduction for RMSNorm with the hidden size read as int64_t and
// cast to int: the block is min(hidden, 1024) threads, up to 32 warps, but
// the per-warp partials live in a __shared__ array of 16 (written for
// 512-thread blocks).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void row_sumsq_kernel(float* __restrict__ out, const float* __restrict__ in, const int cols) {
  __shared__ float partial[16];
  const int row = blockIdx.x;
  float acc = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    const float v = in[static_cast<int64_t>(row) * cols + c];
    acc += v * v;
  }
  for (int o = 16; o > 0; o /= 2) {
    acc += __shfl_xor_sync(0xffffffff, acc, o);
  }
  const int warp = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0) {
    partial[warp] = acc;  // want "store to partial\\[warp\\] is past the end of shared array partial \\(16 elements\\) with hid \\(last dim of input\\) = \\d+ \\(.+: .+\\)"
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.f;
    for (int w = 0; w < blockDim.x / 32; ++w) {
      total += partial[w];  // want "load from partial\\[w\\] is past the end of shared array partial \\(16 elements\\)"
    }
    out[row] = total;
  }
}

void row_sumsq(torch::Tensor& out, const torch::Tensor& input) {
  const int64_t hid = input.size(-1);
  const int64_t rows = input.numel() / hid;
  TORCH_CHECK(out.numel() == rows);
  const int threads = std::min<int64_t>(hid, 1024);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  row_sumsq_kernel<<<rows, threads, 0, stream>>>(out.data_ptr<float>(), input.data_ptr<float>(),
                                                 static_cast<int>(hid));
}
