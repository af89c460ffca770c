// cuComplex.h: CUDA's single- and double-precision complex numbers, as
// cutlass/complex.h uses them. As in CUDA, cuFloatComplex is float2 and
// cuDoubleComplex is double2 (x is the real part, y the imaginary part), and
// the functions are host and device. Declarations only.
#ifndef __CUDAVET_CUCOMPLEX_H__
#define __CUDAVET_CUCOMPLEX_H__
#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

extern "C" {
__host__ __device__ float cuCrealf(cuFloatComplex x);
__host__ __device__ float cuCimagf(cuFloatComplex x);
__host__ __device__ cuFloatComplex make_cuFloatComplex(float r, float i);
__host__ __device__ cuFloatComplex cuConjf(cuFloatComplex x);
__host__ __device__ cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ float cuCabsf(cuFloatComplex x);

__host__ __device__ double cuCreal(cuDoubleComplex x);
__host__ __device__ double cuCimag(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double r, double i);
__host__ __device__ cuDoubleComplex cuConj(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ double cuCabs(cuDoubleComplex x);
}

__host__ __device__ cuComplex make_cuComplex(float x, float y);
__host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c);
__host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c);
__host__ __device__ cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d);
__host__ __device__ cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                           cuDoubleComplex d);

#endif  // __CUDAVET_CUCOMPLEX_H__
