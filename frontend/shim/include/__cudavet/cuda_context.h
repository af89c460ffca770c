// __cudavet/cuda_context.h: the CUDA side of the torch shim: c10::cuda
// streams and device guards, at::cuda's device properties and handles, the
// C10_CUDA_CHECK family. Host declarations only. ATen/cuda/DeviceUtils.cuh
// and ATen/cuda/Atomic.cuh are separate, as in ATen, because extension code
// often defines helpers of the same names itself.
#ifndef __CUDAVET_CUDA_CONTEXT_H__
#define __CUDAVET_CUDA_CONTEXT_H__
#include "aten.h"
#include <cublas_v2.h>
#include <cublasLt.h>

// ---- error checks: evaluate the call, keep the result ----
#define C10_CUDA_CHECK(EXPR)                                                   \
  do {                                                                         \
    const cudaError_t __err = (EXPR);                                          \
    (void)__err;                                                               \
  } while (0)
#define C10_CUDA_CHECK_WARN(EXPR) C10_CUDA_CHECK(EXPR)
#define C10_CUDA_IGNORE_ERROR(EXPR) C10_CUDA_CHECK(EXPR)
#define C10_CUDA_ERROR_HANDLED(EXPR) (EXPR)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#define AT_CUDA_DRIVER_CHECK(EXPR)                                             \
  do {                                                                         \
    (void)(EXPR);                                                              \
  } while (0)
#define TORCH_CUDABLAS_CHECK(EXPR)                                             \
  do {                                                                         \
    (void)(EXPR);                                                              \
  } while (0)

namespace c10 {
namespace cuda {

// CUDAStream is a c10::Stream known to be a CUDA stream; it converts to
// cudaStream_t.
class CUDAStream {
 public:
  cudaStream_t stream() const;
  operator cudaStream_t() const;
  operator Stream() const;
  Stream unwrap() const;
  DeviceIndex device_index() const;
  Device device() const;
  StreamId id() const;
  int priority() const;
  bool query() const;
  void synchronize() const;
  bool operator==(const CUDAStream &other) const noexcept;
  bool operator!=(const CUDAStream &other) const noexcept;
};

CUDAStream getCurrentCUDAStream(DeviceIndex device_index = -1);
CUDAStream getDefaultCUDAStream(DeviceIndex device_index = -1);
CUDAStream getStreamFromPool(const bool isHighPriority = false,
                             DeviceIndex device = -1);
CUDAStream getStreamFromExternal(cudaStream_t ext_stream,
                                 DeviceIndex device_index);
void setCurrentCUDAStream(CUDAStream stream);
DeviceIndex device_count() noexcept;
DeviceIndex current_device();
void set_device(DeviceIndex device);
void device_synchronize();

// CUDAGuard sets the current device for its lifetime.
struct CUDAGuard {
  explicit CUDAGuard(DeviceIndex device_index);
  explicit CUDAGuard(Device device);
  CUDAGuard(const CUDAGuard &) = delete;
  CUDAGuard &operator=(const CUDAGuard &) = delete;
  ~CUDAGuard();
  void set_device(Device device);
  void reset_device(Device device);
  void set_index(DeviceIndex device_index);
  Device original_device() const;
  Device current_device() const;
};

// OptionalCUDAGuard is a CUDAGuard that may hold no device.
struct OptionalCUDAGuard {
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(optional<Device> device_opt);
  explicit OptionalCUDAGuard(optional<DeviceIndex> device_index_opt);
  OptionalCUDAGuard(const OptionalCUDAGuard &) = delete;
  OptionalCUDAGuard &operator=(const OptionalCUDAGuard &) = delete;
  ~OptionalCUDAGuard();
  void set_device(Device device);
  void reset_device(Device device);
  void set_index(DeviceIndex device_index);
  optional<Device> original_device() const;
  optional<Device> current_device() const;
  void reset();
};

// CUDAStreamGuard sets the current stream (and device) for its lifetime.
struct CUDAStreamGuard {
  explicit CUDAStreamGuard(Stream stream);
  CUDAStreamGuard(const CUDAStreamGuard &) = delete;
  ~CUDAStreamGuard();
  void reset_stream(Stream stream);
  CUDAStream original_stream() const;
  CUDAStream current_stream() const;
};

struct OptionalCUDAStreamGuard {
  OptionalCUDAStreamGuard();
  explicit OptionalCUDAStreamGuard(Stream stream);
  explicit OptionalCUDAStreamGuard(optional<Stream> stream_opt);
  ~OptionalCUDAStreamGuard();
  void reset();
};

}  // namespace cuda
}  // namespace c10

namespace at {
namespace cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::CUDAStream;
using c10::cuda::CUDAStreamGuard;
using c10::cuda::current_device;
using c10::cuda::device_count;
using c10::cuda::device_synchronize;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::getStreamFromExternal;
using c10::cuda::getStreamFromPool;
using c10::cuda::OptionalCUDAGuard;
using c10::cuda::OptionalCUDAStreamGuard;
using c10::cuda::set_device;
using c10::cuda::setCurrentCUDAStream;

cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(c10::DeviceIndex device);
int warp_size();
bool is_available();
int64_t getNumGPUs();
bool canDeviceAccessPeer(c10::DeviceIndex device, c10::DeviceIndex peer_device);
cublasHandle_t getCurrentCUDABlasHandle();
cublasLtHandle_t getCurrentCUDABlasLtHandle();
}  // namespace cuda
}  // namespace at

#endif  // __CUDAVET_CUDA_CONTEXT_H__
