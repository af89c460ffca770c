// ok_local_expert_offsets.cu staging at the thread's slot, not the loop's: with
// 256 local experts (DeepSeek-V3 without expert parallelism) offset 256
// is never staged and the last expert reads it uninitialised.
#include <cstdint>
#include <cuda_runtime.h>

__global__ void expert_row_ids_kernel(const int64_t* __restrict__ first_token_offset,
                                      int* __restrict__ row_expert, const int num_local_expert) {
  const int eidx = blockIdx.x;
  extern __shared__ int64_t s_offsets[];
  for (int i = threadIdx.x; i <= num_local_expert; i += blockDim.x) {
    s_offsets[threadIdx.x] = first_token_offset[i];
  }
  __syncthreads();
  const int64_t first = s_offsets[eidx];
  const int64_t last = s_offsets[eidx + 1];  // want `load from s_offsets\[eidx \+ 1\] reads element 256 of shared s_offsets, which no thread of the block has written`
  for (int64_t r = first + threadIdx.x; r < last; r += blockDim.x) {
    row_expert[r] = eidx;
  }
}

void expert_row_ids(const int64_t* first_token_offset, int* row_expert, int num_local_expert,
                    cudaStream_t stream) {
  const int smem = sizeof(int64_t) * (num_local_expert + 1);
  expert_row_ids_kernel<<<num_local_expert, 256, smem, stream>>>(first_token_offset, row_expert,
                                                                 num_local_expert);
}
