// A dtype switch written by hand around ATen's ::detail::scalar_type, as
// vLLM's MoE permute dispatch does, each case naming its CUDA type.
// kernel: expand_rows_kernel
#include <torch/all.h>
#include <cuda_fp16.h>

template <at::ScalarType type> struct CudaTypeOf;
template <> struct CudaTypeOf<at::ScalarType::Float> { using type = float; };
template <> struct CudaTypeOf<at::ScalarType::Half> { using type = half; };

template <typename T>
__global__ void expand_rows_kernel(T* out, const T* in, const int* rows, int n, int cols) {
  int i = blockIdx.x;
  if (i < n) out[i * cols + threadIdx.x] = in[rows[i] * cols + threadIdx.x];
}

void expand_rows(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& rows) {
  int n = rows.size(0), cols = in.size(1);
  switch (::detail::scalar_type(in.scalar_type())) {
    case at::ScalarType::Float: {
      using T = CudaTypeOf<at::ScalarType::Float>::type;
      expand_rows_kernel<T><<<n, cols>>>((T*)out.data_ptr(), (const T*)in.data_ptr(), rows.data_ptr<int>(), n, cols);
      break;
    }
    case at::ScalarType::Half: {
      using T = CudaTypeOf<at::ScalarType::Half>::type;
      expand_rows_kernel<T><<<n, cols>>>((T*)out.data_ptr(), (const T*)in.data_ptr(), rows.data_ptr<int>(), n, cols);
      break;
    }
    default:
      TORCH_CHECK(false, "unsupported dtype");
  }
}
