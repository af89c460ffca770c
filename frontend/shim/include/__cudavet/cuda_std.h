// __cudavet/cuda_std.h: libcu++'s cuda::std, as the host standard library:
// cuda::std::X names std::X (qualified lookup follows the using-directive).
// The constexpr parts (numeric_limits, plus, is_same, ...) work in device code
// because clang treats constexpr functions as __host__ __device__.
#ifndef __CUDAVET_CUDA_STD_H__
#define __CUDAVET_CUDA_STD_H__
namespace std {}
namespace cuda {
namespace std {
using namespace ::std;
}  // namespace std
}  // namespace cuda
#endif  // __CUDAVET_CUDA_STD_H__
