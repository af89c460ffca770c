// cudaTypedefs.h: function-pointer types of driver entry points, for code that
// resolves them with cudaGetDriverEntryPoint or cuGetProcAddress.
#ifndef __CUDAVET_CUDA_TYPEDEFS_H__
#define __CUDAVET_CUDA_TYPEDEFS_H__
#include "cuda.h"

typedef CUresult(CUDAAPI *PFN_cuTensorMapEncodeTiled_v12000)(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
#define PFN_cuTensorMapEncodeTiled PFN_cuTensorMapEncodeTiled_v12000
typedef CUresult(CUDAAPI *PFN_cuTensorMapEncodeIm2col_v12000)(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner,
    const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill);
#define PFN_cuTensorMapEncodeIm2col PFN_cuTensorMapEncodeIm2col_v12000
typedef CUresult(CUDAAPI *PFN_cuGetErrorString_v6000)(CUresult error,
                                                     const char **pStr);
#define PFN_cuGetErrorString PFN_cuGetErrorString_v6000

#endif  // __CUDAVET_CUDA_TYPEDEFS_H__
