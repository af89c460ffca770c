package divergence

import (
	"go/token"
	"reflect"
	"sync"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// Analyzer computes the thread-dependence facts of the unit's function. It
// reports nothing; checkers read its *Result through pass.ResultOf.
var Analyzer = &analysis.Analyzer{
	Name:       "divergence",
	Doc:        "divergence: thread-dependence facts (uniform, warp-uniform, divergent) for CUDA checkers; reports nothing",
	Requires:   []*analysis.Analyzer{cudair.Analyzer},
	ResultType: reflect.TypeOf((*Result)(nil)),
	Run:        run,
}

func run(pass *analysis.Pass) (any, error) {
	u := cudair.Of(pass)
	return New(u.Func), nil
}

// Level is how much a value may differ between the threads of a block.
// Levels are ordered: Uniform < WarpUniform < Divergent.
type Level int

// Levels of the lattice.
const (
	Uniform     Level = iota // the same in every thread of the block
	WarpUniform              // the same in every lane of a warp, may differ between warps
	Divergent                // may differ between the lanes of one warp
)

var levelNames = [...]string{"uniform", "warp-uniform", "divergent"}

func (l Level) String() string { return levelNames[l] }

// Fact is the thread dependence of one value. For a Uniform fact the other
// fields are zero. Otherwise Source names the origin of the dependence
// ("threadIdx.x", "__ballot_sync", "atomicAdd") and Pos is where that origin
// occurs; Via is the variable through which the origin reaches the value
// (nil when the value uses the origin directly).
type Fact struct {
	Level  Level
	Source string
	Pos    token.Pos
	Via    *ir.Var
	// linear is set on Divergent facts of values of the form threadIdx.x + w
	// with w at most WarpUniform; dividing such a value by a multiple of 32
	// gives a warp index.
	linear bool
	// grain, on a Divergent fact, is g > 1 when the value is the same for
	// each aligned group of g consecutive threadIdx.x (threadIdx.x / g with
	// g a power of two below 32: a tile index); 0 when not known.
	grain int64
}

// Grain returns g > 1 when f's value is the same within every aligned
// group of g consecutive threads (a tile of thread_block_tile<g>), and 0
// otherwise. Uniform and WarpUniform facts hold within groups of 32.
func (f Fact) Grain() int64 {
	if f.Level < Divergent {
		return 32
	}
	return f.grain
}

// Reason describes the dependence for a message: "threadIdx.x via tid",
// "threadIdx.x" or "" for a Uniform fact.
func (f Fact) Reason() string {
	switch {
	case f.Level == Uniform:
		return ""
	case f.Via != nil && f.Via.Name != "" && f.Via.Name != f.Source:
		return f.Source + " via " + f.Via.Name
	}
	return f.Source
}

// join returns the least upper bound of a and b. On equal levels a's origin
// is kept, so the first origin met in source order names the dependence.
func join(a, b Fact) Fact {
	switch {
	case b.Level > a.Level:
		return b
	case a.Level == Divergent && b.Level == Divergent:
		a.linear = a.linear && b.linear
		a.grain = min(a.grain, b.grain)
	}
	return a
}

// Result holds the facts of one unit's function (its parameters Uniform,
// as for a kernel) and of the device functions it calls, per calling
// context. Result is safe for concurrent use.
type Result struct {
	fn *ir.Func
	mu sync.Mutex
	en *engine
	// root is fn's context with Uniform parameters; nil for a function
	// without body.
	root     *context
	barriers map[*ir.Func][]Barrier
}

// New computes the facts of f with Uniform parameters. The Analyzer calls
// it for the unit's function; tests call it on hand-built IR.
func New(f *ir.Func) *Result {
	r := &Result{fn: f, en: newEngine(), barriers: map[*ir.Func][]Barrier{}}
	if f != nil && f.Body != nil {
		r.root = r.en.context(f, uniformParams(f))
	}
	return r
}

// Func returns the function the facts are about.
func (r *Result) Func() *ir.Func { return r.fn }

// Of returns the fact of e, an expression of Func's body (Uniform for any
// other expression, and for closures, which run on the host).
func (r *Result) Of(e ir.Expr) Fact {
	if r.root == nil {
		return Fact{}
	}
	return r.root.exprs[e]
}

// Var returns the fact of variable v of Func: the join of every value
// assigned to it, and of the divergent conditions those assignments are
// control-dependent on. Shared, constant and global variables are memory,
// judged by address: their fact is Uniform.
func (r *Result) Var(v *ir.Var) Fact {
	if r.root == nil {
		return Fact{}
	}
	return r.root.vars[v]
}

// Unknowns counts the ir.Unknown values (and unknown statements) met while
// analysing Func and its callees. They are taken as Uniform, so a checker
// relying on facts may say it was not sure when this is not zero.
func (r *Result) Unknowns() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.en.unknowns
}

// Barriers returns every barrier (ir.Sync) reachable from Func, in source
// order, with the divergent control that leads to it; see Barrier. A
// barrier in a device function appears once per call path.
func (r *Result) Barriers() []Barrier { return r.BarriersOf(r.fn) }

// BarriersOf is Barriers for any function f with body, analysed on its own
// with Uniform parameters (a checker compares a callee's barriers in a
// calling context with the callee's own).
func (r *Result) BarriersOf(f *ir.Func) []Barrier {
	if f == nil || f.Body == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if bs, ok := r.barriers[f]; ok {
		return bs
	}
	bs := r.en.barriers(f)
	r.barriers[f] = bs
	return bs
}

func uniformParams(f *ir.Func) []Fact { return make([]Fact, len(f.Params)) }
