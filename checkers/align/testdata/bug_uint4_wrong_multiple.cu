// fp16 row copy (used to gather the last token of each prompt for the LM
// head) moving 8 halves per uint4. The launcher checks hidden_size % 2,
// left over from an older __half2 path, but 16-byte loads need rows that
// are a multiple of 8 halves: hidden_size = 4098 misaligns the second row.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

// cudavet:shape out[num_seqs, hidden_size]; shape hidden[num_tokens, hidden_size]; shape last_idx[num_seqs]
// cudavet:user num_seqs <= 4096; user num_tokens <= 1 << 20; user hidden_size <= 16384
// cudavet:assume hidden_size % 2 == 0
// cudavet:launch grid=num_seqs block=128
__global__ void gather_last_token_kernel(__half* __restrict__ out, const __half* __restrict__ hidden,
                                         const int64_t* __restrict__ last_idx, const int hidden_size) {
  const int64_t token = last_idx[blockIdx.x];
  const uint4* src = reinterpret_cast<const uint4*>(hidden + token * hidden_size);
  uint4* dst = reinterpret_cast<uint4*>(out + (int64_t)blockIdx.x * hidden_size);
  for (int i = threadIdx.x; i < hidden_size / 8; i += blockDim.x) {
    dst[i] = src[i];  // want "uint4 store to out is misaligned: byte offset \\d+ is not a multiple of 16"
  }
}

void gather_last_token(torch::Tensor& out, const torch::Tensor& hidden, const torch::Tensor& last_idx) {
  const int num_seqs = last_idx.size(0);
  const int hidden_size = hidden.size(-1);
  TORCH_CHECK(hidden_size % 2 == 0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gather_last_token_kernel<<<num_seqs, 128, 0, stream>>>(reinterpret_cast<__half*>(out.data_ptr()),
                                                         reinterpret_cast<const __half*>(hidden.data_ptr()),
                                                         last_idx.data_ptr<int64_t>(), hidden_size);
}
