package symex

import (
	"context"
	"fmt"
	"go/token"

	"github.com/cudavet/cudavet/checkers/internal/interp"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Options bounds an execution.
type Options struct {
	// MaxInline is the depth of device-function inlining (default 8).
	MaxInline int
	// MaxSteps bounds the statements executed (default 200000); past it the
	// trace is marked Truncated.
	MaxSteps int
}

// Exec runs f symbolically for all threads at once (thread and block
// indices are variables) and returns its trace. Loops run one symbolic
// iteration that stands for every iteration; device functions are
// inlined; loads produce fresh values. Exec does not call the solver:
// checkers query the trace.
func Exec(ctx context.Context, f *ir.Func, spec *Spec, opts Options) *Trace {
	if opts.MaxInline == 0 {
		opts.MaxInline = 8
	}
	if opts.MaxSteps == 0 {
		opts.MaxSteps = 200000
	}
	if spec == nil {
		spec = &Spec{}
	}
	x := &executor{ctx: ctx, opts: opts, spec: spec, regions: map[*ir.Var]*Region{},
		t: &Trace{Func: f, Spec: spec, Vars: map[string]*VarInfo{}}}
	x.m.I = x
	for _, v := range spec.Vars {
		x.t.Vars[v.Term.Name] = v
	}
	x.geometry()
	st := interp.NewState[Value](nil, zeroEpochs())
	x.bindParams(f, st)
	x.t.Assumptions = append(x.t.Assumptions, spec.Assume...)
	if f.Body != nil {
		fr := &frame{fn: f}
		x.frames = append(x.frames, fr)
		x.m.Block(f.Body, st)
	}
	x.boundSharedLoads()
	return x.t
}

type executor struct {
	ctx     context.Context
	opts    Options
	spec    *Spec
	t       *Trace
	regions map[*ir.Var]*Region
	// fields are the values of the kernel's struct parameter fields read
	// so far, by "param.field" (see field).
	fields map[string]Value
	frames []*frame
	m      interp.Machine[Value, epochs] // the path-merging core (its Interp: interp.go)
	steps  int
	fresh  int
	inline []token.Pos
	// exits are the path conditions of the kernel's own returns so far
	// (threads that have exited; see WarpEvent.Exited).
	exits []*sym.Term
	// clobbered are the regions code the engine does not execute may
	// write (stored.go).
	clobbered map[*Region]bool
	// unresolvedCalls is set once a call of unknown callee ran, and cut
	// holds the __shared__ variables of the functions calls did not
	// inline (stored.go).
	unresolvedCalls bool
	cut             map[*ir.Var]bool
	// inductions are the loops' exact induction variables as terms of
	// their iteration (loop.go), v0 + k·s in the variable's width.
	inductions map[string]*sym.Term
	// iterEpochs names the loops' iteration epochs (epoch.go).
	iterEpochs map[string]bool
}

// frame is an inlined function's activation: its return states.
type frame struct {
	fn      *ir.Func
	returns []*state
	retVals []Value
}

// state is the environment and path condition of the execution at one
// program point (one state per point: branches merge at their join), with
// the barriers passed so far (epoch.go).
type state = interp.State[Value, epochs]

// geometry registers the thread-geometry variables and their limits: the
// CUDA limits (blockDim.x,y <= 1024, z <= 64, product <= 1024; gridDim.x
// < 2^31, y, z <= 65535), which bound but do not anchor (a kernel is not
// launched with every legal block size), and the launch configuration and
// __launch_bounds__ when known, which anchor.
func (x *executor) geometry() {
	dims := []string{"x", "y", "z"}
	blockMax := []uint64{1024, 1024, 64}
	gridMax := []uint64{1<<31 - 1, 65535, 65535}
	var a, known []*sym.Term
	prod := sym.Const(64, 1)
	used := blockDimsUsed(x.t.Func)
	for i, d := range dims {
		tid := x.t.register("threadIdx."+d, 32, Choice, "threadIdx."+d, token.NoPos, false)
		bid := x.t.register("blockIdx."+d, 32, Choice, "blockIdx."+d, token.NoPos, false)
		bdim := x.t.register("blockDim."+d, 32, Dim, "blockDim."+d, token.NoPos, false)
		gdim := x.t.register("gridDim."+d, 32, Dim, "gridDim."+d, token.NoPos, false)
		x.t.Vars[tid.Name].Deps = []string{bdim.Name}
		x.t.Vars[bid.Name].Deps = []string{gdim.Name}
		x.t.Vars[tid.Name].First = sym.Const(32, 0)
		x.t.Vars[bid.Name].First = sym.Const(32, 0)
		a = append(a,
			sym.Ule(sym.Const(32, 1), bdim), sym.Ule(bdim, sym.Const(32, blockMax[i])),
			sym.Ule(sym.Const(32, 1), gdim), sym.Ule(gdim, sym.Const(32, gridMax[i])),
			sym.Ult(tid, bdim), sym.Ult(bid, gdim))
		prod = sym.Mul(prod, sym.ZExt(bdim, 64))
		if g := x.spec.Grid[i]; g != nil {
			known = append(known, sym.Eq(gdim, g))
		}
		if b := x.spec.Block[i]; b != nil {
			known = append(known, sym.Eq(bdim, b))
		} else if i > 0 && !used[i] {
			// A block dimension no launch resolves and the kernel never
			// reads (threadIdx.y, blockDim.z, in it or a function it
			// calls) is 1: a kernel written for a 1-D block, launched
			// through a configuration the launcher analysis could not
			// follow, is not launched with threads that would repeat each
			// other's work, and its lane arithmetic (threadIdx.x & 31)
			// assumes so.
			known = append(known, sym.Eq(bdim, sym.Const(32, 1)))
		} else if n := x.t.Func.LaunchBounds; n > 0 {
			known = append(known, sym.Ule(bdim, sym.Const(32, uint64(n))))
		}
	}
	a = append(a, sym.Ule(prod, sym.Const(64, 1024)))
	if n := x.t.Func.LaunchBounds; n > 0 {
		a = append(a, sym.Ule(prod, sym.Const(64, uint64(n))))
	}
	x.t.Limits = append(x.t.Limits, a...)
	x.t.Assumptions = append(x.t.Assumptions, known...)
}

// blockDimsUsed reports, for each dimension, whether f or a function it
// calls reads threadIdx or blockDim of it.
func blockDimsUsed(f *ir.Func) [3]bool {
	var used [3]bool
	ir.InspectReachable(f, func(n ir.Node) bool {
		if b, ok := n.(*ir.Builtin); ok && (b.Kind == ir.ThreadIdx || b.Kind == ir.BlockDim) && b.Dim >= 0 && b.Dim < 3 {
			used[b.Dim] = true
		}
		return true
	})
	return used
}

func (x *executor) bindParams(f *ir.Func, st *state) {
	for _, p := range f.Params {
		switch t := p.Type.(type) {
		case *ir.IntType:
			term := x.spec.Params[p]
			if term == nil {
				term = x.paramVar(p.Name, t.Bits, t.Signed, p.P)
			}
			st.Env[p] = Value{T: term}
		case *ir.BoolType:
			if term := x.spec.Params[p]; term != nil && term.IsBool() {
				st.Env[p] = Value{T: term}
				continue
			}
			st.Env[p] = Value{T: x.paramVar(p.Name, 0, false, p.P)}
		case *ir.PointerType:
			r := x.paramRegion(p, t)
			st.Env[p] = Value{Ptr: &Pointer{Region: r, Off: sym.Const(64, 0), Null: x.paramNull(p, r)}}
		case *ir.StructType:
			st.Env[p] = Value{S: p}
		}
	}
}

// paramVar is a variable standing for a parameter no launch gives (bits
// 0: a bool): of class Unknown, the same in every thread.
func (x *executor) paramVar(name string, bits int, signed bool, pos token.Pos) *sym.Term {
	term := x.t.register(name, bits, Unknown, name, pos, signed)
	x.t.Vars[term.Name].Uniform = true
	x.t.Vars[term.Name].Param = true
	return term
}

// field is field name (of type t) of the kernel's struct parameter p:
// what the launch stored there (Spec.Fields), else a parameter-like
// unknown (an integer of class Unknown, a pointer to a region of unknown
// length), the same value wherever the kernel reads it.
func (x *executor) field(p *ir.Var, name string, t ir.Type, pos token.Pos) Value {
	key := p.Name + "." + name
	if v, ok := x.fields[key]; ok {
		return v
	}
	fs := x.spec.Fields[p][name]
	var v Value
	switch t := t.(type) {
	case *ir.IntType:
		if fs != nil && fs.Value != nil && !fs.Value.IsBool() {
			v = Value{T: sym.Resize(fs.Value, t.Bits, t.Signed)}
			break
		}
		v = Value{T: x.paramVar(key, t.Bits, t.Signed, pos)}
	case *ir.BoolType:
		if fs != nil && fs.Value != nil {
			c := fs.Value
			if !c.IsBool() {
				c = sym.Ne(c, sym.Const(c.Width, 0))
			}
			v = Value{T: c}
			break
		}
		v = Value{T: x.paramVar(key, 0, false, pos)}
	case *ir.PointerType:
		fv := &ir.Var{Name: key, Type: t, Kind: ir.ParamVar, P: p.P, Index: -1}
		r := &Region{Name: key, Space: ir.Global, Var: fv, ElemSize: sizeOr1(t.Elem)}
		null := sym.False
		if fs != nil {
			if fs.Bytes != nil {
				r.Bytes = fs.Bytes
			}
			if fs.Null != nil {
				null = fs.Null
			}
		}
		r.Null = null
		x.t.Regions = append(x.t.Regions, r)
		x.regions[fv] = r
		v = Value{Ptr: &Pointer{Region: r, Off: sym.Const(64, 0), Null: null}}
	default:
		return x.opaqueVar("value", pos, t)
	}
	if x.fields == nil {
		x.fields = map[string]Value{}
	}
	x.fields[key] = v
	return v
}

func (x *executor) paramRegion(p *ir.Var, t *ir.PointerType) *Region {
	r := &Region{Name: p.Name, Space: ir.Global, Var: p, ElemSize: sizeOr1(t.Elem), Weight: x.spec.Weights[p]}
	if n := x.spec.Lengths[p]; n != nil {
		r.LenVar = n
		r.Bytes = sym.Mul(n, sym.Const(64, uint64(r.ElemSize)))
	}
	if n := x.spec.Indexes[p]; n != nil && (t.Const || (x.spec.Sentinels[p] && !writesThrough(x.t.Func, p))) {
		if _, ok := t.Elem.(*ir.IntType); ok {
			r.Index = n
			if x.spec.Sentinels[p] {
				r.Floor = -1
			}
		}
	}
	x.t.Regions = append(x.t.Regions, r)
	x.regions[p] = r
	return r
}

func sizeOr1(t ir.Type) int64 {
	if s := t.Size(); s > 0 {
		return s
	}
	return 1
}

// freshVar returns a new variable standing for a value the engine does
// not compute (class Unknown unless given).
func (x *executor) freshVar(kind string, pos token.Pos, t ir.Type) Value {
	x.fresh++
	name := fmt.Sprintf("%s#%d", kind, x.fresh)
	switch t := t.(type) {
	case *ir.IntType:
		return Value{T: x.t.register(name, t.Bits, Unknown, kind, pos, t.Signed)}
	case *ir.BoolType:
		return Value{T: x.t.register(name, 0, Unknown, kind, pos, false)}
	case *ir.PointerType:
		return Value{Ptr: &Pointer{Off: x.t.register(name, 64, Unknown, kind, pos, true)}}
	}
	return Value{}
}

// step counts executed statements against the budget.
func (x *executor) step() bool {
	x.steps++
	if x.steps > x.opts.MaxSteps || (x.steps%1024 == 0 && x.ctx.Err() != nil) {
		x.t.Stats.Truncated = true
		return false
	}
	return true
}

// writesThrough reports whether f may write through pointer parameter p:
// a store or atomic whose address derives from p, or a pointer derived
// from it passed to a call that may (a device function writing through
// that parameter, followed a few calls deep, or one without a body).
func writesThrough(f *ir.Func, p *ir.Var) bool {
	return writesThroughDepth(f, p, 0, map[*ir.Func]bool{})
}

// maxWriteDepth bounds the calls writesThrough follows.
const maxWriteDepth = 4

func writesThroughDepth(f *ir.Func, p *ir.Var, depth int, seen map[*ir.Func]bool) bool {
	if f == nil || f.Body == nil || depth > maxWriteDepth || seen[f] {
		return true
	}
	seen[f] = true
	defer delete(seen, f)
	derived := map[*ir.Var]bool{p: true}
	roots := func(e ir.Expr) bool {
		found := false
		ir.Inspect(e, func(n ir.Node) bool {
			if r, ok := n.(*ir.VarRef); ok && derived[r.Var] {
				found = true
			}
			return !found
		})
		return found
	}
	// Local pointers assigned from p: twice over, for a chain of two.
	for round := 0; round < 2; round++ {
		ir.Inspect(f.Body, func(n ir.Node) bool {
			switch n := n.(type) {
			case *ir.DeclStmt:
				if _, ok := n.Var.Type.(*ir.PointerType); ok && n.Init != nil && roots(n.Init) {
					derived[n.Var] = true
				}
			case *ir.Assign:
				if _, ok := n.Var.Type.(*ir.PointerType); ok && roots(n.X) {
					derived[n.Var] = true
				}
			}
			return true
		})
	}
	writes := false
	ir.Inspect(f.Body, func(n ir.Node) bool {
		if writes {
			return false
		}
		switch n := n.(type) {
		case *ir.Store:
			writes = roots(n.Ptr)
		case *ir.Atomic:
			writes = roots(n.Ptr)
		case *ir.Call:
			for i, a := range n.Args {
				if _, ptr := a.Type().(*ir.PointerType); !ptr || !roots(a) {
					continue
				}
				if n.Fn == nil || i >= len(n.Fn.Params) || writesThroughDepth(n.Fn, n.Fn.Params[i], depth+1, seen) {
					writes = true
				}
			}
		}
		return !writes
	})
	return writes
}
