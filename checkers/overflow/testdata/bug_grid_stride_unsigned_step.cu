// A grid-stride update computed in unsigned int ((unsigned)i + stride) and
// stored back into int: past INT_MAX it turns negative, i < numel holds, and
// out[i] writes before the buffer.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[numel]; shape in[numel]
// cudavet:user numel <= 1ll << 34; fixed num_sms = 132
// cudavet:launch grid=4 * num_sms block=256
__global__ void scaled_copy_kernel(float* __restrict__ out, const float* __restrict__ in,
                                   const float* __restrict__ scale, const int64_t numel) {
  const float inv_s = 1.0f / scale[0];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numel; i += blockDim.x * gridDim.x) {  // want "conversion of .*\\(unsigned int\\) to int truncates when numel >= 2147348481"
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
