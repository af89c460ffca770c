// One use of each intrinsic and runtime call the shim promises, with the
// argument types kernels pass; a missing or ambiguous overload fails here.
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <curand_kernel.h>

__device__ unsigned long long sink_u64;
__device__ float sink_f;

__global__ void intrinsics_kernel(int* ip, unsigned int* up,
                                  unsigned long long* ullp, long long* llp,
                                  float* fp, double* dp, __half* hp,
                                  __half2* h2p, __nv_bfloat16* bp,
                                  __nv_bfloat162* b2p, const float4* f4p,
                                  const int4* i4p, const uint2* u2p) {
  const unsigned int full = 0xffffffffu;
  const int lane = threadIdx.x & 31;

  // Barriers, fences, timing.
  __syncthreads();
  const int any = __syncthreads_or(lane == 0);
  const int all = __syncthreads_and(lane >= 0);
  const int cnt = __syncthreads_count(lane < 4);
  __syncwarp();
  __syncwarp(full);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
  __nanosleep(100);
  const long long t0 = clock64();
  const clock_t t1 = clock();

  // Shuffles over every scalar type.
  int i = __shfl_sync(full, ip[0], 0);
  unsigned int u = __shfl_up_sync(full, up[0], 1);
  long long ll = __shfl_down_sync(full, llp[0], 2);
  unsigned long long ull = __shfl_xor_sync(full, ullp[0], 4);
  float f = __shfl_xor_sync(full, fp[0], 16, 32);
  double d = __shfl_down_sync(full, dp[0], 8);
  __half h = __shfl_xor_sync(full, hp[0], 1);
  __half2 h2 = __shfl_sync(full, h2p[0], 0);
  __nv_bfloat16 b = __shfl_xor_sync(full, bp[0], 1);
  __nv_bfloat162 b2 = __shfl_down_sync(full, b2p[0], 1);
  i += __shfl_xor(i, 1);
  f += __shfl_down(f, 1);

  // Votes, match, warp reductions.
  const int v_any = __any_sync(full, f > 0.0f);
  const int v_all = __all_sync(full, f > 0.0f);
  const unsigned int ballot = __ballot_sync(full, i > 0);
  const unsigned int active = __activemask();
  const unsigned int peers = __match_any_sync(full, i);
  int pred = 0;
  const unsigned int same = __match_all_sync(full, u, &pred);
  const unsigned int wsum = __reduce_add_sync(full, u);
  const int wmax = __reduce_max_sync(full, i);

  // Read-only and cache-hinted loads and stores.
  const float4 f4 = __ldg(&f4p[lane]);
  const int4 i4 = __ldg(&i4p[lane]);
  const uint2 u2 = __ldcs(&u2p[lane]);
  const float lf = __ldg(fp) + __ldcg(fp) + __ldca(fp);
  const __half lh = __ldg(hp);
  const __nv_bfloat162 lb2 = __ldg(b2p);
  __stcs(fp + 1, lf);
  __stcg(ip + 1, i4.x);

  // Atomics and their scopes.
  atomicAdd(ip, 1);
  atomicAdd(up, 1u);
  atomicAdd(ullp, 1ull);
  atomicAdd(fp, 1.0f);
  atomicAdd(dp, 1.0);
  atomicAdd(h2p, h2);
  atomicAdd(b2p, b2);
  atomicAdd(hp, h);
  atomicAdd(bp, b);
  atomicAdd_block(ip, 1);
  atomicAdd_system(fp, 1.0f);
  atomicSub(ip, 1);
  atomicExch(fp, 0.0f);
  atomicMin(ip, 0);
  atomicMax(up, 0u);
  atomicMax(llp, 0ll);
  atomicInc(up, 16u);
  atomicDec(up, 16u);
  atomicCAS(ip, 0, 1);
  atomicCAS(ullp, 0ull, 1ull);
  atomicAnd(up, 1u);
  atomicOr(ip, 1);
  atomicXor(ullp, 1ull);

  // Integer and float bit tricks.
  int bits = __popc(u) + __popcll(ull) + __clz(i) + __ffs(i);
  bits += __brev(u) + __byte_perm(u, u, 0x3210);
  bits += __funnelshift_l(u, u, 3) + __funnelshift_r(u, u, 5);
  bits += __umulhi(u, u) + __mul24(i, i) + __float_as_int(f);
  bits += __float_as_uint(f) + __dp4a(i, i, 0);
  f += __int_as_float(bits) + __uint_as_float(u) + __fdividef(f, 3.0f);
  f += __expf(f) + __logf(f) + __powf(f, 2.0f) + __saturatef(f);
  f += rsqrtf(f) + __frcp_rn(f) + __fsqrt_rn(f) + __fmaf_rn(f, f, f);
  f += expf(f) + logf(f) + sqrtf(f) + fmaxf(f, 1.0f) + fminf(f, 0.0f);
  f += tanhf(f) + erff(f) + exp2f(f) + log2f(f) + floorf(f) + ceilf(f);
  f += max(f, 1.0f) + min(f, 2.0f) + max(i, 3) + min(u, 4u) + fabsf(f);
  d += max(d, 1.0) + sqrt(d) + exp(d);
  const size_t smem_addr = __cvta_generic_to_shared(&sink_f);

  // Half and bfloat16 math.
  h = __hadd(h, __hmul(h, h));
  h = __hfma(h, h, __hneg(__habs(h)));
  h = __hmax(__hmin(h, h), hsqrt(hexp(h)));
  h2 = __hfma2(h2, h2, __hmul2(h2, __hadd2(h2, h2)));
  h2 = h2exp(h2);
  const bool hc = __hge(h, h) && __hgt(h, h) && __hle(h, h) && __hlt(h, h) &&
                  __heq(h, h);
  const float2 hf2 = __half22float2(__halves2half2(__low2half(h2),
                                                   __high2half(h2)));
  const __half2 hh = __float22half2_rn(hf2);
  const float hl = __low2float(hh) + __high2float(hh) + __half2float(hrsqrt(h));
  const unsigned short hbits = __half_as_ushort(__ushort_as_half(0x3c00));
  b = __float2bfloat16(__bfloat162float(b) + 1.0f);
  b2 = __floats2bfloat162_rn(1.0f, 2.0f);
  const float2 bf2 = __bfloat1622float2(__float22bfloat162_rn(hf2));

  sink_u64 = t0 + t1 + ll + ull + any + all + cnt + v_any + v_all + ballot +
             active + peers + same + pred + wsum + wmax + bits + smem_addr +
             hc + hbits + u2.x + i4.y;
  sink_f = f + d + f4.x + lf + hl + bf2.x + __half2float(lh) +
           __low2float(lb2);
}

