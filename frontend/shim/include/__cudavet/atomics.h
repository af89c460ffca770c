// __cudavet/atomics.h: CUDA's atomic functions with their _block and
// _system scopes, for the operand types CUDA provides (sm_60+). __half and
// __nv_bfloat16 overloads live in cuda_fp16.h and cuda_bf16.h.
#ifndef __CUDAVET_ATOMICS_H__
#define __CUDAVET_ATOMICS_H__

// Declares NAME, NAME_block and NAME_system for one operand type.
#define __CUDAVET_ATOMIC2(NAME, T)                                             \
  __device__ T NAME(T *address, T val);                                        \
  __device__ T NAME##_block(T *address, T val);                                \
  __device__ T NAME##_system(T *address, T val);

__CUDAVET_ATOMIC2(atomicAdd, int)
__CUDAVET_ATOMIC2(atomicAdd, unsigned int)
__CUDAVET_ATOMIC2(atomicAdd, unsigned long long)
__CUDAVET_ATOMIC2(atomicAdd, float)
__CUDAVET_ATOMIC2(atomicAdd, double)
__CUDAVET_ATOMIC2(atomicAdd, float2)
__CUDAVET_ATOMIC2(atomicAdd, float4)

__CUDAVET_ATOMIC2(atomicSub, int)
__CUDAVET_ATOMIC2(atomicSub, unsigned int)

__CUDAVET_ATOMIC2(atomicExch, int)
__CUDAVET_ATOMIC2(atomicExch, unsigned int)
__CUDAVET_ATOMIC2(atomicExch, unsigned long long)
__CUDAVET_ATOMIC2(atomicExch, float)

__CUDAVET_ATOMIC2(atomicMin, int)
__CUDAVET_ATOMIC2(atomicMin, unsigned int)
__CUDAVET_ATOMIC2(atomicMin, long long)
__CUDAVET_ATOMIC2(atomicMin, unsigned long long)
__CUDAVET_ATOMIC2(atomicMax, int)
__CUDAVET_ATOMIC2(atomicMax, unsigned int)
__CUDAVET_ATOMIC2(atomicMax, long long)
__CUDAVET_ATOMIC2(atomicMax, unsigned long long)

__CUDAVET_ATOMIC2(atomicInc, unsigned int)
__CUDAVET_ATOMIC2(atomicDec, unsigned int)

__CUDAVET_ATOMIC2(atomicAnd, int)
__CUDAVET_ATOMIC2(atomicAnd, unsigned int)
__CUDAVET_ATOMIC2(atomicAnd, unsigned long long)
__CUDAVET_ATOMIC2(atomicOr, int)
__CUDAVET_ATOMIC2(atomicOr, unsigned int)
__CUDAVET_ATOMIC2(atomicOr, unsigned long long)
__CUDAVET_ATOMIC2(atomicXor, int)
__CUDAVET_ATOMIC2(atomicXor, unsigned int)
__CUDAVET_ATOMIC2(atomicXor, unsigned long long)
#undef __CUDAVET_ATOMIC2

// atomicCAS(address, compare, val) returns the old value.
#define __CUDAVET_ATOMIC_CAS(T)                                                \
  __device__ T atomicCAS(T *address, T compare, T val);                        \
  __device__ T atomicCAS_block(T *address, T compare, T val);                  \
  __device__ T atomicCAS_system(T *address, T compare, T val);
__CUDAVET_ATOMIC_CAS(int)
__CUDAVET_ATOMIC_CAS(unsigned int)
__CUDAVET_ATOMIC_CAS(unsigned long long)
__CUDAVET_ATOMIC_CAS(unsigned short)
#undef __CUDAVET_ATOMIC_CAS

#endif  // __CUDAVET_ATOMICS_H__
