// Split-K GEMV reduction whose epilogue was moved after the semaphore: warp
// row 0 takes the semaphore (two barriers inside), but warp rows 1..3 skip
// it and then wait at the epilogue's __syncthreads, so the block's barriers
// no longer match: rows 1..3 meet row 0's first semaphore barrier instead.
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

__global__ void splitk_gemv_epilogue_kernel(float* __restrict__ out,
                                            const float* __restrict__ w,
                                            const float* __restrict__ x,
                                            const float* __restrict__ bias,
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
    sem.wait();  // want `call to SplitKSemaphore::wait, which reaches __syncthreads\(\) at line 19, is reached only by threads with slice_id == 0`
    s_part[0][threadIdx.x] += s_part[1][threadIdx.x] + s_part[2][threadIdx.x] + s_part[3][threadIdx.x];
    sem.release(blockIdx.y + 1);  // want `call to SplitKSemaphore::release, which reaches __syncthreads\(\) at line 23, is reached only by threads with slice_id == 0`
  }
  __syncthreads();
  if (col < n && slice_id == 0) {
    out[col] = s_part[0][threadIdx.x] + bias[col];
  }
}

void splitk_gemv_epilogue(torch::Tensor& out, torch::Tensor& w, torch::Tensor& x,
                          torch::Tensor& bias, torch::Tensor& locks) {
  const int k = w.size(0);
  const int n = w.size(1);
  TORCH_CHECK(k % 4 == 0, "k must be a multiple of 4");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dim3 grid((n + 31) / 32, 1);
  dim3 block(32, 4);
  splitk_gemv_epilogue_kernel<<<grid, block, 0, stream>>>(
      out.data_ptr<float>(), w.data_ptr<float>(), x.data_ptr<float>(), bias.data_ptr<float>(),
      locks.data_ptr<int>(), k, n);
}
