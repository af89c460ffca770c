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
