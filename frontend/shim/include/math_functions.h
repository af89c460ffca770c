// math_functions.h: device math, declared by the prelude (clang's libdevice wrappers).
#pragma once
#include "cudavet_shim.h"
#include <cmath>
