// A kernel reads its input through a raw type chosen by dispatching on
// the input's dtype() (a caffe2::TypeMeta compared with a ScalarType),
// inside a dispatch of the element type on another tensor that a check
// makes the same dtype: the raw type always has the element's size.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

template <typename T, typename RAW>
__global__ void widen_kernel(float* __restrict__ out, const T* __restrict__ src, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (float)*reinterpret_cast<const RAW*>(src + i);
}

#define CALL_WIDEN(RAW_T)                                                               \
  do {                                                                                  \
    if (ref.scalar_type() == at::ScalarType::Float) {                                   \
      widen_kernel<float, RAW_T>                                                        \
          <<<(n + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), src.data_ptr<float>(), n); \
    } else {                                                                            \
      widen_kernel<at::BFloat16, RAW_T><<<(n + 255) / 256, 256, 0, stream>>>(           \
          out.data_ptr<float>(), src.data_ptr<at::BFloat16>(), n);                      \
    }                                                                                   \
  } while (0)

#define DISPATCH_BY_RAW(SRC_DTYPE, FN)                  \
  if (SRC_DTYPE == at::ScalarType::Float) {             \
    FN(float);                                          \
  } else if (SRC_DTYPE == at::ScalarType::BFloat16) {   \
    FN(__nv_bfloat16);                                  \
  } else {                                              \
    TORCH_CHECK(false, "unsupported dtype");            \
  }

void widen(torch::Tensor& out, const torch::Tensor& src, const torch::Tensor& ref) {
  TORCH_CHECK_EQ(src.scalar_type(), ref.scalar_type());
  TORCH_CHECK(out.scalar_type() == at::ScalarType::Float);
  TORCH_CHECK(src.dim() == 1 && out.sizes() == src.sizes());
  const int n = src.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  DISPATCH_BY_RAW(src.dtype(), CALL_WIDEN);
}
