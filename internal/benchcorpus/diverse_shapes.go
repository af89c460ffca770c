package benchcorpus

import (
	"strings"
	"text/template"
)

// diverseShapes are the kernel families of the diverse corpus, each a
// kernel (or two) and its torch launcher, written for this corpus in the
// style of vLLM's and FlashInfer's csrc/ (none is copied). Each template
// reads the fields of kernel; "reduce" writes a block reduction.
var diverseShapes = []*diverseShape{
	{name: "act_and_mul", tmpl: parse(actAndMul), needs: needsPacked},
	{name: "rms_norm", tmpl: parse(rmsNorm), needs: needsReduce},
	{name: "rotary", tmpl: parse(rotary), needs: none},
	{name: "cache_write", tmpl: parse(cacheWrite), needs: none},
	{name: "paged_decode", tmpl: parse(pagedDecode), needs: func(*kernel) []string { return []string{"block"} }},
	{name: "moe_sum", tmpl: parse(moeSum), needs: none},
	{name: "moe_count", tmpl: parse(moeCount), needs: none},
	{name: "token_quant", tmpl: parse(tokenQuant), needs: func(k *kernel) []string {
		return append(needsReduce(k), needsPacked(k)...)
	}},
	{name: "gate_softmax", tmpl: parse(gateSoftmax), needs: needsReduce},
	{name: "transpose", tmpl: parse(transpose), needs: none},
	{name: "static_quant", tmpl: parse(staticQuant), needs: needsPacked},
}

func none(*kernel) []string { return nil }

func needsPacked(k *kernel) []string {
	if k.Vec {
		return []string{"packed"}
	}
	return nil
}

var funcs = template.FuncMap{
	"reduce": reduceBlock,
	"last":   func(v []int) int { return v[len(v)-1] },
	"init":   func(v []int) []int { return v[:len(v)-1] },
	"upper":  strings.ToUpper,
}

func parse(text string) *template.Template {
	return template.Must(template.New("").Funcs(funcs).Parse(text))
}

// actAndMul: a gated activation, one block per token; the vectorised path
// moves 16 bytes at a time when d allows it, the scalar loop takes the rest.
// Variant: 0 SiLU, 1 tanh GELU, 2 erf GELU.
const actAndMul = `
__device__ __forceinline__ float {{.Name}}_act(const float x) {
{{- if eq .Variant 0}}
  return x / (1.0f + __expf(-x));
{{- else if eq .Variant 1}}
  const float inner = 0.7978845608f * (x + 0.044715f * x * x * x);
  return 0.5f * x * (1.0f + tanhf(inner));
{{- else}}
  return 0.5f * x * (1.0f + erff(x * 0.7071067811f));
{{- end}}
}

template <typename scalar_t{{if .Vec}}, int VEC{{end}}>
__global__ void {{.Name}}_kernel(scalar_t* __restrict__ out,          // [num_tokens, d]
    const scalar_t* __restrict__ input,  // [num_tokens, 2 * d]
    const int d) {
  const {{.Idx}} token = blockIdx.x;
  const scalar_t* x_row = input + token * 2 * d;
  const scalar_t* g_row = x_row + d;
  scalar_t* out_row = out + token * d;
{{- if .Vec}}
  using pack_t = Packed<scalar_t, VEC>;
  const int num_packs = d / VEC;
  for (int i = threadIdx.x; i < num_packs; i += blockDim.x) {
    const pack_t x = reinterpret_cast<const pack_t*>(x_row)[i];
    const pack_t g = reinterpret_cast<const pack_t*>(g_row)[i];
    pack_t r;
#pragma unroll
    for (int j = 0; j < VEC; ++j) {
      r.val[j] = static_cast<scalar_t>({{.Name}}_act(static_cast<float>(x.val[j])) *
                                       static_cast<float>(g.val[j]));
    }
    reinterpret_cast<pack_t*>(out_row)[i] = r;
  }
  for (int i = num_packs * VEC + threadIdx.x; i < d; i += blockDim.x) {
{{- else}}
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
{{- end}}
    const float x = static_cast<float>(x_row[i]);
    out_row[i] = static_cast<scalar_t>({{.Name}}_act(x) * static_cast<float>(g_row[i]));
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& out,    // [..., d]
    torch::Tensor& input) {  // [..., 2 * d]
  TORCH_CHECK(input.is_contiguous() && out.is_contiguous());
  const int d = input.size(-1) / 2;
  const int64_t num_tokens = input.numel() / input.size(-1);
  TORCH_CHECK(out.numel() == num_tokens * d, "out must be half as wide as input");
  dim3 grid(num_tokens);
  dim3 block(std::min(d, {{.Max}}));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}input.scalar_type(), "{{.Name}}", [&] {
{{- if .Vec}}
    constexpr int VEC = 16 / sizeof(scalar_t);
    if (d % VEC == 0) {
      {{.NS}}::{{.Name}}_kernel<scalar_t, VEC><<<grid, block, 0, stream>>>(
          out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), d);
    } else {
      {{.NS}}::{{.Name}}_kernel<scalar_t, 1><<<grid, block, 0, stream>>>(
          out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), d);
    }
{{- else}}
    {{.NS}}::{{.Name}}_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), d);
{{- end}}
  });
}
`

