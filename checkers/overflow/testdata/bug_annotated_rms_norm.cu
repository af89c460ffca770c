// The kernel of bug_launcher_rms_norm.cu without its launcher: the
// annotations say what the launcher said (one block per token, the block
// as wide as the row up to 1024 threads, hidden_size one of the bundled
// models' hidden sizes, up to 2^20 tokens), and the finding is the same.
#include <cuda_runtime.h>

// cudavet:shape input[num_tokens, hidden_size]; shape out[num_tokens, hidden_size]; shape weight[hidden_size]
// cudavet:fixed hidden_size in {2048, 2880, 3072, 3584, 4096, 4608, 6144, 7168, 8192}
// cudavet:user num_tokens in [1, 1048576]
// cudavet:launch grid=num_tokens block=min(hidden_size, 1024)
template <typename scalar_t>
__global__ void rms_norm_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                const scalar_t* __restrict__ weight, const float epsilon,
                                const int num_tokens, const int hidden_size) {
  __shared__ float s_variance;
  float variance = 0.0f;
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = (float)input[blockIdx.x * hidden_size + idx];  // want `blockIdx.x \* hidden_size \+ idx \(unsigned int\) overflows when num_tokens >= 524289 with hidden_size = 8192`
    variance += x * x;
  }
  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    float x = (float)input[blockIdx.x * hidden_size + idx];  // want `overflows when num_tokens >= 524289 with`
    out[blockIdx.x * hidden_size + idx] = (scalar_t)(x * s_variance) * weight[idx];  // want `overflows when num_tokens >= 524289 with`
  }
}

template __global__ void rms_norm_kernel<float>(float*, const float*, const float*, float, int, int);
