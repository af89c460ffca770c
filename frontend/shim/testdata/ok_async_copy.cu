// Tensor-core tiles fed by asynchronous copies: cp.async through inline PTX
// and through the pipeline primitives, a libcu++ pipeline, and a wmma
// 16x16x16 half-precision multiply-accumulate per warp.
#include <cuda/pipeline>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

namespace cudavet_test {

using namespace nvcuda;

__device__ __forceinline__ void cp_async_16(void* smem, const void* gmem) {
  const unsigned int saddr =
      static_cast<unsigned int>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(saddr),
               "l"(gmem));
}

__device__ __forceinline__ void cp_async_wait_all() {
  asm volatile("cp.async.wait_all;\n" ::);
}

// One warp computes one 16x16 tile of C = A * B^T with K a multiple of 16.
__global__ void wmma_gemm_kernel(const __half* __restrict__ a,
                                 const __half* __restrict__ b,
                                 float* __restrict__ c, const int m,
                                 const int n, const int k) {
  __shared__ __align__(16) __half a_tile[16 * 16];
  __shared__ __align__(16) __half b_tile[16 * 16];
  const int tile_m = blockIdx.y * 16;
  const int tile_n = blockIdx.x * 16;
  const int lane = threadIdx.x;

  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);

  for (int kk = 0; kk < k; kk += 16) {
    // 32 lanes x 8 halves = 256 elements per tile, 16 bytes per lane.
    const int row = lane / 2;
    const int col = (lane % 2) * 8;
    cp_async_16(&a_tile[row * 16 + col], &a[(tile_m + row) * k + kk + col]);
    __pipeline_memcpy_async(&b_tile[row * 16 + col],
                            &b[(tile_n + row) * k + kk + col], 16);
    __pipeline_commit();
    cp_async_wait_all();
    __pipeline_wait_prior(0);
    __syncwarp();
    wmma::load_matrix_sync(fa, a_tile, 16);
    wmma::load_matrix_sync(fb, b_tile, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    __syncwarp();
  }
  wmma::store_matrix_sync(c + tile_m * n + tile_n, fc, n, wmma::mem_row_major);
}

// Double-buffered copy of rows through a per-thread libcu++ pipeline.
__global__ void pipelined_copy_kernel(const float4* __restrict__ src,
                                      float4* __restrict__ dst,
                                      const int rows, const int row_vecs) {
  extern __shared__ float4 stage[];  // [2][blockDim.x]
  auto pipe = cuda::make_pipeline();
  const int t = threadIdx.x;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    for (int v = t; v < row_vecs; v += blockDim.x) {
      float4* buf = stage + ((v / blockDim.x) % 2) * blockDim.x;
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[t], &src[r * row_vecs + v], sizeof(float4), pipe);
      pipe.producer_commit();
      pipe.consumer_wait();
      dst[r * row_vecs + v] = buf[t];
      pipe.consumer_release();
    }
  }
}

}  // namespace cudavet_test

torch::Tensor wmma_gemm(const torch::Tensor& a, const torch::Tensor& b) {
  const int m = a.size(0);
  const int k = a.size(1);
  const int n = b.size(0);
  TORCH_CHECK(m % 16 == 0 && n % 16 == 0 && k % 16 == 0);
  auto c = torch::empty({m, n}, a.options().dtype(torch::kFloat32));
  dim3 grid(n / 16, m / 16);
  cudavet_test::wmma_gemm_kernel<<<grid, 32, 0,
                                   at::cuda::getCurrentCUDAStream()>>>(
      reinterpret_cast<const __half*>(a.data_ptr<at::Half>()),
      reinterpret_cast<const __half*>(b.data_ptr<at::Half>()),
      c.data_ptr<float>(), m, n, k);
  return c;
}

void pipelined_copy(torch::Tensor& dst, const torch::Tensor& src) {
  const int rows = src.size(0);
  const int row_vecs = src.size(1) / 4;
  const int threads = 128;
  const size_t smem = 2 * threads * sizeof(float4);
  cudavet_test::pipelined_copy_kernel<<<rows, threads, smem,
                                        at::cuda::getCurrentCUDAStream()>>>(
      reinterpret_cast<const float4*>(src.data_ptr<float>()),
      reinterpret_cast<float4*>(dst.data_ptr<float>()), rows, row_vecs);
}