// rmsNorm: RMS normalisation with a block reduction, NUM_THREADS picked
// from the row width. Variant 1 adds the residual first (and stores it).
const rmsNorm = `
template <typename scalar_t, int NUM_THREADS>
__global__ void {{.Name}}_kernel(scalar_t* __restrict__ out,  // [num_tokens, hidden]
    const scalar_t* __restrict__ input,                   // [num_tokens, input_stride]
{{- if eq .Variant 1}}
    scalar_t* __restrict__ residual,                      // [num_tokens, hidden]
{{- end}}
    const scalar_t* __restrict__ weight,                  // [hidden]
    const {{.Stride}} input_stride, const float epsilon, const int hidden) {
  __shared__ float s_inv_rms;
  const {{.Idx}} row = blockIdx.x;
  float sum_sq = 0.0f;
  for (int i = threadIdx.x; i < hidden; i += NUM_THREADS) {
    float x = static_cast<float>(input[row * input_stride + i]);
{{- if eq .Variant 1}}
    x += static_cast<float>(residual[row * hidden + i]);
    residual[row * hidden + i] = static_cast<scalar_t>(x);
{{- end}}
    sum_sq += x * x;
  }
{{reduce .Cub "sum" "sum_sq" "total"}}  if (threadIdx.x == 0) s_inv_rms = rsqrtf(total / hidden + epsilon);
  __syncthreads();
  for (int i = threadIdx.x; i < hidden; i += NUM_THREADS) {
{{- if eq .Variant 1}}
    const float x = static_cast<float>(residual[row * hidden + i]);
{{- else}}
    const float x = static_cast<float>(input[row * input_stride + i]);
{{- end}}
    out[row * hidden + i] = static_cast<scalar_t>(x * s_inv_rms * static_cast<float>(weight[i]));
  }
}
//LAUNCHER

#define {{upper .Name}}_LAUNCH(THREADS)                                             \
  {{.NS}}::{{.Name}}_kernel<scalar_t, THREADS><<<grid, THREADS, 0, stream>>>( \
      out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(),{{if eq .Variant 1}} residual.data_ptr<scalar_t>(),{{end}} \
      weight.data_ptr<scalar_t>(), input_stride, epsilon, hidden)

void {{.Name}}(torch::Tensor& out, torch::Tensor& input,{{if eq .Variant 1}} torch::Tensor& residual,{{end}}
    torch::Tensor& weight, double epsilon) {
  TORCH_CHECK(out.is_contiguous() && input.stride(-1) == 1);
  const int hidden = input.size(-1);
  const {{.Stride}} input_stride = input.stride(-2);
  const int num_tokens = input.numel() / hidden;
  TORCH_CHECK(weight.numel() == hidden && out.numel() == input.numel());{{if eq .Variant 1}}
  TORCH_CHECK(residual.is_contiguous() && residual.numel() == input.numel());{{end}}
  dim3 grid(num_tokens);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}input.scalar_type(), "{{.Name}}", [&] {
{{- range $i, $t := init .Threads}}
    {{if $i}}} else {{end}}if (hidden <= {{$t}}) {
      {{upper $.Name}}_LAUNCH({{$t}});
{{- end}}
    } else {
      {{upper .Name}}_LAUNCH({{last .Threads}});
    }
  });
}
#undef {{upper .Name}}_LAUNCH
`