// Host side: the runtime API around a launch.
void runtime_calls(cudaStream_t stream, float* dev, const float* host,
                   size_t n) {
  int device = 0;
  cudaGetDevice(&device);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  const size_t optin = prop.sharedMemPerBlockOptin + prop.multiProcessorCount +
                       prop.major * 10 + prop.minor + prop.warpSize;
  cudaMemcpyAsync(dev, host, n * sizeof(float), cudaMemcpyHostToDevice, stream);
  cudaMemsetAsync(dev, 0, n * sizeof(float), stream);
  cudaFuncSetAttribute(intrinsics_kernel,
                       cudaFuncAttributeMaxDynamicSharedMemorySize,
                       static_cast<int>(optin));
  int blocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, intrinsics_kernel, 256,
                                                0);
  void* args[13] = {};
  cudaLaunchKernel(intrinsics_kernel, dim3(sms), dim3(256), args, 0, stream);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    printf("%s\n", cudaGetErrorString(err));
  }
  cudaStreamSynchronize(stream);
  const char* msg = nullptr;
  cuGetErrorString(CUDA_SUCCESS, &msg);
  const float4 v = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  const int2 w = make_int2(v.x, v.y);
  (void)w;
}

// Paired float arithmetic (CUDA 12.8, sm_100): silu(x) * y per lane pair.
__device__ float2 silu_mul2(float2 x, float2 y) {
  const float2 s = make_float2(x.x / (1.0f + __expf(-x.x)), x.y / (1.0f + __expf(-x.y)));
  return __ffma2_rn(__fmul2_rn(s, y), make_float2(1.0f, 1.0f), __fadd2_rn(x, make_float2(-x.x, -x.y)));
}
