// cublasLt.h: the cuBLASLt handle type only.
#ifndef __CUDAVET_CUBLASLT_H__
#define __CUDAVET_CUBLASLT_H__
#include "cublas_v2.h"

typedef struct cublasLtContext *cublasLtHandle_t;

#endif  // __CUDAVET_CUBLASLT_H__