// rotary: rotary embedding of queries and keys, a loop over heads inside
// one block per token. Variant 0 is GPT-J (interleaved) only, else the
// launcher chooses NeoX or GPT-J through a bool template parameter.
const rotary = `
template <typename scalar_t, bool IS_NEOX>
__device__ __forceinline__ void {{.Name}}_rotate(scalar_t* __restrict__ head,
    const scalar_t* __restrict__ cos_ptr, const scalar_t* __restrict__ sin_ptr,
    const int rot, const int embed_dim) {
  const int x_idx = IS_NEOX ? rot : 2 * rot;
  const int y_idx = IS_NEOX ? embed_dim + rot : 2 * rot + 1;
  const float c = static_cast<float>(cos_ptr[rot]);
  const float s = static_cast<float>(sin_ptr[rot]);
  const float x = static_cast<float>(head[x_idx]);
  const float y = static_cast<float>(head[y_idx]);
  head[x_idx] = static_cast<scalar_t>(x * c - y * s);
  head[y_idx] = static_cast<scalar_t>(y * c + x * s);
}

template <typename scalar_t, bool IS_NEOX>
__global__ void {{.Name}}_kernel(const int64_t* __restrict__ positions,  // [num_tokens]
    scalar_t* __restrict__ query,                 // [num_tokens, num_heads * head_size]
    scalar_t* __restrict__ key,                   // [num_tokens, num_kv_heads * head_size]
    const scalar_t* __restrict__ cos_sin_cache,   // [max_position, rot_dim]
    const int rot_dim, const {{.Stride}} query_stride, const {{.Stride}} key_stride,
    const int num_heads, const int num_kv_heads, const int head_size) {
  const {{.Idx}} token = blockIdx.x;
  const int64_t pos = positions[token];
  const scalar_t* cos_ptr = cos_sin_cache + pos * rot_dim;
  const int embed_dim = rot_dim / 2;
  const scalar_t* sin_ptr = cos_ptr + embed_dim;
  for (int i = threadIdx.x; i < num_heads * embed_dim; i += blockDim.x) {
    const int head = i / embed_dim;
    const {{.Idx}} offset = token * query_stride + head * head_size;
    {{.Name}}_rotate<scalar_t, IS_NEOX>(query + offset, cos_ptr, sin_ptr, i % embed_dim, embed_dim);
  }
  for (int i = threadIdx.x; i < num_kv_heads * embed_dim; i += blockDim.x) {
    const int head = i / embed_dim;
    const {{.Idx}} offset = token * key_stride + head * head_size;
    {{.Name}}_rotate<scalar_t, IS_NEOX>(key + offset, cos_ptr, sin_ptr, i % embed_dim, embed_dim);
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& positions, torch::Tensor& query, torch::Tensor& key,
    int64_t head_size, torch::Tensor& cos_sin_cache{{if ne .Variant 0}}, bool is_neox{{end}}) {
  TORCH_CHECK(positions.scalar_type() == at::ScalarType::Long);
  const int64_t num_tokens = positions.numel();
  TORCH_CHECK(query.size(0) == num_tokens && key.size(0) == num_tokens);
  const int rot_dim = cos_sin_cache.size(1);
  const int num_heads = query.size(-1) / head_size;
  const int num_kv_heads = key.size(-1) / head_size;
  TORCH_CHECK(rot_dim <= head_size && rot_dim % 2 == 0);
  const {{.Stride}} query_stride = query.stride(0);
  const {{.Stride}} key_stride = key.stride(0);
  dim3 grid(num_tokens);
  dim3 block(std::min<int64_t>(num_heads * rot_dim / 2, {{.Max}}));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(query));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}query.scalar_type(), "{{.Name}}", [&] {
{{- if ne .Variant 0}}
    if (is_neox) {
      {{.NS}}::{{.Name}}_kernel<scalar_t, true><<<grid, block, 0, stream>>>(
          positions.data_ptr<int64_t>(), query.data_ptr<scalar_t>(), key.data_ptr<scalar_t>(),
          cos_sin_cache.data_ptr<scalar_t>(), rot_dim, query_stride, key_stride, num_heads,
          num_kv_heads, head_size);
    } else
{{- end}} {
      {{.NS}}::{{.Name}}_kernel<scalar_t, false><<<grid, block, 0, stream>>>(
          positions.data_ptr<int64_t>(), query.data_ptr<scalar_t>(), key.data_ptr<scalar_t>(),
          cos_sin_cache.data_ptr<scalar_t>(), rot_dim, query_stride, key_stride, num_heads,
          num_kv_heads, head_size);
    }
  });
}
`

