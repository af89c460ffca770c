// Input scaling read as float4 from each token's row: rows start at
// token * hidden_size floats, a 16-byte boundary only when hidden_size is
// a multiple of 4. A model with hidden_size 4098 kills the kernel with
// "misaligned address" from the second token on.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, hidden_size]; shape in[num_tokens, hidden_size]
// cudavet:user num_tokens <= 1 << 20; fixed hidden_size in {4096, 4098}
// cudavet:launch grid=num_tokens block=256
__global__ void scale_rows_vec4_kernel(float* __restrict__ out, const float* __restrict__ in,
                                       const float scale, const int hidden_size) {
  const int64_t token = blockIdx.x;
  const float4* in4 = reinterpret_cast<const float4*>(in + token * hidden_size);
  float4* out4 = reinterpret_cast<float4*>(out + token * hidden_size);
  for (int i = threadIdx.x; i < hidden_size / 4; i += blockDim.x) {
    float4 v = in4[i];  // want "float4 load from in is misaligned: byte offset \\d+ is not a multiple of 16 when num_tokens = 2 with hidden_size = 4098"
    v.x *= scale;
    v.y *= scale;
    v.z *= scale;
    v.w *= scale;
    out4[i] = v;  // want "float4 store to out is misaligned: byte offset \\d+ is not a multiple of 16"
  }
}

void scale_rows_vec4(torch::Tensor& out, const torch::Tensor& in, double scale) {
  const int hidden_size = in.size(-1);
  const int num_tokens = in.numel() / hidden_size;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale_rows_vec4_kernel<<<num_tokens, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), scale,
                                                         hidden_size);
}
