// RMSNorm-style row kernel launched FlashInfer's way: the launcher fills a
// cudaLaunchConfig_t (grid, block, dynamic shared memory, stream, a
// programmatic-dependent-launch attribute) and calls cudaLaunchKernelEx
// with the kernel held in a variable. The kernel's row offset
// blockIdx.x * d is a 32-bit unsigned product, so the row base wraps once
// rows * d reaches 2^32 (about 600k rows at d = 7168).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename T>
__global__ void row_scale_kernel(T* __restrict__ out, const T* __restrict__ in, const T* __restrict__ weight,
                                 const uint32_t d) {
  const T* row_in = in + blockIdx.x * d;  // want "blockIdx.x \\* d \\(unsigned int\\) overflows when rows \\(rows of input\\) >= \\d+"
  T* row_out = out + blockIdx.x * d;      // want "blockIdx.x \\* d \\(unsigned int\\) overflows when rows \\(rows of input\\) >= \\d+"
  for (uint32_t i = threadIdx.x; i < d; i += blockDim.x) {
    row_out[i] = row_in[i] * weight[i];
  }
}

template <typename T>
cudaError_t RowScale(T* out, const T* in, const T* weight, uint32_t rows, uint32_t d, bool enable_pdl,
                     cudaStream_t stream) {
  const uint32_t block_size = std::min<uint32_t>(1024, d);
  cudaLaunchConfig_t config;
  config.gridDim = dim3(rows);
  config.blockDim = dim3(block_size);
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  cudaLaunchAttribute attrs[1];
  attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attrs[0].val.programmaticStreamSerializationAllowed = enable_pdl;
  config.numAttrs = 1;
  config.attrs = attrs;
  auto kernel = row_scale_kernel<T>;
  cudaError_t status = cudaLaunchKernelEx(&config, kernel, out, in, weight, d);
  return status;
}

void row_scale(torch::Tensor& output, const torch::Tensor& input, const torch::Tensor& weight, bool enable_pdl) {
  TORCH_CHECK(input.dim() == 2 && weight.dim() == 1 && input.size(1) == weight.size(0));
  TORCH_CHECK(output.sizes() == input.sizes());
  const uint32_t rows = input.size(0);
  const uint32_t d = input.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  cudaError_t status = RowScale<float>(output.data_ptr<float>(), input.data_ptr<float>(), weight.data_ptr<float>(),
                                       rows, d, enable_pdl, stream);
  TORCH_CHECK(status == cudaSuccess, "row_scale failed");
}
