// dispatch_utils.h: a fallback for vLLM-style trees whose own dispatch_utils.h
// is not on the include path (the shim directory is searched last, so a
// tree's own header always wins). The VLLM_DISPATCH_* names are built on
// AT_DISPATCH_SWITCH/AT_DISPATCH_CASE, like the originals.
#pragma once
#include "__cudavet/torch.h"

#define VLLM_DISPATCH_CASE_FLOATING_TYPES(...)                                 \
  AT_DISPATCH_CASE(at::ScalarType::Float, __VA_ARGS__)                         \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::BFloat16, __VA_ARGS__)
#define VLLM_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                          \
  AT_DISPATCH_SWITCH(TYPE, NAME, VLLM_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))

#define VLLM_DISPATCH_CASE_HALF_TYPES(...)                                     \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::BFloat16, __VA_ARGS__)
#define VLLM_DISPATCH_HALF_TYPES(TYPE, NAME, ...)                              \
  AT_DISPATCH_SWITCH(TYPE, NAME, VLLM_DISPATCH_CASE_HALF_TYPES(__VA_ARGS__))

#define VLLM_DISPATCH_CASE_FLOATING_AND_BYTE_TYPES(...)                        \
  VLLM_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                               \
  AT_DISPATCH_CASE(at::ScalarType::Byte, __VA_ARGS__)
#define VLLM_DISPATCH_FLOATING_AND_BYTE_TYPES(TYPE, NAME, ...)                 \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     VLLM_DISPATCH_CASE_FLOATING_AND_BYTE_TYPES(__VA_ARGS__))

#define VLLM_DISPATCH_CASE_INTEGRAL_TYPES(...)                                 \
  AT_DISPATCH_CASE(at::ScalarType::Byte, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Char, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Short, __VA_ARGS__)                         \
  AT_DISPATCH_CASE(at::ScalarType::Int, __VA_ARGS__)                           \
  AT_DISPATCH_CASE(at::ScalarType::Long, __VA_ARGS__)
#define VLLM_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...)                          \
  AT_DISPATCH_SWITCH(TYPE, NAME, VLLM_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__))

#define VLLM_DISPATCH_CASE_INTEGRAL_AND_UNSIGNED_TYPES(...)                    \
  VLLM_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)                               \
  AT_DISPATCH_CASE(at::ScalarType::UInt16, __VA_ARGS__)                        \
  AT_DISPATCH_CASE(at::ScalarType::UInt32, __VA_ARGS__)                        \
  AT_DISPATCH_CASE(at::ScalarType::UInt64, __VA_ARGS__)
#define VLLM_DISPATCH_INTEGRAL_AND_UNSIGNED_TYPES(TYPE, NAME, ...)             \
  AT_DISPATCH_SWITCH(                                                          \
      TYPE, NAME, VLLM_DISPATCH_CASE_INTEGRAL_AND_UNSIGNED_TYPES(__VA_ARGS__))

#define VLLM_DISPATCH_CASE_QUANT_TYPES(...)                                    \
  AT_DISPATCH_CASE(at::ScalarType::Float8_e4m3fn, __VA_ARGS__)                 \
  AT_DISPATCH_CASE(at::ScalarType::Char, __VA_ARGS__)
#define VLLM_DISPATCH_QUANT_TYPES(TYPE, NAME, ...)                             \
  AT_DISPATCH_SWITCH(TYPE, NAME, VLLM_DISPATCH_CASE_QUANT_TYPES(__VA_ARGS__))

#define VLLM_DISPATCH_CASE_FP8_TYPES(...)                                      \
  AT_DISPATCH_CASE(at::ScalarType::Float8_e4m3fn, __VA_ARGS__)                 \
  AT_DISPATCH_CASE(at::ScalarType::Float8_e4m3fnuz, __VA_ARGS__)
#define VLLM_DISPATCH_FP8_TYPES(TYPE, NAME, ...)                               \
  AT_DISPATCH_SWITCH(TYPE, NAME, VLLM_DISPATCH_CASE_FP8_TYPES(__VA_ARGS__))

// VLLM_DISPATCH_RANK234 runs the body with constexpr int tensor_rank set to
// NUM_DIMS (2, 3 or 4).
#define VLLM_DISPATCH_RANK234(NUM_DIMS, ...)                                   \
  switch (NUM_DIMS) {                                                          \
    case 2: {                                                                  \
      constexpr int tensor_rank = 2;                                           \
      __VA_ARGS__();                                                           \
      break;                                                                   \
    }                                                                          \
    case 3: {                                                                  \
      constexpr int tensor_rank = 3;                                           \
      __VA_ARGS__();                                                           \
      break;                                                                   \
    }                                                                          \
    case 4: {                                                                  \
      constexpr int tensor_rank = 4;                                           \
      __VA_ARGS__();                                                           \
      break;                                                                   \
    }                                                                          \
    default:                                                                   \
      TORCH_CHECK(false, "expects rank 2, 3 or 4");                            \
  }
