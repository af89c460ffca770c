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
	// Weights are the pointer parameters that receive a layer's weight
	// (the launcher's tensor is named as one): its length is model-fixed
	// and at most the model's largest weight (Region.Weight).
	Weights map[*ir.Var]bool
	// Params maps a scalar integer parameter to the term it stands for
	// (by default a variable named after it, of class Unknown).
	Params map[*ir.Var]*sym.Term
	// Fields maps a struct parameter passed by value (a params struct
	// the launcher filled field by field) to what the launch gives for
	// its fields, by name; a field without an entry is unknown.
	Fields map[*ir.Var]map[string]*Field
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
	// Launcher, when the spec comes from a host launcher, describes that
	// launcher's parameters in terms of the spec's host variables, so that
	// a reproducer can call it with the witness's inputs (nil otherwise).
	Launcher *Launcher
}

// Field is what a launch gives for one field of a struct parameter:
// Value for an integer or bool field; for a pointer field into a
// tensor, Bytes, the bytes from the pointer to the end of the tensor
// (64-bit), and Null, the condition under which it is nullptr (nil:
// never).
type Field struct {
	Value, Bytes, Null *sym.Term
}

// Launcher is the host function a launch is reached from (the entry
// point of the launcher analysis) and what it knows of each parameter.
type Launcher struct {
	Func   *ir.Func
	Params []HostParam
	// Facts constrain the parameters' variables (the launcher's checks on
	// the path to the launch, the shapes' relations): the inputs of a
	// reproducer satisfy them. Computed when first asked (safe for
	// concurrent use).
	Facts func() []*sym.Term
}

// HostKind is what a launcher parameter is, for a reproducer that makes
// one.
type HostKind int

// Kinds of launcher parameters.
const (
	HostOther    HostKind = iota // passed value-initialised
	HostTensor                   // torch::Tensor
	HostOptional                 // an optional torch::Tensor
	HostInt                      // an integer (Value)
	HostBool                     // a bool (Value)
	HostFloat                    // a floating-point number (not modelled)
)

// HostParam is one parameter of a Launcher at the launch.
type HostParam struct {
	Var  *ir.Var
	Kind HostKind
	// Value is an integer's or bool's variable.
	Value *sym.Term
	// Has is an optional's has_value() (a bool).
	Has *sym.Term
	// Dims is a tensor's shape as the launcher refined it by the launch:
	// the dimensions asked from the front, then (at Rest, -1 when the rank
	// is known) the product of the dimensions not asked for, then those
	// asked from the back; 64-bit terms. Rank is dim() once asked for.
	Dims []*sym.Term
	Rest int
	Rank *sym.Term
	// DType is scalar_type() once asked for; Elem is the element size a
	// typed view gave (0 when none), Ints set when that view's type is an
	// integer.
	DType *sym.Term
	Elem  int64
	Ints  bool
	// Data lists the kernel parameters (by index) that receive the
	// tensor's data pointer; View is the T of the data_ptr<T>() that
	// made the first of them (nil when untyped): the tensor's dtype.
	Data []int
	View ir.Type
	// Cast is the pointee type of the kernel parameter that receives the
	// tensor's untyped data_ptr() (cast to it): its dtype when View and
	// DType do not say.
	Cast ir.Type
	// Hint is the T of the first data_ptr<T>() the launcher takes of the
	// tensor or of a tensor made with its options() (on any path): its
	// dtype when neither View nor DType says.
	Hint ir.Type
	// Numel, when set, is the tensor's number of elements as the launch's
	// lengths use it: a variable of its own, at least the product of the
	// dimensions asked for (the rest of the shape is then what makes it).
	Numel *sym.Term
	// Inspected is set when the launcher asked for the tensor's shape by
	// the launch: the shape of one it never inspects is the caller's.
	Inspected bool
}
