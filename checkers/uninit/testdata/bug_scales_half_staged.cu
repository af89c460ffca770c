// Per-channel dequantisation scales staged in shared memory: the staging
// guard still says 64 channels from the old group size, so threads 64..127
// read scales nobody stored.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, 128]; shape in[num_tokens, 128]; shape scales[128]
// cudavet:user num_tokens
// cudavet:launch grid=num_tokens block=128
__global__ void apply_scales_kernel(float* __restrict__ out, const float* __restrict__ in,
                                    const float* __restrict__ scales) {
  __shared__ float s_scale[128];
  const int tid = threadIdx.x;
  if (tid < 64) {
    s_scale[tid] = scales[tid];
  }
  __syncthreads();
  const int64_t i = (int64_t)blockIdx.x * 128 + tid;
  out[i] = in[i] * s_scale[tid];  // want `load from s_scale\[tid\] reads element \d+ of shared s_scale, which no thread of the block has written`
}

void apply_scales(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& scales) {
  const int num_tokens = in.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  apply_scales_kernel<<<num_tokens, 128, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                                      scales.data_ptr<float>());
}
