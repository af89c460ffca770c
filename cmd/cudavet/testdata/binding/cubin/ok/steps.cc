// The TVM-FFI host launcher of cubin_steps_kernel: it checks the tensors
// and the step count, then launches the embedded cubin's kernel by name.
#include <cuda_runtime.h>
#include <tvm/ffi/container/tensor.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/extra/c_env_api.h>
#include <tvm/ffi/extra/cuda/cubin_launcher.h>
#include <tvm/ffi/function.h>

#include <cstdint>

TVM_FFI_EMBED_CUBIN(steps_cubin);

namespace steps_host {

using tvm::ffi::TensorView;

void Run(TensorView w, TensorView out, int64_t steps) {
  TVM_FFI_CHECK(w.ndim() == 1, ValueError) << "w must have rank 1";
  TVM_FFI_CHECK(w.size(0) == steps, ValueError) << "w must hold one weight per step";
  TVM_FFI_CHECK(out.ndim() == 1, ValueError) << "out must have rank 1";
  TVM_FFI_CHECK(out.size(0) == 128, ValueError) << "out must hold one value per thread";
  TVM_FFI_CHECK(steps >= 1 && steps <= 8, ValueError) << "steps must be in [1, 8], got " << steps;
  DLDevice dev = w.device();
  cudaStream_t stream = (cudaStream_t)TVMFFIEnvGetStream(dev.device_type, dev.device_id);
  void* p_w = w.data_ptr();
  void* p_out = out.data_ptr();
  int32_t v_steps = (int32_t)steps;
  void* kargs[] = {&p_w, &p_out, &v_steps};
  static auto kernel = TVM_FFI_EMBED_CUBIN_GET_KERNEL(steps_cubin, "cubin_steps_kernel");
  tvm::ffi::dim3 grid(1u, 1u, 1u);
  tvm::ffi::dim3 block(128u, 1u, 1u);
  TVM_FFI_CHECK_CUBIN_LAUNCHER_CUDA_ERROR(kernel.Launch(kargs, grid, block, stream, 0u));
}

}  // namespace steps_host

TVM_FFI_DLL_EXPORT_TYPED_FUNC(run, steps_host::Run);
