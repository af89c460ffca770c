// sm_61_intrinsics.h: __dp4a and __dp2a, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
