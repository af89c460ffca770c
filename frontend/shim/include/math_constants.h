// math_constants.h: the CUDART_* constants of CUDA's math_constants.h.
#pragma once
#define CUDART_INF_F __int_as_float(0x7f800000U)
#define CUDART_NAN_F __int_as_float(0x7fffffffU)
#define CUDART_MIN_DENORM_F __int_as_float(0x00000001U)
#define CUDART_MAX_NORMAL_F __int_as_float(0x7f7fffffU)
#define CUDART_NEG_ZERO_F __int_as_float(0x80000000U)
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_SQRT_TWO_F 1.414213562f
#define CUDART_PI_F 3.141592654f
#define CUDART_L2E_F 1.442695041f
#define CUDART_LN2_F 0.693147181f
#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)
#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_LN2 6.9314718055994529e-1
