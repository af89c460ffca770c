// cuda_bf16.hpp: the definitions half of cuda_bf16.h; the shim declares everything there.
#pragma once
#include "cuda_bf16.h"