// cacheWrite: new keys and values into a paged KV cache by slot, the block
// size a template parameter. Variant 2 splits the key cache by 16-byte
// groups ([num_blocks, num_heads, head_size / x, BLOCK_SIZE, x]) and lays
// values out as [num_blocks, num_heads, head_size, BLOCK_SIZE]; otherwise
// both are [num_blocks, BLOCK_SIZE, num_heads, head_size].
const cacheWrite = `
template <typename scalar_t, int BLOCK_SIZE>
__global__ void {{.Name}}_kernel(const scalar_t* __restrict__ key,  // [num_tokens, num_heads, head_size]
    const scalar_t* __restrict__ value,          // [num_tokens, num_heads, head_size]
    scalar_t* __restrict__ key_cache, scalar_t* __restrict__ value_cache,
    const int64_t* __restrict__ slot_mapping,    // [num_tokens]
    const {{.Stride}} key_stride, const {{.Stride}} value_stride, const int num_heads,
    const int head_size) {
  const {{.Idx}} token = blockIdx.x;
  const int64_t slot = slot_mapping[token];
  if (slot < 0) return;  // a padding token
  const int64_t block_idx = slot / BLOCK_SIZE;
  const int64_t block_offset = slot % BLOCK_SIZE;
  const int n = num_heads * head_size;
{{- if eq .Variant 2}}
  constexpr int X = 16 / sizeof(scalar_t);
{{- end}}
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int head = i / head_size;
    const int d = i % head_size;
{{- if eq .Variant 2}}
    const int64_t k_dst = block_idx * n * BLOCK_SIZE + head * head_size * BLOCK_SIZE +
                          (d / X) * BLOCK_SIZE * X + block_offset * X + d % X;
    const int64_t v_dst = block_idx * n * BLOCK_SIZE + head * head_size * BLOCK_SIZE +
                          d * BLOCK_SIZE + block_offset;
    key_cache[k_dst] = key[token * key_stride + i];
    value_cache[v_dst] = value[token * value_stride + i];
{{- else}}
    const int64_t dst = (block_idx * BLOCK_SIZE + block_offset) * n + head * head_size + d;
    key_cache[dst] = key[token * key_stride + i];
    value_cache[dst] = value[token * value_stride + i];
{{- end}}
  }
}
//LAUNCHER

#define {{upper .Name}}_LAUNCH(BLOCK)                                                     \
  {{.NS}}::{{.Name}}_kernel<scalar_t, BLOCK><<<grid, block, 0, stream>>>(                   \
      key.data_ptr<scalar_t>(), value.data_ptr<scalar_t>(), key_cache.data_ptr<scalar_t>(), \
      value_cache.data_ptr<scalar_t>(), slot_mapping.data_ptr<int64_t>(), key_stride,       \
      value_stride, num_heads, head_size)

void {{.Name}}(torch::Tensor& key, torch::Tensor& value, torch::Tensor& key_cache,
    torch::Tensor& value_cache, torch::Tensor& slot_mapping) {
  const int num_tokens = slot_mapping.size(0);
  const int num_heads = key.size(1);
  const int head_size = key.size(2);
  TORCH_CHECK(key.size(0) == num_tokens && value.sizes() == key.sizes());
{{- if eq .Variant 2}}
  const int block_size = value_cache.size(3);
  TORCH_CHECK(head_size * key.element_size() % 16 == 0, "head_size must fill 16-byte groups");
{{- else}}
  const int block_size = key_cache.size(1);
  TORCH_CHECK(key_cache.size(2) == num_heads && key_cache.size(3) == head_size);
{{- end}}
  const {{.Stride}} key_stride = key.stride(0);
  const {{.Stride}} value_stride = value.stride(0);
  dim3 grid(num_tokens);
  dim3 block(std::min(num_heads * head_size, {{.Max}}));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(key));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}key.scalar_type(), "{{.Name}}", [&] {
    switch (block_size) {
{{- range .Blocks}}
      case {{.}}:
        {{upper $.Name}}_LAUNCH({{.}});
        break;
{{- end}}
      default:
        TORCH_CHECK(false, "unsupported block size: ", block_size);
    }
  });
}
#undef {{upper .Name}}_LAUNCH
`

