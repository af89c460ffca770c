// A bulk-copy pipeline stage that names libcu++'s PTX wrappers through a
// namespace alias while including only <cuda/barrier>: libcu++'s barrier
// is built on cuda::ptx, so <cuda/barrier> makes it visible, as in CCCL.
// kernel: stage_rows_kernel
#include <cuda/barrier>

using block_barrier = cuda::barrier<cuda::thread_scope_block>;
namespace cde = cuda::device::experimental;
namespace ptx = cuda::ptx;

__global__ void stage_rows_kernel(const float* in, float* out, int cols) {
  __shared__ __align__(128) float row[1024];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ block_barrier bar;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  for (int c = threadIdx.x; c < cols && c < 1024; c += blockDim.x) row[c] = in[blockIdx.x * cols + c];
  cde::fence_proxy_async_shared_cta();
  bar.arrive_and_wait();
  for (int c = threadIdx.x; c < cols && c < 1024; c += blockDim.x) out[blockIdx.x * cols + c] = row[c];
}
