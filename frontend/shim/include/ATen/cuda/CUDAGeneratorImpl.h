// ATen/cuda/CUDAGeneratorImpl.h: the CUDA random generator and its Philox
// state, as sampling kernels obtain seeds and offsets.
#ifndef __CUDAVET_ATEN_CUDA_GENERATOR_H__
#define __CUDAVET_ATEN_CUDA_GENERATOR_H__
#include <__cudavet/torch.h>
#include <mutex>

namespace at {

// PhiloxCudaState is the (seed, offset) pair a kernel unpacks: each a
// value, or under graph capture a pointer to one (ATen's Payload).
struct PhiloxCudaState {
  union Payload {
    uint64_t val;
    int64_t *ptr;
  };
  Payload seed_{};
  Payload offset_{};
  uint32_t offset_intragraph_;
  bool captured_;
};

// Generator is a handle to a random generator implementation.
class Generator {
 public:
  template <typename T> T *get() const;
  std::mutex &mutex();
  bool defined() const;
  Device device() const;
};

// CUDAGeneratorImpl hands out Philox states under its mutex.
struct CUDAGeneratorImpl {
  std::mutex mutex_;
  PhiloxCudaState philox_cuda_state(uint64_t increment);
  void set_current_seed(uint64_t seed);
  uint64_t current_seed() const;
};

template <typename T>
T *get_generator_or_default(const optional<Generator> &gen,
                            const Generator &default_gen);

namespace cuda {
namespace detail {
const Generator &getDefaultCUDAGenerator(DeviceIndex device_index = -1);
}  // namespace detail
namespace philox {
// unpack returns (seed, offset).
__host__ __device__ std::tuple<uint64_t, uint64_t> unpack(PhiloxCudaState arg);
}  // namespace philox
}  // namespace cuda

}  // namespace at

#endif  // __CUDAVET_ATEN_CUDA_GENERATOR_H__