// pagedDecode: one query token per sequence against a paged KV cache, one
// block per (head, sequence): q in a shared tile, logits in dynamic shared
// memory, block max and sum, then the weighted sum of values. Templated on
// HEAD_SIZE × BLOCK_SIZE × NUM_THREADS, as a decode attention kernel is.
const pagedDecode = `
template <typename scalar_t, int HEAD_SIZE, int BLOCK_SIZE, int NUM_THREADS>
__global__ void {{.Name}}_kernel(scalar_t* __restrict__ out,  // [num_seqs, num_heads, HEAD_SIZE]
    const scalar_t* __restrict__ q,        // [num_seqs, num_heads, HEAD_SIZE]
    const scalar_t* __restrict__ k_cache,  // [num_blocks, num_kv_heads, BLOCK_SIZE, HEAD_SIZE]
    const scalar_t* __restrict__ v_cache,  // [num_blocks, num_kv_heads, BLOCK_SIZE, HEAD_SIZE]
    const int* __restrict__ block_tables,  // [num_seqs, max_num_blocks_per_seq]
    const int* __restrict__ seq_lens, const int num_kv_heads, const float scale,
    const int max_num_blocks_per_seq, const int q_stride, const {{.Stride}} kv_block_stride,
    const int kv_head_stride) {
  constexpr int NUM_WARPS = NUM_THREADS / 32;
  const int head = blockIdx.x;
  const int seq = blockIdx.y;
  const int kv_head = head / (gridDim.x / num_kv_heads);
  const int seq_len = seq_lens[seq];
  const int num_blocks = (seq_len + BLOCK_SIZE - 1) / BLOCK_SIZE;
  __shared__ float q_s[HEAD_SIZE];
  extern __shared__ float logits[];  // [max_seq_len rounded up to BLOCK_SIZE]
  for (int d = threadIdx.x; d < HEAD_SIZE; d += NUM_THREADS) {
    q_s[d] = static_cast<float>(q[seq * q_stride + head * HEAD_SIZE + d]) * scale;
  }
  __syncthreads();
  const int* block_table = block_tables + seq * max_num_blocks_per_seq;
  float qk_max = -FLT_MAX;
  for (int b = threadIdx.x / 32; b < num_blocks; b += NUM_WARPS) {
    const int64_t physical = block_table[b];
    for (int t = threadIdx.x % 32; t < BLOCK_SIZE; t += 32) {
      const scalar_t* k = k_cache + physical * kv_block_stride + kv_head * kv_head_stride + t * HEAD_SIZE;
      float qk = 0.0f;
#pragma unroll 8
      for (int d = 0; d < HEAD_SIZE; ++d) qk += q_s[d] * static_cast<float>(k[d]);
      if (b * BLOCK_SIZE + t < seq_len) {
        logits[b * BLOCK_SIZE + t] = qk;
        qk_max = fmaxf(qk_max, qk);
      }
    }
  }
  qk_max = block_reduce<NUM_THREADS, true>(qk_max);
  float exp_sum = 0.0f;
  for (int i = threadIdx.x; i < seq_len; i += NUM_THREADS) {
    logits[i] = __expf(logits[i] - qk_max);
    exp_sum += logits[i];
  }
  const float inv_sum = __fdividef(1.0f, block_reduce<NUM_THREADS, false>(exp_sum) + 1e-6f);
  for (int d = threadIdx.x; d < HEAD_SIZE; d += NUM_THREADS) {
    float acc = 0.0f;
    for (int b = 0; b < num_blocks; ++b) {
      const scalar_t* v = v_cache + block_table[b] * kv_block_stride + kv_head * kv_head_stride + d;
      const int valid = min(BLOCK_SIZE, seq_len - b * BLOCK_SIZE);
      for (int t = 0; t < valid; ++t) acc += logits[b * BLOCK_SIZE + t] * static_cast<float>(v[t * HEAD_SIZE]);
    }
    out[(seq * gridDim.x + head) * HEAD_SIZE + d] = static_cast<scalar_t>(acc * inv_sum);
  }
}
//LAUNCHER

#define {{upper .Name}}_LAUNCH(HEAD, BLOCK)                                                  \
  {{.NS}}::{{.Name}}_kernel<scalar_t, HEAD, BLOCK, {{.Thread}}><<<grid, {{.Thread}}, shared_bytes, stream>>>( \
      out.data_ptr<scalar_t>(), query.data_ptr<scalar_t>(), key_cache.data_ptr<scalar_t>(),   \
      value_cache.data_ptr<scalar_t>(), block_tables.data_ptr<int>(), seq_lens.data_ptr<int>(), \
      num_kv_heads, scale, max_num_blocks_per_seq, q_stride, kv_block_stride, kv_head_stride)

#define {{upper .Name}}_BLOCKS(HEAD)                                     \
  switch (block_size) {                                                  \
{{- range .Blocks}}
    case {{.}}:                                                          \
      {{upper $.Name}}_LAUNCH(HEAD, {{.}});                              \
      break;                                                             \
{{- end}}
    default:                                                             \
      TORCH_CHECK(false, "unsupported block size: ", block_size);        \
  }

void {{.Name}}(torch::Tensor& out, torch::Tensor& query, torch::Tensor& key_cache,
    torch::Tensor& value_cache, int64_t num_kv_heads, double scale, torch::Tensor& block_tables,
    torch::Tensor& seq_lens, int64_t max_seq_len) {
  const int num_heads = query.size(1);
  const int head_size = query.size(2);
  const int max_num_blocks_per_seq = block_tables.size(1);
  const int q_stride = query.stride(0);
  const {{.Stride}} kv_block_stride = key_cache.stride(0);
  const int kv_head_stride = key_cache.stride(1);
  const int block_size = key_cache.size(2);
  TORCH_CHECK(num_heads % num_kv_heads == 0, "heads must group evenly over kv heads");
  TORCH_CHECK(out.numel() == query.numel() && seq_lens.numel() == query.size(0));
  const int shared_bytes = (max_seq_len + block_size - 1) / block_size * block_size * sizeof(float);
  dim3 grid(num_heads, query.size(0));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(query));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}query.scalar_type(), "{{.Name}}", [&] {
    switch (head_size) {
{{- range .Heads}}
      case {{.}}:
        {{upper $.Name}}_BLOCKS({{.}});
        break;
{{- end}}
      default:
        TORCH_CHECK(false, "unsupported head size: ", head_size);
    }
  });
}
#undef {{upper .Name}}_BLOCKS
#undef {{upper .Name}}_LAUNCH
`

