// Package repro holds the machine-readable form of a finding's witness
// launch: what the symbolic checkers attach to a finding (as a related
// entry starting with Prefix, its JSON after it), what the driver moves
// into Diagnostic.Repro, and what `cudavet -repro` turns into a harness.
// Standard library only.
package repro

// Prefix starts the message of the related entry that carries a
// finding's launch in machine-readable form (a JSON Launch). The driver
// moves it out of the related entries into Diagnostic.Repro, so no
// output shows it as text; `cudavet -repro` turns it into a harness.
const Prefix = "cudavet-repro: "

// Launch is the concrete launch of a kernel that a witness describes:
// enough to run the kernel alone with buffers of exactly the witness
// lengths.
type Launch struct {
	// Kernel is the kernel's qualified name with its template arguments
	// ("vllm::rms_norm_kernel<c10::Half>"), as a C++ expression.
	Kernel string `json:"kernel"`
	// File is the file that defines the kernel (as the analysis named
	// it): the reproducer includes it, which is not the finding's file
	// when the finding is in a header the kernel calls into.
	File string `json:"file,omitempty"`
	// Grid and Block are the launch dimensions; Smem the dynamic shared
	// memory in bytes.
	Grid  [3]uint64 `json:"grid"`
	Block [3]uint64 `json:"block"`
	Smem  uint64    `json:"smem"`
	// BlockIdx and ThreadIdx name the thread the witness picks (thread 1
	// of a two-thread witness).
	BlockIdx  [3]uint64 `json:"block_idx"`
	ThreadIdx [3]uint64 `json:"thread_idx"`
	// Args are the kernel's parameters in order.
	Args []Arg `json:"args"`
	// Launcher, when set, is the host function the launch comes from,
	// with inputs that make this launch: a reproducer can call it, so that
	// its checks and dispatch run too, instead of launching the kernel
	// alone.
	Launcher *Launcher `json:"launcher,omitempty"`
}

// Launcher is a host launcher and the inputs a witness gives it.
type Launcher struct {
	// Func is the launcher's qualified name, File the file that defines
	// it (as the analysis named it).
	Func string `json:"func"`
	File string `json:"file"`
	// Params are its parameters in order.
	Params []HostArg `json:"params"`
}

// HostArg is one input of a Launcher.
type HostArg struct {
	Name string `json:"name"`
	// Kind is "tensor", "optional" (an optional tensor), "int", "bool",
	// "float" (not modelled: the harness passes 1.0) or "other" (passed
	// value-initialised).
	Kind string `json:"kind"`
	// Shape and DType describe a tensor (contiguous, on the GPU): DType is
	// a c10::ScalarType's value.
	Shape []int64 `json:"shape,omitempty"`
	DType int     `json:"dtype,omitempty"`
	// Absent is set on an optional the witness leaves empty.
	Absent bool `json:"absent,omitempty"`
	// Value is an integer's or bool's value.
	Value int64 `json:"value,omitempty"`
	// Fill, when set, is the value every element of an integer tensor
	// holds (the kernel's Arg.Fill of its data); Entries those of its
	// elements the witness reads (the kernel's Arg.Entries, when the
	// kernel's element has the tensor's size).
	Fill    *int64  `json:"fill,omitempty"`
	Entries []Entry `json:"entries,omitempty"`
}

// Numel is the number of elements of a tensor of shape s.
func Numel(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

// ElemSize is the bytes of one element of the c10::ScalarType t (1 for a
// type this package does not know).
func ElemSize(t int) int64 {
	switch t {
	case 2, 5, 15, 27: // Short, Half, BFloat16, UInt16
		return 2
	case 3, 6, 14, 28: // Int, Float, QInt32, UInt32
		return 4
	case 4, 7, 9, 29: // Long, Double, ComplexFloat, UInt64
		return 8
	case 8: // ComplexHalf
		return 4
	case 10: // ComplexDouble
		return 16
	}
	return 1
}

// IntegerType reports whether the c10::ScalarType t holds integers.
func IntegerType(t int) bool {
	switch t {
	case 0, 1, 2, 3, 4, 11, 27, 28, 29:
		return true
	}
	return false
}

// Arg is one kernel argument of a Launch.
type Arg struct {
	Name string `json:"name"`
	// Kind is "pointer", "int", "bool", "float" or "other" (passed
	// value-initialised).
	Kind string `json:"kind"`
	// Len is a pointer's region length in elements of its pointee and
	// Bytes the same in bytes; both -1 when the witness does not bound the
	// region (the harness then allocates a default and says so).
	Len   int64 `json:"len"`
	Bytes int64 `json:"bytes"`
	// Value is an integer or bool argument's value (sign-extended for
	// signed types).
	Value int64 `json:"value,omitempty"`
	// Null is set on a pointer the witness passes as nullptr (a nilptr
	// finding's launch): the harness passes nullptr instead of a buffer.
	Null bool `json:"null,omitempty"`
	// Fill, when set, is the value the witness gives the entries of an
	// index tensor it reads (a block table's block, an expert map's -1):
	// the harness writes it into every element instead of 0.
	Fill *int64 `json:"fill,omitempty"`
	// Entries are the elements the witness reads with their values, where
	// it knows the element (each thread's, for a two-thread witness): the
	// harness writes them over the fill.
	Entries []Entry `json:"entries,omitempty"`
	// Scaled is set on a pointer whose pointee's size the analysis does
	// not know (a template's type parameter, scalar_t*): Len and Bytes
	// count elements of the instantiation's type, and the harness
	// allocates Len × sizeof of it.
	Scaled bool `json:"scaled,omitempty"`
}

// Entry is one element of a buffer and its value.
type Entry struct {
	Index int64 `json:"index"`
	Value int64 `json:"value"`
}

// DefaultAlloc is the bytes a harness allocates for a buffer the witness
// does not bound.
const DefaultAlloc = 64 << 20

// Alloc is the bytes a harness allocates for a: exactly the witness
// length, DefaultAlloc when the witness does not bound it, 0 for a null
// pointer.
func (a Arg) Alloc() int64 {
	switch {
	case a.Null:
		return 0
	case a.Bytes < 0:
		return DefaultAlloc
	case a.Bytes == 0:
		return 1 // cudaMalloc of 0 bytes returns no buffer
	}
	return a.Bytes
}
