// torch/version.h: the PyTorch version the shim stands in for.
#pragma once
#define TORCH_VERSION_MAJOR 2
#define TORCH_VERSION_MINOR 9
#define TORCH_VERSION_PATCH 0
#define TORCH_VERSION "2.9.0"