// moeSum: the top-k expert outputs of each token summed (Variant 1:
// weighted by the router), TOPK a template parameter.
const moeSum = `
template <typename scalar_t, int TOPK>
__global__ void {{.Name}}_kernel(scalar_t* __restrict__ out,  // [num_tokens, d]
    const scalar_t* __restrict__ input,                   // [num_tokens, TOPK, d]
{{- if eq .Variant 1}}
    const float* __restrict__ topk_weights,               // [num_tokens, TOPK]
{{- end}}
    const int d) {
  const {{.Idx}} token = blockIdx.x;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < TOPK; ++k) {
{{- if eq .Variant 1}}
      acc += topk_weights[token * TOPK + k] * static_cast<float>(input[(token * TOPK + k) * d + i]);
{{- else}}
      acc += static_cast<float>(input[(token * TOPK + k) * d + i]);
{{- end}}
    }
    out[token * d + i] = static_cast<scalar_t>(acc);
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& input,  // [num_tokens, topk, d]
{{- if eq .Variant 1}}
    torch::Tensor& topk_weights,           // [num_tokens, topk]
{{- end}}
    torch::Tensor& out) {                  // [num_tokens, d]
  const int d = input.size(-1);
  const int64_t num_tokens = out.numel() / d;
  const int topk = input.size(1);
  TORCH_CHECK(input.is_contiguous() && input.size(0) == num_tokens);
  dim3 grid(num_tokens);
  dim3 block(std::min(d, {{.Max}}));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(out));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  switch (topk) {
{{- range .TopK}}
    case {{.}}:
      {{$.Dispatch}}input.scalar_type(), "{{$.Name}}", [&] {
        {{$.NS}}::{{$.Name}}_kernel<scalar_t, {{.}}><<<grid, block, 0, stream>>>(
            out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(),{{if eq $.Variant 1}} topk_weights.data_ptr<float>(),{{end}} d);
      });
      break;
{{- end}}
    default:
      TORCH_CHECK(false, "unsupported topk: ", topk);
  }
}
`

// moeCount: tokens grouped by expert in one block: counts in dynamic
// shared memory, an exclusive scan (padded to a multiple of block_m when
// Variant is 1) by thread 0, then each token placed with an atomic.
const moeCount = `
template <typename index_t>
__global__ void {{.Name}}_kernel(const index_t* __restrict__ topk_ids,  // [numel]
    int32_t* __restrict__ expert_offsets,    // [num_experts + 1]
    int32_t* __restrict__ sorted_token_ids,  // [capacity]
    const int num_experts, const {{.Idx}} numel{{if eq .Variant 1}}, const int block_m{{end}}) {
  extern __shared__ int32_t counts[];  // [num_experts]
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) counts[e] = 0;
  __syncthreads();
  for ({{.Idx}} i = threadIdx.x; i < numel; i += blockDim.x) {
    const int expert = static_cast<int>(topk_ids[i]);
    if (expert >= 0 && expert < num_experts) atomicAdd(&counts[expert], 1);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int32_t running = 0;
    for (int e = 0; e < num_experts; ++e) {
      const int32_t c = counts[e];
      counts[e] = running;
      expert_offsets[e] = running;
{{- if eq .Variant 1}}
      running += (c + block_m - 1) / block_m * block_m;
{{- else}}
      running += c;
{{- end}}
    }
    expert_offsets[num_experts] = running;
  }
  __syncthreads();
  for ({{.Idx}} i = threadIdx.x; i < numel; i += blockDim.x) {
    const int expert = static_cast<int>(topk_ids[i]);
    if (expert >= 0 && expert < num_experts) {
      const int32_t dst = atomicAdd(&counts[expert], 1);
      sorted_token_ids[dst] = static_cast<int32_t>(i);
    }
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& topk_ids, int64_t num_experts,{{if eq .Variant 1}} int64_t block_m,{{end}}
    torch::Tensor& expert_offsets, torch::Tensor& sorted_token_ids) {
  const {{.Idx}} numel = topk_ids.numel();
  TORCH_CHECK(expert_offsets.numel() == num_experts + 1);
{{- if eq .Variant 1}}
  TORCH_CHECK(sorted_token_ids.numel() >= numel + num_experts * (block_m - 1));
{{- else}}
  TORCH_CHECK(sorted_token_ids.numel() >= numel);
{{- end}}
  const int threads = std::min<int64_t>(std::max<int64_t>(numel, 32), {{.Max}});
  const size_t shared_bytes = num_experts * sizeof(int32_t);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(topk_ids));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_INDEX_TYPES(topk_ids.scalar_type(), "{{.Name}}", [&] {
    {{.NS}}::{{.Name}}_kernel<index_t><<<1, threads, shared_bytes, stream>>>(
        topk_ids.data_ptr<index_t>(), expert_offsets.data_ptr<int32_t>(),
        sorted_token_ids.data_ptr<int32_t>(), num_experts, numel{{if eq .Variant 1}}, block_m{{end}});
  });
}
`

