// Paged KV copy: each thread walks its own number of pages, and the
// loop's barrier is hit a different number of times by different threads.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void copy_pages_kernel(float* __restrict__ dst,
                                  const float* __restrict__ src,
                                  const int* __restrict__ pages_per_seq,
                                  const int page_elems) {
  __shared__ float s_page[256];
  const int seq = threadIdx.x;
  const int my_pages = pages_per_seq[seq];
  int done = 0;
  while (done < my_pages) {
    s_page[threadIdx.x] = src[(seq * 64 + done) * page_elems + threadIdx.x];
    __syncthreads();  // want `__syncthreads\(\) is inside a loop whose trip count depends on threadIdx.x via my_pages \(loop condition done < my_pages at line 14\)`
    dst[(seq * 64 + done) * page_elems + threadIdx.x] = s_page[255 - threadIdx.x];
    ++done;
  }
}

void copy_pages(torch::Tensor& dst, torch::Tensor& src, torch::Tensor& pages_per_seq,
                int64_t page_elems) {
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  copy_pages_kernel<<<1, 256, 0, stream>>>(dst.data_ptr<float>(), src.data_ptr<float>(),
                                           pages_per_seq.data_ptr<int>(), page_elems);
}
