// registration.h: a fallback for vLLM-style trees whose own registration.h is
// not on the include path: TORCH_LIBRARY_EXPAND and REGISTER_EXTENSION.
#pragma once
#include "__cudavet/torch.h"

#define _CONCAT(A, B) A##B
#define CONCAT(A, B) _CONCAT(A, B)
#define _STRINGIFY(A) #A
#define STRINGIFY(A) _STRINGIFY(A)
#define REGISTER_EXTENSION(NAME)                                               \
  static void CONCAT(__cudavet_register_extension_, NAME)() {}
