// torch/custom_class.h: TorchScript custom classes (torch::class_), part of
// the torch shim. Declarations only: a custom class is host code.
#pragma once
#include <__cudavet/torch.h>
// torch::class_ and torch::init are declared with torch::Library, whose
// class_ member returns one (__cudavet/library.h).
