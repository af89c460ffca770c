// An embedding gather: one block per token, 32-bit row offset into out.
// token * hidden overflows int once num_tokens reaches 2^31 / 8192.
#include <cuda_runtime.h>
#include <cstdint>

// cudavet:shape out[num_tokens, hidden]; shape table[vocab, hidden]; shape ids[num_tokens]
// cudavet:user num_tokens <= 1 << 20
// cudavet:fixed hidden = 8192
// cudavet:fixed vocab = 128256
// cudavet:launch grid=num_tokens block=256
__global__ void embedding_kernel(float* __restrict__ out, const float* __restrict__ table,
                                 const int* __restrict__ ids, int num_tokens, int hidden,
                                 int vocab) {
  int token = blockIdx.x;
  int id = ids[token];
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    out[token * hidden + i] = table[(int64_t)id * hidden + i];
  }
}

void embedding(float* out, const float* table, const int* ids, int num_tokens, int hidden,
               int vocab, cudaStream_t stream) {
  embedding_kernel<<<num_tokens, 256, 0, stream>>>(out, table, ids, num_tokens, hidden, vocab);
}
