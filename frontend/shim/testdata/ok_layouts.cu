// The sizes and alignments the lowering relies on, checked at compile time:
// the shim's types must have CUDA's and PyTorch's layouts.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cub/cub.cuh>
#include <torch/all.h>

#define CHECK_LAYOUT(T, SIZE, ALIGN)                                           \
  static_assert(sizeof(T) == (SIZE), "sizeof(" #T ")");                        \
  static_assert(alignof(T) == (ALIGN), "alignof(" #T ")")

CHECK_LAYOUT(char1, 1, 1);
CHECK_LAYOUT(char2, 2, 2);
CHECK_LAYOUT(char3, 3, 1);
CHECK_LAYOUT(char4, 4, 4);
CHECK_LAYOUT(uchar4, 4, 4);
CHECK_LAYOUT(short2, 4, 4);
CHECK_LAYOUT(short3, 6, 2);
CHECK_LAYOUT(short4, 8, 8);
CHECK_LAYOUT(ushort4, 8, 8);
CHECK_LAYOUT(int1, 4, 4);
CHECK_LAYOUT(int2, 8, 8);
CHECK_LAYOUT(int3, 12, 4);
CHECK_LAYOUT(int4, 16, 16);
CHECK_LAYOUT(uint2, 8, 8);
CHECK_LAYOUT(uint3, 12, 4);
CHECK_LAYOUT(uint4, 16, 16);
CHECK_LAYOUT(long2, 16, 16);
CHECK_LAYOUT(long4, 32, 16);
CHECK_LAYOUT(longlong2, 16, 16);
CHECK_LAYOUT(longlong4, 32, 16);
CHECK_LAYOUT(ulonglong2, 16, 16);
CHECK_LAYOUT(float1, 4, 4);
CHECK_LAYOUT(float2, 8, 8);
CHECK_LAYOUT(float3, 12, 4);
CHECK_LAYOUT(float4, 16, 16);
CHECK_LAYOUT(double1, 8, 8);
CHECK_LAYOUT(double2, 16, 16);
CHECK_LAYOUT(double3, 24, 8);
CHECK_LAYOUT(double4, 32, 16);
CHECK_LAYOUT(dim3, 12, 4);

CHECK_LAYOUT(__half, 2, 2);
CHECK_LAYOUT(__half2, 4, 4);
CHECK_LAYOUT(__half_raw, 2, 2);
CHECK_LAYOUT(__nv_bfloat16, 2, 2);
CHECK_LAYOUT(__nv_bfloat162, 4, 4);
CHECK_LAYOUT(__nv_fp8_e4m3, 1, 1);
CHECK_LAYOUT(__nv_fp8_e5m2, 1, 1);
CHECK_LAYOUT(__nv_fp8x2_e4m3, 2, 2);
CHECK_LAYOUT(__nv_fp8x4_e4m3, 4, 4);
CHECK_LAYOUT(__nv_fp8_storage_t, 1, 1);

CHECK_LAYOUT(c10::Half, 2, 2);
CHECK_LAYOUT(c10::BFloat16, 2, 2);
CHECK_LAYOUT(c10::Float8_e4m3fn, 1, 1);
CHECK_LAYOUT(c10::Float8_e5m2, 1, 1);
CHECK_LAYOUT(c10::complex<float>, 8, 8);
CHECK_LAYOUT(at::Half, 2, 2);
CHECK_LAYOUT(torch::BFloat16, 2, 2);

static_assert(std::is_trivially_copyable<__half>::value, "__half copies");
static_assert(std::is_trivially_default_constructible<__half2>::value,
              "__half2 in __shared__");
static_assert(std::is_trivially_default_constructible<c10::Half>::value,
              "c10::Half in __shared__");
static_assert(std::is_trivially_default_constructible<
                  cub::BlockReduce<cub::KeyValuePair<int, float>, 128>::TempStorage>::value,
              "TempStorage in __shared__");

// ScalarType order and the dispatch trait.
static_assert(static_cast<int>(c10::ScalarType::Half) == 5, "Half");
static_assert(static_cast<int>(c10::ScalarType::BFloat16) == 15, "BFloat16");
static_assert(static_cast<int>(c10::ScalarType::Float8_e4m3fn) == 24, "e4m3");
static_assert(static_cast<int>(c10::ScalarType::UInt64) == 29, "UInt64");
static_assert(std::is_same<__cudavet::scalar_type_to_cpp<at::kHalf>::type,
                           c10::Half>::value,
              "Half maps to c10::Half");
static_assert(std::is_same<c10::impl::ScalarTypeToCPPTypeT<at::kLong>,
                           int64_t>::value,
              "Long maps to int64_t");
static_assert(torch::kFloat32 == at::kFloat && torch::kInt64 == c10::kLong,
              "torch aliases");

// numeric_limits of the reduced types are constexpr, as kernels use them.
constexpr c10::Float8_e4m3fn kE4m3Max = std::numeric_limits<c10::Float8_e4m3fn>::max();
static_assert(kE4m3Max.x == 0x7E, "448 is 0x7E");
static_assert(std::numeric_limits<c10::Half>::max().x == 0x7BFF, "65504");

// The builtin variables are plain structs: threadIdx.x is an unsigned int.
__global__ void builtin_types_kernel(unsigned int* out) {
  static_assert(std::is_same<decltype(threadIdx.x), unsigned int>::value,
                "threadIdx.x");
  static_assert(std::is_same<decltype(blockDim.x * gridDim.x), unsigned int>::value,
                "blockDim.x * gridDim.x");
  out[0] = threadIdx.x + blockIdx.y * blockDim.z + gridDim.x + warpSize;
}
