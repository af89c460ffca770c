// MX block scales stored as __nv_fp8_e8m0 (CUDA 12.8), a type distinct
// from the other fp8 types, so that traits specialised per type match.
// kernel: mx_scale_kernel
#include <cuda_fp8.h>
#include <cuda_fp4.h>

template <typename T> struct bits_of;
template <> struct bits_of<__nv_fp8_e4m3> { static constexpr int value = 8; };
template <> struct bits_of<__nv_fp8_e8m0> { static constexpr int value = 8; };
template <> struct bits_of<__nv_fp4x2_e2m1> { static constexpr int value = 8; };

__global__ void mx_scale_kernel(uint8_t* scales, const float* amax, int groups) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= groups) return;
  scales[g] = __nv_cvt_float_to_e8m0(amax[g] / 448.f, __NV_SATFINITE, cudaRoundPosInf);
  static_assert(bits_of<__nv_fp8_e8m0>::value == 8, "one byte per scale");
}
