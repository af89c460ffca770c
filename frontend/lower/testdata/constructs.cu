#include <cuda_fp16.h>
#define IDX(r, c, n) ((r) * (n) + (c))
struct Params { int n; float scale; const float* src; };

template <typename T>
__device__ __forceinline__ T warp_sum(T v) {
#pragma unroll
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

__device__ int clampi(int x, int hi) { return x < hi ? x : hi; }

template <int TILE>
__global__ void transpose(float* out, const float* in, int rows, int cols, Params p) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = in[IDX(y, x, cols)];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < rows && y < cols) out[y * rows + x] = tile[threadIdx.x][threadIdx.y] * p.scale;
  float s = warp_sum<float>(p.src[x]);
  int k = 0;
  while (k < p.n) { k += 2; if (k == 7) break; else continue; }
  do { k--; } while (k > 0);
  switch (k) { case 0: case 1: s += 1; break; default: s -= 1; }
  const float4* in4 = reinterpret_cast<const float4*>(in + (size_t)y * cols);
  float4 v = in4[threadIdx.x];
  v.x += v.y;
  __half h = __float2half(v.x);
  __half2 h2 = __halves2half2(h, h);
  float f = __half2float(h) + __low2float(h2);
  out[clampi(x, rows)] = f + s;
  unsigned int m = __ballot_sync(0xffffffff, f > 0);
  if (__popc(m) > 3) __syncwarp();
  const __half* hp = reinterpret_cast<const __half*>(in);
  __half hv = hp[x] * h;
  extern __shared__ char smem[];
  int* counts = reinterpret_cast<int*>(smem);
  float* rest = (float*)(counts + blockDim.x);
  atomicAdd(&counts[x % 8], 1);
  rest[threadIdx.x] = 0;
  goto done;
done:
  return;
}

void launch(float* o, const float* i, int r, int c, Params p, cudaStream_t st) {
  dim3 g((c + 31) / 32, (r + 31) / 32), b(32, 32);
  transpose<32><<<g, b, 64 * sizeof(int), st>>>(o, i, r, c, p);
}

// A bool template parameter: instantiations are named <true> and <false>.
template <bool NEOX>
__global__ void rotate(float* x, int d) {
  if (NEOX) x[threadIdx.x + d] = x[threadIdx.x];
  else x[2 * threadIdx.x + 1] = x[2 * threadIdx.x];
}

void launch_rotate(float* x, int d, bool neox) {
  if (neox) rotate<true><<<1, 32>>>(x, d);
  else rotate<false><<<1, 32>>>(x, d);
}

// Members of a template's dependent record, in a template no launch
// instantiates (lowered generic): clang has no declaration for them, and
// they are named by their tokens.
template <typename T>
union Bits { T f[2]; unsigned w[2]; };

template <typename P>
__global__ void route(P params, int* out) {
  Bits<P> u;
  u.w[threadIdx.x & 1] = 0;
  if (threadIdx.x < params.top_k) out[params.offset + threadIdx.x] = (int)u.w[0];
}

// Device members of a class template that no lowered function calls (an
// epilogue a library's kernel calls, as CUTLASS's call vLLM's): each is
// lowered once, generic, with the class's parameters symbolic; a member
// of a class nested in it too. A call would lower the instantiation.
template <typename T, int N>
struct RowBias {
  const T* bias;
  int rows;
  __device__ T visit(T acc, int row) const { return row < rows ? acc + bias[row % N] : acc; }

  template <class Frag>
  struct Callbacks {
    Frag frag;
    __device__ void begin(int n) {
      for (int i = 0; i < n; ++i) frag.x[i] = T(0);
    }
  };
};
