// A launcher bound through TVM FFI, as FlashInfer's csrc/ binds its
// kernels: TensorView arguments, TVM_FFI_ICHECK with streamed messages
// (one ending in adjacent string literals), an Optional tensor, an Array
// of sizes, the environment's stream and an exported function.
// kernel: scale_rows_kernel
#include <cuda_runtime.h>
#include <tvm/ffi/container/array.h>
#include <tvm/ffi/container/tensor.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/extra/c_env_api.h>
#include <tvm/ffi/extra/cuda/device_guard.h>
#include <tvm/ffi/function.h>

#include "dlpack/dlpack.h"

using tvm::ffi::Array;
using tvm::ffi::Optional;
using tvm::ffi::TensorView;
namespace ffi = tvm::ffi;

__global__ void scale_rows_kernel(float* out, const float* in, const float* scale, int rows,
                                  int cols) {
  int r = blockIdx.x;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float s = scale != nullptr ? scale[r] : 1.0f;
    out[r * cols + c] = in[r * cols + c] * s;
  }
}

#define CHECK_LAST_DIM(x) TVM_FFI_ICHECK_EQ(x.stride(-1), 1) #x " must be contiguous in its last dim"

void scale_rows(TensorView out, TensorView in, Optional<TensorView> scale, Array<int64_t> tile) {
  CHECK_LAST_DIM(in);
  TVM_FFI_ICHECK(in.dtype() == (DLDataType{kDLFloat, 32, 1})) << "in must be float32, got " << in.dtype();
  TVM_FFI_ICHECK_EQ(in.ndim(), 2) << "in must be 2D";
  TVM_FFI_ICHECK(tile.size() == 1 && tile[0] > 0);
  int rows = in.size(0), cols = in.size(1);
  ffi::CUDADeviceGuard guard(in.device().device_id);
  cudaStream_t stream = static_cast<cudaStream_t>(TVMFFIEnvGetStream(kDLCUDA, in.device().device_id));
  const float* s = scale.has_value() ? static_cast<const float*>(scale.value().data_ptr()) : nullptr;
  scale_rows_kernel<<<rows, 256, 0, stream>>>(static_cast<float*>(out.data_ptr()),
                                              static_cast<const float*>(in.data_ptr()), s, rows, cols);
}

TVM_FFI_DLL_EXPORT_TYPED_FUNC(scale_rows, scale_rows);