// tokenQuant: dynamic per-token int8 quantisation: the row's absolute
// maximum by a block reduction, the scale stored, the row quantised (in
// packs of four when Vec and the width allows).
const tokenQuant = `
template <typename scalar_t, int NUM_THREADS>
__global__ void {{.Name}}_kernel(int8_t* __restrict__ out,  // [num_tokens, hidden]
    float* __restrict__ scales,                         // [num_tokens]
    const scalar_t* __restrict__ input,                 // [num_tokens, hidden]
    const int hidden) {
  const {{.Idx}} token = blockIdx.x;
  const scalar_t* row = input + token * hidden;
  int8_t* out_row = out + token * hidden;
  float amax = 0.0f;
  for (int i = threadIdx.x; i < hidden; i += NUM_THREADS) {
    amax = fmaxf(amax, fabsf(static_cast<float>(row[i])));
  }
{{reduce .Cub "max" "amax" "row_max"}}  const float scale = row_max / 127.0f;
  if (threadIdx.x == 0) scales[token] = scale;
  const float inv = scale == 0.0f ? 0.0f : 1.0f / scale;
{{- if .Vec}}
  if (hidden % 4 == 0) {
    using in_t = Packed<scalar_t, 4>;
    using out_t = Packed<int8_t, 4>;
    for (int i = threadIdx.x; i < hidden / 4; i += NUM_THREADS) {
      const in_t x = reinterpret_cast<const in_t*>(row)[i];
      out_t q;
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        q.val[j] = static_cast<int8_t>(fmaxf(-128.0f, fminf(127.0f, rintf(static_cast<float>(x.val[j]) * inv))));
      }
      reinterpret_cast<out_t*>(out_row)[i] = q;
    }
    return;
  }
{{- end}}
  for (int i = threadIdx.x; i < hidden; i += NUM_THREADS) {
    const float q = rintf(static_cast<float>(row[i]) * inv);
    out_row[i] = static_cast<int8_t>(fmaxf(-128.0f, fminf(127.0f, q)));
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& out, torch::Tensor& input, torch::Tensor& scales) {
  TORCH_CHECK(input.is_contiguous() && out.is_contiguous());
  TORCH_CHECK(out.scalar_type() == at::ScalarType::Char, "out must be int8");
  const int hidden = input.size(-1);
  const int num_tokens = input.numel() / hidden;
  TORCH_CHECK(scales.numel() == num_tokens && out.numel() == input.numel());
  dim3 grid(num_tokens);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}input.scalar_type(), "{{.Name}}", [&] {
    {{.NS}}::{{.Name}}_kernel<scalar_t, {{.Thread}}><<<grid, {{.Thread}}, 0, stream>>>(
        out.data_ptr<int8_t>(), scales.data_ptr<float>(), input.data_ptr<scalar_t>(), hidden);
  });
}
`

// gateSoftmax: router softmax over experts, the row cached in a shared
// tile of MAX_EXPERTS floats; the launcher picks the tile and the threads.
const gateSoftmax = `
template <typename scalar_t, int MAX_EXPERTS, int NUM_THREADS>
__global__ void {{.Name}}_kernel(float* __restrict__ probs,  // [num_tokens, num_experts]
    const scalar_t* __restrict__ logits,                 // [num_tokens, num_experts]
    const int num_experts) {
  __shared__ float row_s[MAX_EXPERTS];
  const {{.Idx}} token = blockIdx.x;
  float local_max = -FLT_MAX;
  for (int e = threadIdx.x; e < num_experts; e += NUM_THREADS) {
    const float v = static_cast<float>(logits[token * num_experts + e]);
    row_s[e] = v;
    local_max = fmaxf(local_max, v);
  }
{{reduce .Cub "max" "local_max" "row_max"}}  float local_sum = 0.0f;
  for (int e = threadIdx.x; e < num_experts; e += NUM_THREADS) {
    const float p = __expf(row_s[e] - row_max);
    row_s[e] = p;
    local_sum += p;
  }
{{reduce .Cub "sum" "local_sum" "row_sum"}}  const float inv = 1.0f / row_sum;
  for (int e = threadIdx.x; e < num_experts; e += NUM_THREADS) {
    probs[token * num_experts + e] = row_s[e] * inv;
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& probs, torch::Tensor& gating_logits) {
  const int num_experts = gating_logits.size(-1);
  const int num_tokens = gating_logits.numel() / num_experts;
  TORCH_CHECK(probs.scalar_type() == at::ScalarType::Float && probs.numel() == gating_logits.numel());
  TORCH_CHECK(num_experts <= {{last .Threads}} * 4, "too many experts: ", num_experts);
  dim3 grid(num_tokens);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(gating_logits));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}gating_logits.scalar_type(), "{{.Name}}", [&] {
{{- range $i, $t := init .Threads}}
    {{if $i}}} else {{end}}if (num_experts <= {{$t}}) {
      {{$.NS}}::{{$.Name}}_kernel<scalar_t, {{$t}}, {{$t}}><<<grid, {{$t}}, 0, stream>>>(
          probs.data_ptr<float>(), gating_logits.data_ptr<scalar_t>(), num_experts);
{{- end}}
    } else {
      {{.NS}}::{{.Name}}_kernel<scalar_t, {{last .Threads}} * 4, {{last .Threads}}><<<grid, {{last .Threads}}, 0, stream>>>(
          probs.data_ptr<float>(), gating_logits.data_ptr<scalar_t>(), num_experts);
    }
  });
}
`

