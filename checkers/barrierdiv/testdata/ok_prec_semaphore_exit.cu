// Split-K GEMV reduction: the block is 32 x 4 threads, each row of warps
// (threadIdx.y) computes a partial dot product, and only warp row 0 takes
// the cross-block semaphore and writes the output. The barriers inside the
// semaphore are skipped by warp rows 1..3, which run straight to the end of
// the kernel with no barrier or shared memory left: for those barriers they
// have exited, so the barriers are not divergent.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct SplitKSemaphore {
  int* lock;
  int wait_for;

  __device__ SplitKSemaphore(int* l, int w) : lock(l), wait_for(w) {}

  __device__ void wait() {
    if (threadIdx.x == 0 && threadIdx.y == 0) {
      while (atomicAdd(lock, 0) != wait_for) {
      }
    }
    __syncthreads();
  }

  __device__ void release(int next) {
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
      __threadfence();
      atomicExch(lock, next);
    }
  }
};

__global__ void splitk_gemv_kernel(float* __restrict__ out,
                                   const float* __restrict__ w,
                                   const float* __restrict__ x,
                                   int* __restrict__ locks,
                                   const int k, const int n) {
  __shared__ float s_part[4][32];
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int slice_id = threadIdx.y;
  const int k_per_slice = k / 4;
  float acc = 0.f;
  if (col < n) {
    for (int i = slice_id * k_per_slice; i < (slice_id + 1) * k_per_slice; ++i) {
      acc += w[(int64_t)i * n + col] * x[i];
    }
  }
  s_part[slice_id][threadIdx.x] = acc;
  __syncthreads();
  if (slice_id == 0) {
    SplitKSemaphore sem(locks + blockIdx.x, blockIdx.y);
    sem.wait();
    float total = s_part[0][threadIdx.x] + s_part[1][threadIdx.x] +
                  s_part[2][threadIdx.x] + s_part[3][threadIdx.x];
    if (col < n) {
      out[col] += total;
    }
    sem.release(blockIdx.y + 1);
  }
}

void splitk_gemv(torch::Tensor& out, torch::Tensor& w, torch::Tensor& x, torch::Tensor& locks) {
  const int k = w.size(0);
  const int n = w.size(1);
  TORCH_CHECK(k % 4 == 0, "k must be a multiple of 4");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dim3 grid((n + 31) / 32, 1);
  dim3 block(32, 4);
  splitk_gemv_kernel<<<grid, block, 0, stream>>>(out.data_ptr<float>(), w.data_ptr<float>(),
                                                 x.data_ptr<float>(), locks.data_ptr<int>(), k, n);
}
