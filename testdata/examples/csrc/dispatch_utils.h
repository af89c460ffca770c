// Dispatch helpers in the style of inference extensions: one case per dtype
// on top of ATen's AT_DISPATCH_SWITCH / AT_DISPATCH_CASE.
#pragma once

#include <torch/all.h>

#define CV_DISPATCH_CASE_FLOATING_TYPES(...)             \
  AT_DISPATCH_CASE(at::ScalarType::Float, __VA_ARGS__)  \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)   \
  AT_DISPATCH_CASE(at::ScalarType::BFloat16, __VA_ARGS__)

#define CV_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) \
  AT_DISPATCH_SWITCH(TYPE, NAME, CV_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))
