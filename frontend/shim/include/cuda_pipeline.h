// cuda_pipeline.h: the pipeline primitives plus the small C++ API of
// nvcuda::experimental (pipeline, memcpy_async).
#ifndef __CUDAVET_CUDA_PIPELINE_H__
#define __CUDAVET_CUDA_PIPELINE_H__
#include "cuda_pipeline_primitives.h"

namespace nvcuda {
namespace experimental {

// pipeline batches asynchronous copies into stages.
class pipeline {
 public:
  __device__ pipeline();
  __device__ void commit();
  __device__ void wait_prior(size_t prior);
  template <unsigned int N> __device__ void wait_prior();
  __device__ void commit_and_wait();
};

template <typename T>
__device__ void memcpy_async(T &dst_shared, const T &src_global,
                             pipeline &pipe);
template <typename T, size_t DstN, size_t SrcN>
__device__ void memcpy_async(T (*dst_shared)[DstN],
                             const T (*src_global)[SrcN], pipeline &pipe);

}  // namespace experimental
}  // namespace nvcuda

#endif  // __CUDAVET_CUDA_PIPELINE_H__
