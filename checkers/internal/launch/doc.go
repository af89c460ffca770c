// Package launch is cudavet's host-launcher analysis: it runs the host
// functions of a program symbolically, from the entry points a Python
// binding would call (host functions no other host function calls), and
// turns every kernel launch it reaches into a symex.Spec for the launched
// kernel: the regions of its pointer arguments with their lengths, its
// scalar arguments, the grid, block and dynamic shared memory, and the
// path condition (TORCH_CHECKs, asserts, branches, dispatch cases) that
// leads to the launch.
//
// The model:
//
//   - A torch::Tensor is a region of numel elements whose shape is
//     refined as the code asks for it (tensor.go): size(0) and size(-1) of
//     a tensor of unknown rank are two dimensions and the rest of the
//     shape is one more variable, with numel their product. Strides are
//     those of the contiguous layout (stride(-k) is the product of the
//     k-1 dimensions behind it). numel() / n, n a user size from
//     elsewhere (query.numel() / num_tokens), reads the tensor as n rows
//     of size(-1) (rowsQuotient). data_ptr<T>() points at the start of
//     the region; view/reshape/flatten/contiguous share it; empty/zeros
//     make new ones with the given shape.
//   - Tensor dimensions and integer parameters are variables named after
//     the code that uses them (the local they initialise, the struct
//     field they are stored in, the kernel parameter they are passed as),
//     and each remembers its source: which tensor, which dimension from
//     the front or the back. A name that classifies a size decides its
//     class through checkers/internal/model; otherwise its source does
//     (role.go): a dimension of a parameter tensor (weights, scales,
//     zeros, biases, embeddings, rotary caches) and any dimension of an
//     activation but its first is model-fixed, taking the profiles'
//     dimension sets (model.DimSet); the first dimension of an activation
//     is user-controlled like num_tokens, the numel of an activation like
//     numel. The model-fixed sizes of one launch take their values from
//     one profile (a selector variable), so no witness mixes two models;
//     the model-fixed dimensions of an activation after its first make
//     one row, whose product is at most the profiles' widest dimension
//     (rowWidths: heads × head_dim, never vocab × intermediate).
//   - A tensor's numel is the product of its dimensions; a launch that
//     uses none of the variables of that product gets a numel of its own,
//     unknown, at least the product of the dimensions it asked for and at
//     most the device's memory (shapeBound).
//   - Integer parameters of the entry that no name classifies, results
//     of functions the analysis does not summarise, and values read from
//     memory are unknown, each with its cause (-dump=sizes prints it): a
//     finding must hold for every value of them.
//   - Branches run both sides and merge at their join, on the core
//     symex runs on too (package interp);
//     dispatch lambdas and host helpers are inlined, __host__ __device__
//     ones too (round_up, ceil_div sizing shared memory and grids); loops
//     run one havocked iteration.
//   - An optional<Tensor> or a tensor that may be undefined is a tensor
//     with the condition under which it is absent; a pointer carries the
//     condition under which it is nullptr, which the launch hands to the
//     kernel for each pointer parameter (optional.go).
//
// Files:
//
//	launch.go  Config, Site, Sites: entry points, caching per program
//	exec.go    the executor: the core's Interp, statements, loops
//	expr.go    expressions, calls, dim3
//	str.go     host strings: literals and one unknown per (string, literal) comparison
//	tensor.go  the tensor model and the summaries of the PyTorch API
//	optional.go optional and undefined tensors, null pointers (Spec.Nulls)
//	spec.go    from a launch to the kernel's symex.Spec; naming and classes
//	role.go    the class of a size from its source; source texts
//	index.go   index tensors (block tables, expert ids): the rows their entries pick
//	dump.go    -dump=sizes
package launch
