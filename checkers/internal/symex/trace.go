package symex

import (
	"fmt"
	"go/token"
	"sort"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Class says where a symbolic variable's value comes from, which decides
// how a finding may use it (see Anchored).
type Class int

// Variable classes.
const (
	// Unknown values: loads from memory, results of calls the engine does
	// not model, unannotated parameters, Unknown IR. A finding must hold
	// for every value of them.
	Unknown Class = iota
	// Fixed sizes: model-fixed quantities (hidden size, experts) given by
	// an annotation, a launcher or a model profile.
	Fixed
	// User sizes: user-controlled quantities (tokens, batch) with a range;
	// thresholds are reported on them.
	User
	// Thread geometry and loop iterations: existentially chosen (some
	// thread, some iteration) when their bounds are anchored.
	Geometry
)

var classNames = [...]string{"unknown", "fixed", "user", "geometry"}

func (c Class) String() string { return classNames[c] }

// VarInfo describes one variable of a trace.
type VarInfo struct {
	Term    *sym.Term
	Class   Class
	Display string // how messages name it ("num_tokens", "threadIdx.x", "len(out)")
	Pos     token.Pos
	Signed  bool
}

// Trace is the result of executing one function symbolically: every
// memory access and every use of overflow-prone arithmetic, each with the
// path condition under which it happens, plus the assumptions that hold
// everywhere (launch limits, annotations).
type Trace struct {
	Func        *ir.Func
	Assumptions []*sym.Term
	Accesses    []*Access
	Ops         []*Op
	Sinks       []*Sink
	Vars        map[string]*VarInfo
	Regions     []*Region
	Stats       Stats
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

// Anchored returns the variables whose values a witness may choose: fixed
// and user sizes and thread geometry, and, by fixpoint, any variable that
// a constraint relates only to anchored variables (blockIdx.x through
// blockIdx.x < gridDim.x once gridDim.x is tied to a size; a loop
// iteration through its condition). What remains unanchored (loaded data,
// unannotated parameters, an unconstrained grid) must not matter to a
// finding: a finding has to hold for all of their values.
func (t *Trace) Anchored(cs []*sym.Term) map[string]bool {
	anch := map[string]bool{}
	for name, v := range t.Vars {
		if v.Class == Fixed || v.Class == User || (v.Class == Geometry && v.Display != "" && isIntrinsicGeometry(v.Display)) {
			anch[name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range cs {
			var free []string
			for _, v := range c.Vars() {
				if !anch[v.Name] {
					free = append(free, v.Name)
				}
			}
			if len(free) == 1 {
				if info := t.Vars[free[0]]; info != nil && info.Class != Unknown {
					anch[free[0]] = true
					changed = true
				}
			}
		}
	}
	return anch
}

// isIntrinsicGeometry reports the thread geometry that hardware limits
// bound tightly (a block has at most 1024 threads): threadIdx and blockDim.
// blockIdx and gridDim range up to 2^31-1 and are anchored only through
// the launch configuration.
func isIntrinsicGeometry(display string) bool {
	switch display {
	case "threadIdx.x", "threadIdx.y", "threadIdx.z", "blockDim.x", "blockDim.y", "blockDim.z":
		return true
	}
	return false
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
