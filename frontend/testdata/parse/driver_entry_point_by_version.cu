// A launcher that builds its TMA descriptor through the driver's
// cuTensorMapEncodeTiled, fetched with CUDA 12.5's
// cudaGetDriverEntryPointByVersion (the ABI of 12.0) when the toolkit has
// it and cudaGetDriverEntryPoint before; the copy kernel is analysed.
// kernel: copy_rows_kernel
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>
#include <stdexcept>

__global__ void copy_rows_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  int r = blockIdx.x;
  if (r >= rows) return;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) out[r * cols + c] = in[r * cols + c];
}

static PFN_cuTensorMapEncodeTiled_v12000 encode_tiled() {
  cudaDriverEntryPointQueryResult status;
  void* fn = nullptr;
#if CUDA_VERSION >= 12050
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &status);
#else
  cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", &fn, cudaEnableDefault, &status);
#endif
  if (status != cudaDriverEntryPointSuccess) throw std::runtime_error("cuTensorMapEncodeTiled not found");
  return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(fn);
}

CUtensorMap make_row_desc(float* base, int rows, int cols) {
  CUtensorMap map{};
  cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
  cuuint64_t strides[1] = {(cuuint64_t)cols * sizeof(float)};
  cuuint32_t box[2] = {64, 8};
  cuuint32_t elem[2] = {1, 1};
  encode_tiled()(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, base, dims, strides, box, elem,
                 CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return map;
}

void copy_rows(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  copy_rows_kernel<<<rows, 128, 0, stream>>>(in, out, rows, cols);
}
