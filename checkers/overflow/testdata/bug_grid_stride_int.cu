// Elementwise scaled copy over a flattened tensor with a grid-stride loop
// launched with 4 blocks per SM: the loop index is an int while numel is
// int64_t, so the last i += stride wraps as soon as numel is within one
// stride of 2^31, and the loop never reaches numel.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[numel]; shape in[numel]
// cudavet:user numel <= 1ll << 34; fixed num_sms = 132
// cudavet:launch grid=4 * num_sms block=256
__global__ void scaled_copy_kernel(float* __restrict__ out, const float* __restrict__ in,
                                   const float* __restrict__ scale, const int64_t numel) {
  const float inv_s = 1.0f / scale[0];
  const int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numel; i += stride) {  // want "i \\+ stride \\(int\\) overflows when numel >= 2147348481 with num_sms = 132 \\(used as loop bound\\)"
    out[i] = in[i] * inv_s;
  }
}

void scaled_copy(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& scale) {
  const int64_t numel = in.numel();
  int num_sms = 0;
  cudaDeviceGetAttribute(&num_sms, cudaDevAttrMultiProcessorCount, in.get_device());
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scaled_copy_kernel<<<4 * num_sms, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                                      scale.data_ptr<float>(), numel);
}
