// A persistent kernel: the launcher sizes the grid from the device's SM
// count, so no launch size fixes gridDim.x, and each block strides over the
// tokens. The inner loop over the hidden dimension runs i <= hidden_size,
// one element past the weight (and past the row) for every token. Thread 0
// of block 0 shows it on the first token, whatever the grid is.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_rows_kernel(float* __restrict__ out, const float* __restrict__ in,
                                  const float* __restrict__ weight, const int num_tokens,
                                  const int hidden_size) {
  for (int64_t t = blockIdx.x; t < num_tokens; t += gridDim.x) {
    for (int i = threadIdx.x; i <= hidden_size; i += blockDim.x) {
      out[t * hidden_size + i] = in[t * hidden_size + i] * weight[i];  // want "store to out\\[t \\* hidden_size \\+ i\\] is past the end of buffer out" "load from in\\[t \\* hidden_size \\+ i\\] is past the end of buffer in" "load from weight\\[i\\] is past the end of buffer weight"
    }
  }
}

void scale_rows(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& weight) {
  TORCH_CHECK(in.dim() == 2 && out.sizes() == in.sizes());
  TORCH_CHECK(weight.dim() == 1 && weight.size(0) == in.size(1));
  const int num_tokens = in.size(0);
  const int hidden_size = in.size(1);
  const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
  const int grid = std::min(num_tokens, sms * 8);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale_rows_kernel<<<grid, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                              weight.data_ptr<float>(), num_tokens, hidden_size);
}
