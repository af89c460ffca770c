// __cudavet/stable.h: PyTorch's header-only and stable-ABI spellings
// (torch/headeronly/..., torch/csrc/stable/...), which recent extension code
// uses instead of ATen. They name the same shim types: torch::headeronly::Half
// is c10::Half, torch::stable::Tensor is at::Tensor, THO_DISPATCH_* is
// AT_DISPATCH_*, STD_TORCH_CHECK is TORCH_CHECK (an analyzer assumption).
#ifndef __CUDAVET_STABLE_H__
#define __CUDAVET_STABLE_H__
#include "dispatch.h"
#include "library.h"
#include "cuda_context.h"

// ---- torch/headeronly ----
namespace torch {
namespace headeronly {
using c10::BFloat16;
using c10::complex;
using c10::CppTypeToScalarType;
using c10::DeviceIndex;
using c10::DeviceType;
using c10::elementSize;
using c10::Float4_e2m1fn_x2;
using c10::Float8_e4m3fn;
using c10::Float8_e4m3fnuz;
using c10::Float8_e5m2;
using c10::Float8_e5m2fnuz;
using c10::Float8_e8m0fnu;
using c10::Half;
using c10::Layout;
using c10::MemoryFormat;
using c10::ScalarType;
using c10::toString;
// HeaderOnlyArrayRef is the stable ABI's ArrayRef.
template <typename T> using HeaderOnlyArrayRef = c10::ArrayRef<T>;
using IntHeaderOnlyArrayRef = HeaderOnlyArrayRef<int64_t>;
namespace impl {
using c10::impl::ScalarTypeToCPPTypeT;
}  // namespace impl
}  // namespace headeronly
}  // namespace torch

#define STD_TORCH_CHECK(cond, ...) __CUDAVET_CHECK(cond)
#define HEADER_ONLY_CHECK(cond, ...) __CUDAVET_CHECK(cond)
#define STD_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#define STD_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_KERNEL_LAUNCH_CHECK()
#define TORCH_ERROR_CODE_CHECK(call)                                           \
  do {                                                                         \
    (void)(call);                                                              \
  } while (0)
#define THO_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, ...)                 \
  AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, __VA_ARGS__)
#define THO_DISPATCH_CASE(enum_type, ...) AT_DISPATCH_CASE(enum_type, __VA_ARGS__)
#define THO_DISPATCH_SWITCH(TYPE, NAME, ...)                                   \
  AT_DISPATCH_SWITCH(TYPE, NAME, __VA_ARGS__)

// ---- torch/csrc/inductor/aoti_torch/c/shim.h: the C ABI used directly ----
typedef int32_t AOTITorchError;
#define AOTI_TORCH_SUCCESS 0
#define AOTI_TORCH_FAILURE 1
extern "C" {
AOTITorchError aoti_torch_get_current_cuda_stream(int32_t device_index,
                                                  void **ret_stream);
AOTITorchError aoti_torch_get_device_index(void *tensor,
                                           int32_t *ret_device_index);
AOTITorchError torch_get_current_cuda_blas_handle(void **ret_handle);
AOTITorchError torch_get_current_cuda_blaslt_handle(void **ret_handle);
}

// ---- torch/csrc/stable ----
namespace torch {
namespace stable {
using Tensor = at::Tensor;
using Device = c10::Device;
using DeviceType = c10::DeviceType;
using DeviceIndex = c10::DeviceIndex;
using headeronly::IntHeaderOnlyArrayRef;

// Factories: the size comes first and may be a braced list; the optional
// dtype, layout, device, pin_memory and memory_format follow.
template <typename... Rest>
Tensor empty(IntHeaderOnlyArrayRef size, Rest &&...rest);
template <typename... Rest> Tensor empty_like(const Tensor &self, Rest &&...rest);
template <typename... Rest>
Tensor new_empty(const Tensor &self, IntHeaderOnlyArrayRef size,
                 Rest &&...rest);
template <typename... Rest>
Tensor new_zeros(const Tensor &self, IntHeaderOnlyArrayRef size,
                 Rest &&...rest);

// Views and copies.
template <typename... Rest>
Tensor view(const Tensor &self, IntHeaderOnlyArrayRef size, Rest &&...rest);
template <typename... Rest>
Tensor reshape(const Tensor &self, IntHeaderOnlyArrayRef shape, Rest &&...rest);
template <typename... Rest>
Tensor pad(const Tensor &self, IntHeaderOnlyArrayRef pad, Rest &&...rest);
template <typename... Rest>
Tensor permute(const Tensor &self, IntHeaderOnlyArrayRef dims, Rest &&...rest);
template <typename... Rest> Tensor contiguous(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor clone(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor to(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor narrow(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor transpose(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor flatten(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor squeeze(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor unsqueeze(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor select(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor sum(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor amax(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor matmul(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor subtract(const Tensor &self, Rest &&...rest);

// In place.
template <typename... Rest> Tensor copy_(Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor fill_(const Tensor &self, Rest &&...rest);
template <typename... Rest> Tensor zero_(Tensor &self, Rest &&...rest);

namespace accelerator {
// DeviceGuard sets the current device for its lifetime.
class DeviceGuard {
 public:
  explicit DeviceGuard(DeviceIndex device_index);
  DeviceGuard(const DeviceGuard &) = delete;
  ~DeviceGuard();
  void set_index(DeviceIndex device_index);
};
// Stream is the current stream of a device; id() is its cudaStream_t.
class Stream {
 public:
  void *id() const;
};
Stream getCurrentStream(DeviceIndex device_index);
DeviceIndex getCurrentDeviceIndex();
}  // namespace accelerator
}  // namespace stable
}  // namespace torch

#define STABLE_TORCH_LIBRARY(ns, m) TORCH_LIBRARY(ns, m)
#define STABLE_TORCH_LIBRARY_IMPL(ns, k, m) TORCH_LIBRARY_IMPL(ns, k, m)
#define STABLE_TORCH_LIBRARY_FRAGMENT(ns, m) TORCH_LIBRARY_FRAGMENT(ns, m)
#define TORCH_BOX(func) (func)

#endif  // __CUDAVET_STABLE_H__
