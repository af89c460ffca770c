// cuda_runtime.h: the CUDA runtime. The prelude already declares the API;
// this header adds the C++ library headers that nvcc's cuda_runtime.h pulls
// in (crt/common_functions.h includes <cmath> and <cstdlib>), which the
// prelude leaves out for speed.
#pragma once
#include "cudavet_shim.h"
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <new>
