package symex

import (
	"fmt"
	"go/token"
	"sort"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Class says where a symbolic variable's value comes from, which decides
// how a finding may use it (see Check).
type Class int

// Variable classes. Fixed, User, Dim and Unknown variables are inputs of
// the launch; Choice variables pick one thread or one iteration of it.
const (
	// Unknown inputs: loads from memory, results of calls the engine does
	// not model, unannotated parameters, Unknown IR. A finding must hold
	// for every value of them.
	Unknown Class = iota
	// Fixed sizes: model-fixed quantities (hidden size, experts) given by
	// an annotation, a launcher or a model profile.
	Fixed
	// User sizes: user-controlled quantities (tokens, batch) with a range;
	// thresholds are reported on them.
	User
	// Dim: blockDim and gridDim. Anchored (chosen by the witness) when the
	// launch configuration ties them to sizes; otherwise unknown inputs.
	Dim
	// Choice: threadIdx, blockIdx, loop iterations and induction values:
	// some thread, some iteration. A choice is available to a witness only
	// when every input its range depends on (Deps) is anchored.
	Choice
	// Data: input data a witness may choose (any contents of an input
	// buffer are legal). Only the two-thread checks create it (pair.go):
	// a histogram bin loaded from the input races when two threads load
	// the same bin, which any input may make them do.
	Data
)

var classNames = [...]string{"unknown", "fixed", "user", "dim", "choice", "data"}

func (c Class) String() string { return classNames[c] }

// VarInfo describes one variable of a trace.
type VarInfo struct {
	Term    *sym.Term
	Class   Class
	Display string // how messages name it ("num_tokens", "threadIdx.x", "len(out)")
	// Source, for a size a launcher gives, says where it comes from and
	// why it has its class ("rows of input", "columns of weight").
	Source string
	// Canon, for a user-controlled size a launcher gives, is the
	// canonical name its limit is looked up by ("num_tokens";
	// launch.LimitOf).
	Canon string
	// Origins, for a model-fixed size, names the profile and formula of
	// each value: Origins[{p, v}] under profile p (the value of Profile
	// in the witness), e.g. "Llama-3-8B: 2 × intermediate_size".
	Profile *sym.Term
	Origins map[[2]int64]string
	Pos     token.Pos
	Signed  bool
	// Deps, for a Choice, names the variables its range depends on
	// (blockDim.x for threadIdx.x; the loop bound for an iteration).
	Deps []string
	// First, for a Choice, is its value at the first thread of the first
	// block and the first iteration of its loop (0 for threadIdx, blockIdx
	// and an iteration count; the initial value for an induction
	// variable), which exists whatever the launch: a check whose choices'
	// ranges the launch leaves unknown may still be decided there
	// (Trace.atFirst). Nil for a choice without one (a barrier epoch).
	First *sym.Term
	// Index is set on a value loaded from an index region (see
	// Spec.Indexes): one thread's witness may choose it within the
	// dimension it indexes, but two threads' values are left unknown (a
	// slot mapping's entries are distinct, which nothing here knows).
	Index bool
	// Offset, for a value loaded from an index region, is the byte offset
	// of the load in its region (thread 2's, renamed, in a Pair): a
	// reproducer writes the witness's value at that element.
	Offset *sym.Term
	// Uniform is set on variables that hold the same value in every
	// thread of the launch (scalar parameters, a loop's trip count when
	// barriers make every thread run it in step); two-thread checks do not
	// rename them. Sizes, dimensions and blockIdx are handled by class.
	Uniform bool
	// Of, for an Opaque value of an operation on values the engine knows
	// (floating-point arithmetic it does not evaluate exactly, a
	// conversion of such a result), names the variables of the operands:
	// the operation is a function of them, so two threads that agree on
	// them agree on it (Pair does not rename it then).
	Of []string
	// Loose is set on a Choice that Relations do not define exactly (a
	// halving induction variable whose divisor is not a power of two): two
	// threads could not be shown to agree on it, so two-thread checks
	// treat it as unknown.
	Loose bool
	// Opaque is set on a value the engine could not evaluate (an
	// unmodelled comparison or condition, a call without body, an
	// intrinsic it does not model, Unknown IR). Unlike loaded data, it is
	// a fixed function of the launch that the engine merely does not
	// know, so no choice of it may enable a finding: a check whose path
	// condition or violation mentions one is not decided (Unrobust).
	Opaque bool
	// Param is set on a kernel's scalar parameter that no launch context
	// gives (SkipCounter's cause).
	Param bool
}

// Trace is the result of executing one function symbolically: every
// memory access and every use of overflow-prone arithmetic, each with the
// path condition under which it happens, plus the assumptions that hold
// everywhere (launch limits, annotations).
type Trace struct {
	Func *ir.Func
	// Spec is the launch context the function was executed under (never
	// nil after Exec).
	Spec *Spec
	// Assumptions hold everywhere and anchor the variables they relate
	// (annotations, the launch configuration, induction equations).
	Assumptions []*sym.Term
	// Limits hold everywhere but anchor nothing: hardware limits on the
	// launch and bounds on iteration counts. A kernel is launched with
	// some block size, not every legal one.
	Limits []*sym.Term
	// Relations hold everywhere and define per-thread helper variables
	// exactly: barrier epochs inside loops (epoch = e0 + k·barriers per
	// iteration) and halving inductions (s = s0 >> k). Only the two-thread
	// checks use them; the single-thread checks never see these variables.
	Relations []*sym.Term
	// Barriers and WarpEvents list the barriers and the warp collectives
	// with a mask, in execution order (epoch.go).
	// LostWrites are the stores and atomics whose region the execution
	// lost (a pointer chosen between regions, a pointer loaded from
	// memory): what they overwrite is not known.
	LostWrites []token.Pos
	Barriers   []*BarrierEvent
	WarpEvents []*WarpEvent
	Accesses   []*Access
	Ops        []*Op
	Sinks      []*Sink
	Vars       map[string]*VarInfo
	Regions    []*Region
	Stats      Stats
	// pair is set on a Pair's two-thread view: its checks need two
	// distinct threads, which the first thread alone is not (atFirst).
	pair bool
}

// Stats counts what an execution could not do exactly.
type Stats struct {
	Unknowns          int // Unknown IR values met
	LoopsSummarised   int // loops covered by one symbolic iteration with exact induction variables
	LoopsApproximated int // loops whose loop-carried values were havocked
	InlineCut         int // calls not inlined (depth or recursion)
	Truncated         bool
}

// Var returns the description of a variable, nil if it is not registered.
func (t *Trace) Var(name string) *VarInfo { return t.Vars[name] }

// register records a fresh variable.
func (t *Trace) register(name string, w int, class Class, display string, pos token.Pos, signed bool) *sym.Term {
	if v, ok := t.Vars[name]; ok {
		return v.Term
	}
	v := sym.Var(name, w)
	t.Vars[name] = &VarInfo{Term: v, Class: class, Display: display, Pos: pos, Signed: signed}
	return v
}

// SinkOps returns the operations that reach a sink, once each, in order,
// with the kinds of sink each reaches.
func (t *Trace) SinkOps() ([]*Op, map[*Op][]SinkKind) {
	kinds := map[*Op][]SinkKind{}
	var ops []*Op
	for _, s := range t.Sinks {
		for _, o := range s.Ops {
			if _, ok := kinds[o]; !ok {
				ops = append(ops, o)
			}
			if !containsKind(kinds[o], s.Kind) {
				kinds[o] = append(kinds[o], s.Kind)
			}
		}
	}
	return ops, kinds
}

func containsKind(ks []SinkKind, k SinkKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// Anchored returns the inputs a witness may choose: fixed and user sizes,
// and, by fixpoint over the assumptions, dimensions and other variables
// that an assumption relates only to anchored ones (blockDim.x through the
// launch configuration). Path conditions and limits anchor nothing.
func (t *Trace) Anchored() map[string]bool {
	anch := map[string]bool{}
	for name, v := range t.Vars {
		if v.Class == Fixed || v.Class == User || v.Class == Data {
			anch[name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range t.Assumptions {
			var free []string
			for _, v := range c.Vars() {
				if !anch[v.Name] {
					free = append(free, v.Name)
				}
			}
			if len(free) == 1 {
				if info := t.Vars[free[0]]; info != nil && info.Class == Dim {
					anch[free[0]] = true
					changed = true
				}
			}
		}
	}
	return anch
}

// reach walks the variables of vars and those their ranges depend on:
// follow gives the next variables of a reached one. visit is called once
// per variable (info nil when unregistered), with viaDep false for the
// roots; when it returns true the walk stops and reach returns true.
func (t *Trace) reach(vars []*sym.Term, follow func(*VarInfo) []string, visit func(name string, info *VarInfo, viaDep bool) bool) bool {
	seen := map[string]bool{}
	var walk func(name string, viaDep bool) bool
	walk = func(name string, viaDep bool) bool {
		if seen[name] {
			return false
		}
		seen[name] = true
		info := t.Vars[name]
		if visit(name, info, viaDep) {
			return true
		}
		if info == nil {
			return false
		}
		for _, d := range follow(info) {
			if walk(d, true) {
				return true
			}
		}
		return false
	}
	for _, v := range vars {
		if walk(v.Name, false) {
			return true
		}
	}
	return false
}

// choiceDeps follows the ranges of choices: threadIdx.x to blockDim.x, an
// iteration to its loop bound.
func choiceDeps(info *VarInfo) []string {
	if info.Class == Choice {
		return info.Deps
	}
	return nil
}

// dependsOnUnknown reports whether a choice among vars has a range that
// depends on an input that is not anchored: a thread of a block whose
// size is unknown, an iteration of a loop whose bound is unknown. Such a
// choice might not exist in the real launch.
func (t *Trace) dependsOnUnknown(vars []*sym.Term, anch map[string]bool) bool {
	for _, v := range vars {
		if info := t.Vars[v.Name]; info != nil && info.Opaque {
			return true
		}
	}
	// Walk from the choices' dependencies, not from vars themselves: an
	// unknown that also occurs directly in vars (the loaded bound of the
	// loop whose iteration is chosen) still makes the choice unavailable.
	var deps []*sym.Term
	for _, v := range vars {
		if info := t.Vars[v.Name]; info != nil && info.Class == Choice {
			for _, d := range choiceDeps(info) {
				if di := t.Vars[d]; di != nil {
					deps = append(deps, di.Term)
				}
			}
		}
	}
	return t.reach(deps, choiceDeps, func(name string, info *VarInfo, _ bool) bool {
		return info != nil && info.Class != Choice && !anch[name]
	})
}

// SortedVars returns the trace's variables sorted by name.
func (t *Trace) SortedVars() []*VarInfo {
	names := make([]string, 0, len(t.Vars))
	for n := range t.Vars {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]*VarInfo, len(names))
	for i, n := range names {
		out[i] = t.Vars[n]
	}
	return out
}

func (t *Trace) String() string {
	return fmt.Sprintf("trace of %s: %d accesses, %d ops, %d sinks", t.Func.Name, len(t.Accesses), len(t.Ops), len(t.Sinks))
}
