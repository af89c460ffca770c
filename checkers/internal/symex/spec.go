package symex

import (
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Spec is what is known about a function's inputs before it runs: the
// lengths of its pointer parameters' regions, its launch configuration,
// assumptions, and the class of each named size. Annotations and the host
// launcher fill it in (checkers/internal/spec); an empty Spec means
// nothing is known, and then only shared and local arrays are checked.
type Spec struct {
	// Lengths maps a pointer parameter to its region's length in elements
	// of the parameter's element type (a 64-bit term).
	Lengths map[*ir.Var]*sym.Term
	// Nulls maps a pointer parameter to the condition (a boolean) under
	// which the launch passes nullptr: false for a tensor's data, the
	// negation of has_value() for `opt ? opt->data_ptr<T>() : nullptr`.
	// A parameter without an entry may be null only if the kernel itself
	// says so (it compares the parameter with nullptr).
	Nulls map[*ir.Var]*sym.Term
	// Indexes maps a const pointer parameter whose elements index a
	// dimension of the launch (a block table's entries pick cache blocks,
	// a positions tensor's pick rows of the rotary cache) to that
	// dimension's size (a 64-bit term): a value loaded from it is an
	// input a witness may choose, in [0, size). Index tensors the launch
	// does not describe keep the rule of every load (unknown).
	Indexes map[*ir.Var]*sym.Term
	// Sentinels are the Indexes parameters whose entries may also be −1,
	// an entry that maps to nothing (an expert map's experts of other
	// ranks), and that may be non-const: they index only where the
	// kernel never writes through them.
	Sentinels map[*ir.Var]bool
	// Params maps a scalar integer parameter to the term it stands for
	// (by default a variable named after it, of class Unknown).
	Params map[*ir.Var]*sym.Term
	// Grid and Block are the launch dimensions (32-bit terms; nil when not
	// known). Smem is the dynamic shared memory in bytes (64-bit; nil when
	// not known).
	Grid, Block [3]*sym.Term
	Smem        *sym.Term
	// Assume holds constraints on the sizes (booleans).
	Assume []*sym.Term
	// Vars describes the variables the terms above use (class, display
	// name); the executor registers them in the trace.
	Vars []*VarInfo
}
