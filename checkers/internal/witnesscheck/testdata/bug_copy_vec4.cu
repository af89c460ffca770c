// A row copy through float4: rows of cols floats start on a 16-byte
// boundary only when cols is a multiple of 4, which cols = 4098 is not.
// A helper does the vector load, and a shared staging buffer is one slot
// short for the last warp.
#include <cuda_runtime.h>
#include <cstdint>

__device__ __forceinline__ float4 load_vec(const float4* p, int i) { return p[i]; }

// cudavet:shape out[rows, cols]; shape in[rows, cols]
// cudavet:user rows <= 4096
// cudavet:fixed cols in {4096, 4098}
// cudavet:launch grid=rows block=256
__global__ void copy_vec4_kernel(float* out, const float* in, int rows, int cols) {
  __shared__ int staged[255];
  const float4* src = reinterpret_cast<const float4*>(in + (size_t)blockIdx.x * cols);
  float4* dst = reinterpret_cast<float4*>(out + (size_t)blockIdx.x * cols);
  for (int i = threadIdx.x; i < cols / 4; i += blockDim.x) {
    dst[i] = load_vec(src, i);
  }
  staged[threadIdx.x] = cols;
}

void copy_vec4(float* out, const float* in, int rows, int cols, cudaStream_t stream) {
  copy_vec4_kernel<<<rows, 256, 0, stream>>>(out, in, rows, cols);
}
