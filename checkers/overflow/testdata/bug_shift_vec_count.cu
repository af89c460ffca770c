// Per-tensor absmax over a whole activation, read two bf16 at a time.
// Bug: the pair count num_elems >> 1 of a 64-bit element count is kept in
// an int, and the scalar tail starts at num_pairs * 2 + tid in int: both
// wrap for a large tensor (an int64_t shifted by an int literal).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

__global__ void absmax_kernel(float* __restrict__ partial, const __nv_bfloat16* __restrict__ input,
                              const int64_t num_elems) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = blockDim.x * gridDim.x;
  const __nv_bfloat162* pairs = reinterpret_cast<const __nv_bfloat162*>(input);
  const int num_pairs = num_elems >> 1;  // want "conversion of num_elems >> 1 \\(int64_t\\) to int truncates when num_elems >= [0-9]+"
  float m = 0.f;
  for (int i = tid; i < num_pairs; i += stride) {  // want "i \\+ stride \\(int\\) overflows when num_elems >= [0-9]+"
    const float2 v = __bfloat1622float2(pairs[i]);
    m = fmaxf(m, fmaxf(fabsf(v.x), fabsf(v.y)));
  }
  for (int i = num_pairs * 2 + tid; i < num_elems; i += stride) {  // want "num_pairs \\* 2 \\+ tid \\(int\\) overflows when num_elems >= [0-9]+" "i \\+ stride \\(int\\) overflows"
    m = fmaxf(m, fabsf(__bfloat162float(input[i])));
  }
  partial[tid] = m;
}

void tensor_absmax(torch::Tensor& partial, const torch::Tensor& input) {
  const int64_t num_elems = input.numel();
  const int threads = 256;
  const int blocks = 1024;  // partial has blocks * threads entries
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  absmax_kernel<<<blocks, threads, 0, stream>>>(
      partial.data_ptr<float>(), reinterpret_cast<const __nv_bfloat16*>(input.data_ptr<at::BFloat16>()),
      num_elems);
}
