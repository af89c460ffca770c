// vector_types.h: CUDA's built-in vector types with CUDA's layout: the
// element type, the field names x, y, z, w and the __align__ of
// vector_types.h (float2 8, float4 16, int4 16, char3 and float3 unaligned,
// ...), plus dim3. The prelude includes it; including it again is a no-op.
#ifndef __CUDAVET_VECTOR_TYPES_H__
#define __CUDAVET_VECTOR_TYPES_H__

struct __device_builtin__ char1 { signed char x; };
struct __device_builtin__ __align__(2) char2 { signed char x, y; };
struct __device_builtin__ char3 { signed char x, y, z; };
struct __device_builtin__ __align__(4) char4 { signed char x, y, z, w; };

struct __device_builtin__ uchar1 { unsigned char x; };
struct __device_builtin__ __align__(2) uchar2 { unsigned char x, y; };
struct __device_builtin__ uchar3 { unsigned char x, y, z; };
struct __device_builtin__ __align__(4) uchar4 { unsigned char x, y, z, w; };

struct __device_builtin__ __align__(2) short1 { short x; };
struct __device_builtin__ __align__(4) short2 { short x, y; };
struct __device_builtin__ short3 { short x, y, z; };
struct __device_builtin__ __align__(8) short4 { short x, y, z, w; };

struct __device_builtin__ __align__(2) ushort1 { unsigned short x; };
struct __device_builtin__ __align__(4) ushort2 { unsigned short x, y; };
struct __device_builtin__ ushort3 { unsigned short x, y, z; };
struct __device_builtin__ __align__(8) ushort4 { unsigned short x, y, z, w; };

struct __device_builtin__ __align__(4) int1 { int x; };
struct __device_builtin__ __align__(8) int2 { int x, y; };
struct __device_builtin__ int3 { int x, y, z; };
struct __device_builtin__ __align__(16) int4 { int x, y, z, w; };

struct __device_builtin__ __align__(4) uint1 { unsigned int x; };
struct __device_builtin__ __align__(8) uint2 { unsigned int x, y; };
struct __device_builtin__ uint3 { unsigned int x, y, z; };
struct __device_builtin__ __align__(16) uint4 { unsigned int x, y, z, w; };

struct __device_builtin__ __align__(sizeof(long int)) long1 { long int x; };
struct __device_builtin__ __align__(2 * sizeof(long int)) long2 { long int x, y; };
struct __device_builtin__ long3 { long int x, y, z; };
struct __device_builtin__ __align__(16) long4 { long int x, y, z, w; };

struct __device_builtin__ __align__(sizeof(unsigned long int)) ulong1 { unsigned long int x; };
struct __device_builtin__ __align__(2 * sizeof(unsigned long int)) ulong2 { unsigned long int x, y; };
struct __device_builtin__ ulong3 { unsigned long int x, y, z; };
struct __device_builtin__ __align__(16) ulong4 { unsigned long int x, y, z, w; };

struct __device_builtin__ __align__(8) longlong1 { long long int x; };
struct __device_builtin__ __align__(16) longlong2 { long long int x, y; };
struct __device_builtin__ longlong3 { long long int x, y, z; };
struct __device_builtin__ __align__(16) longlong4 { long long int x, y, z, w; };

struct __device_builtin__ __align__(8) ulonglong1 { unsigned long long int x; };
struct __device_builtin__ __align__(16) ulonglong2 { unsigned long long int x, y; };
struct __device_builtin__ ulonglong3 { unsigned long long int x, y, z; };
struct __device_builtin__ __align__(16) ulonglong4 { unsigned long long int x, y, z, w; };

struct __device_builtin__ float1 { float x; };
struct __device_builtin__ __align__(8) float2 { float x, y; };
struct __device_builtin__ float3 { float x, y, z; };
struct __device_builtin__ __align__(16) float4 { float x, y, z, w; };

struct __device_builtin__ double1 { double x; };
struct __device_builtin__ __align__(16) double2 { double x, y; };
struct __device_builtin__ double3 { double x, y, z; };
struct __device_builtin__ __align__(16) double4 { double x, y, z, w; };

// dim3: uint3 with constructors; launch configurations convert through it.
struct __device_builtin__ dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

#endif  // __CUDAVET_VECTOR_TYPES_H__