// transpose: a 2-D transpose through a padded shared tile of TILE × TILE
// floats, BLOCK_ROWS rows of threads; the launcher picks the tile.
const transpose = `
template <typename scalar_t, int TILE, int BLOCK_ROWS>
__global__ void {{.Name}}_kernel(scalar_t* __restrict__ out,  // [cols, rows]
    const scalar_t* __restrict__ in,                      // [rows, cols]
    const int rows, const int cols) {
  __shared__ float tile[TILE][TILE + 1];
  const int col0 = blockIdx.x * TILE;
  const int row0 = blockIdx.y * TILE;
  for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS) {
    const int r = row0 + j;
    const int c = col0 + threadIdx.x;
    if (r < rows && c < cols) tile[j][threadIdx.x] = static_cast<float>(in[{{if ne .Idx "int"}}static_cast<{{.Idx}}>(r){{else}}r{{end}} * cols + c]);
  }
  __syncthreads();
  for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS) {
    const int r = col0 + j;
    const int c = row0 + threadIdx.x;
    if (r < cols && c < rows) out[{{if ne .Idx "int"}}static_cast<{{.Idx}}>(r){{else}}r{{end}} * rows + c] = static_cast<scalar_t>(tile[threadIdx.x][j]);
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& out, torch::Tensor& input) {
  TORCH_CHECK(input.dim() == 2 && input.is_contiguous());
  const int rows = input.size(0);
  const int cols = input.size(1);
  TORCH_CHECK(out.size(0) == cols && out.size(1) == rows);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}input.scalar_type(), "{{.Name}}", [&] {
    if (cols % 32 == 0 && rows % 32 == 0) {
      dim3 block(32, {{if eq .Tile 16}}8{{else}}16{{end}});
      dim3 grid(cols / 32, rows / 32);
      {{.NS}}::{{.Name}}_kernel<scalar_t, 32, {{if eq .Tile 16}}8{{else}}16{{end}}><<<grid, block, 0, stream>>>(
          out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), rows, cols);
    } else {
      dim3 block(16, {{if eq .Variant 0}}4{{else}}16{{end}});
      dim3 grid((cols + 15) / 16, (rows + 15) / 16);
      {{.NS}}::{{.Name}}_kernel<scalar_t, 16, {{if eq .Variant 0}}4{{else}}16{{end}}><<<grid, block, 0, stream>>>(
          out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), rows, cols);
    }
  });
}
`

// staticQuant: int8 quantisation with a given scale over the flattened
// tensor, grid-stride; the vectorised path covers the whole packs of four
// and a scalar loop the tail.
const staticQuant = `
template <typename scalar_t>
__global__ void {{.Name}}_kernel(int8_t* __restrict__ out,  // [numel]
    const scalar_t* __restrict__ input,                 // [numel]
    const float* __restrict__ scale,                    // [1]
    const int64_t numel) {
  const float inv = 1.0f / *scale;
  const {{.Idx}} start = blockIdx.x * blockDim.x + threadIdx.x;
  const {{.Idx}} stride = gridDim.x * blockDim.x;
{{- if .Vec}}
  using in_t = Packed<scalar_t, 4>;
  using out_t = Packed<int8_t, 4>;
  const int64_t num_packs = numel / 4;
  for (int64_t p = start; p < num_packs; p += stride) {
    const in_t x = reinterpret_cast<const in_t*>(input)[p];
    out_t q;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      q.val[j] = static_cast<int8_t>(fmaxf(-128.0f, fminf(127.0f, rintf(static_cast<float>(x.val[j]) * inv))));
    }
    reinterpret_cast<out_t*>(out)[p] = q;
  }
  for (int64_t i = num_packs * 4 + start; i < numel; i += stride) {
{{- else}}
  for (int64_t i = start; i < numel; i += stride) {
{{- end}}
    out[i] = static_cast<int8_t>(fmaxf(-128.0f, fminf(127.0f, rintf(static_cast<float>(input[i]) * inv))));
  }
}
//LAUNCHER

void {{.Name}}(torch::Tensor& out, torch::Tensor& input, torch::Tensor& scale) {
  TORCH_CHECK(input.is_contiguous() && out.is_contiguous());
  TORCH_CHECK(scale.numel() == 1 && out.numel() == input.numel());
  const int64_t numel = input.numel();
  const int threads = {{.Max}};
  const int blocks = std::min<int64_t>((numel + threads - 1) / threads, {{.Thread}} * 132);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  {{.Dispatch}}input.scalar_type(), "{{.Name}}", [&] {
    {{.NS}}::{{.Name}}_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
        out.data_ptr<int8_t>(), input.data_ptr<scalar_t>(), scale.data_ptr<float>(), numel);
  });
}
`
