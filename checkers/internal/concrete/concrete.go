package concrete

import (
	"errors"
	"fmt"
	"go/token"

	"github.com/cudavet/cudavet/frontend/ir"
)

// Input is what one thread's run depends on.
type Input struct {
	// Params gives scalar integer and bool parameters by name, as
	// mathematical values (truncated to the parameter's type); a missing
	// parameter is 0.
	Params map[string]int64
	// Lengths gives the length, in elements of the pointee type, of each
	// pointer parameter's region; a missing one is unknown.
	Lengths map[string]int64
	// Smem is the dynamic (extern __shared__) shared memory in bytes; -1
	// means unknown.
	Smem int64
	// ThreadIdx, BlockIdx, BlockDim and GridDim are the thread geometry,
	// x first. A zero component of BlockDim or GridDim counts as 1.
	ThreadIdx, BlockIdx, BlockDim, GridDim [3]uint32
	// Load, when not nil, gives the value read by a Load or Atomic at a
	// source position (false: 0). Memory contents are not modelled.
	Load func(pos token.Pos) (int64, bool)
	// Opaque, when not nil, gives the integer or bool value of an
	// expression the interpreter does not compute (float comparisons and
	// conversions, warp collectives, calls without a body, uninitialised
	// variables, fields of records), by its position (false: 0).
	Opaque func(pos token.Pos) (int64, bool)
	// MaxSteps bounds the statements and loop iterations executed
	// (default 10,000,000); past it Run stops with ErrSteps.
	MaxSteps int
}

// Result is what one thread did.
type Result struct {
	// Accesses are the memory accesses in execution order.
	Accesses []Access
	// Overflows are the integer operations whose mathematical result did
	// not fit their type, in execution order.
	Overflows []Overflow
	// Steps counts the statements and loop iterations executed.
	Steps int
}

// Access is one memory access: Size bytes at byte offset Off of Region.
type Access struct {
	Node   ir.Node // the *ir.Load, *ir.Store or *ir.Atomic
	Pos    token.Pos
	Region string // the parameter or variable the region belongs to
	Off    int64  // byte offset from the region's start (64-bit, wrapped)
	Size   int64  // bytes accessed: the element type's size, > 0
	Bytes  int64  // the region's size in bytes; -1 when unknown
	Write  bool   // a store or an atomic
}

// Outside reports whether the access leaves its region (known size only).
func (a Access) Outside() bool {
	return a.Bytes >= 0 && (a.Off < 0 || a.Off+a.Size > a.Bytes)
}

// Overflow is one execution of an integer operation whose mathematical
// result does not fit its type: + - * << and unary - on integers, or a
// narrowing conversion that changes the value.
type Overflow struct {
	Node  ir.Expr // the *ir.Binary, *ir.Unary or *ir.Convert
	Pos   token.Pos
	Value string // the mathematical result, in decimal
	Type  string // the type it does not fit
}

// Errors that stop a run (wrapped in an *Error).
var (
	// ErrUnknownIR: the function contains IR the lowering did not
	// understand; the run cannot be replayed.
	ErrUnknownIR = errors.New("unknown IR cannot be replayed")
	// ErrSteps: the run exceeded Input.MaxSteps.
	ErrSteps = errors.New("step budget exceeded")
	// ErrDivZero: an integer division or remainder by zero.
	ErrDivZero = errors.New("integer division by zero")
	// ErrAssume: an assumption (assert, __builtin_assume, TORCH_CHECK)
	// does not hold; the thread stops there.
	ErrAssume = errors.New("assumption does not hold")
	// ErrDepth: calls nested deeper than the interpreter allows.
	ErrDepth = errors.New("call depth exceeded")
)

// Error is why a run stopped early: Err (one of the Err variables above)
// at Pos, with Detail.
type Error struct {
	Pos    token.Pos
	Err    error
	Detail string
}

func (e *Error) Error() string {
	if e.Detail == "" {
		return "concrete: " + e.Err.Error()
	}
	return "concrete: " + e.Err.Error() + ": " + e.Detail
}

// Unwrap returns Err, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// maxDepth bounds nested calls (recursion runs for real).
const maxDepth = 256

// Run executes f for the one thread in described by in. On an error the
// Result holds what ran before it (an *Error says where it stopped).
func Run(f *ir.Func, in Input) (*Result, error) {
	if f == nil || f.Body == nil {
		return nil, fmt.Errorf("concrete: function without body")
	}
	if in.MaxSteps <= 0 {
		in.MaxSteps = 10_000_000
	}
	for i := range 3 {
		in.BlockDim[i] = max(in.BlockDim[i], 1)
		in.GridDim[i] = max(in.GridDim[i], 1)
	}
	m := &machine{in: in, res: &Result{}, static: map[*ir.Var]*region{}}
	fr := &frame{fn: f, env: newEnv(nil)}
	m.frames = append(m.frames, fr)
	m.bindParams(f, fr.env)
	m.block(f.Body)
	return m.res, m.err
}

// machine is the state of one run.
type machine struct {
	in     Input
	res    *Result
	err    error // the first error; once set, nothing more is recorded
	static map[*ir.Var]*region
	frames []*frame
}

// frame is a function's (or closure's) activation.
type frame struct {
	fn  *ir.Func // nil for a closure
	env *env
	ret value
}

// env maps variables to their cells; a closure's env falls back to its
// enclosing function's.
type env struct {
	vars   map[*ir.Var]*cell
	parent *env
}

// cell holds a scalar variable's value; reference variables share the
// referent's cell.
type cell struct{ v value }

func newEnv(parent *env) *env { return &env{vars: map[*ir.Var]*cell{}, parent: parent} }

func (e *env) lookup(v *ir.Var) *cell {
	for ; e != nil; e = e.parent {
		if c, ok := e.vars[v]; ok {
			return c
		}
	}
	return nil
}

func (m *machine) top() *frame { return m.frames[len(m.frames)-1] }

// fail records the first error.
func (m *machine) fail(pos token.Pos, err error, detail string) {
	if m.err == nil {
		m.err = &Error{Pos: pos, Err: err, Detail: detail}
	}
}

// step counts one statement or loop iteration against the budget.
func (m *machine) step(pos token.Pos) bool {
	if m.err != nil {
		return false
	}
	m.res.Steps++
	if m.res.Steps > m.in.MaxSteps {
		m.fail(pos, ErrSteps, fmt.Sprintf("%d steps", m.in.MaxSteps))
		return false
	}
	return true
}

// bindParams gives the kernel's parameters their values: scalars from
// Input.Params, pointers a region of Input.Lengths elements.
func (m *machine) bindParams(f *ir.Func, e *env) {
	for _, p := range f.Params {
		var v value
		switch t := p.Type.(type) {
		case *ir.IntType, *ir.BoolType:
			v = intVal(ir.Truncate(t, m.in.Params[p.Name]))
		case *ir.PointerType:
			r := &region{name: p.Name, bytes: -1}
			if n, ok := m.in.Lengths[p.Name]; ok {
				r.bytes = n * sizeOr1(t.Elem)
			}
			m.static[p] = r
			v = ptrVal(r, 0)
		}
		e.vars[p] = &cell{v}
	}
}

func sizeOr1(t ir.Type) int64 {
	if s := t.Size(); s > 0 {
		return s
	}
	return 1
}
