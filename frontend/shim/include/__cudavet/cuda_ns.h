// __cudavet/cuda_ns.h: the pieces of libcu++'s namespace cuda that the shim's
// pipeline and memcpy_async headers share: thread_scope and aligned_size_t.
#ifndef __CUDAVET_CUDA_NS_H__
#define __CUDAVET_CUDA_NS_H__
#include <stddef.h>

namespace cuda {

enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3,
};

// aligned_size_t<Align> is a byte count promised to be a multiple of Align.
template <size_t Align> struct aligned_size_t {
  static constexpr size_t align = Align;
  size_t value;
  __host__ __device__ explicit aligned_size_t(size_t size);
  __host__ __device__ operator size_t() const;
};

}  // namespace cuda

#endif  // __CUDAVET_CUDA_NS_H__
