// A shape for "scale", which this kernel does not take (it was renamed to
// weight): the annotation names something that is not there.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, hidden_size]; shape input[num_tokens, hidden_size]
// want +1 "cudavet:shape: scale is not a parameter of layer_scale_kernel"
// cudavet:shape scale[hidden_size]
// cudavet:user num_tokens <= 1 << 20; fixed hidden_size = 4096
// cudavet:launch grid=num_tokens block=512
__global__ void layer_scale_kernel(float* __restrict__ out, const float* __restrict__ input,
                                   const float* __restrict__ weight, const int hidden_size) {
  const int64_t row = (int64_t)blockIdx.x * hidden_size;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[row + i] = input[row + i] * weight[i];
  }
}
