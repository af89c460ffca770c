package solver

import (
	"context"
	"sort"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Split answers a query by cases when a variable that multiplies another
// variable takes one of a few values (a model-fixed size: hidden_size is
// one of the profiles' nine): "i < rows ∧ j < h → i·h + j < rows·h" is
// hopeless for bit-blasting with h symbolic and easy with h a constant
// (20 s against 0.1 s per value). For each value c in order, the query
// with v = c substituted is asked of the next solver:
//
//	Sat for some c: Sat, with that model and v = c (the first c in
//	  ascending order, so the answer is deterministic);
//	Unsat for every c: Unsat;
//	otherwise Unknown.
//
// Cases multiply when a case still has such a variable; past maxCases
// the query is passed on whole.
type Split struct {
	next Solver
}

// maxCases bounds the sub-queries one query is split into.
const maxCases = 128

// maxValues bounds the values of a variable worth splitting on: the
// dimension set of the bundled profiles (every width of their weights)
// has about 70.
const maxValues = 96

// NewSplit returns next behind case splitting.
func NewSplit(next Solver) *Split { return &Split{next: next} }

// Check answers q by cases, or passes it on.
func (s *Split) Check(ctx context.Context, q Query) (Result, Model, error) {
	return s.check(ctx, q, maxCases)
}

func (s *Split) check(ctx context.Context, q Query, budget int) (Result, Model, error) {
	v, vals := splitVar(q)
	if v == nil || len(vals) > budget {
		return s.next.Check(ctx, q)
	}
	unknown := false
	for _, c := range vals {
		if ctx.Err() != nil {
			return Unknown, nil, nil
		}
		sub := substitute(q, map[string]*sym.Term{v.Name: sym.Const(v.Width, c)})
		if trivialUnsat(sub) {
			// Most cases of a profile's values contradict the query's
			// other constraints once the value is in (the wrong model's
			// hidden size against a TORCH_CHECK, a selector outside the
			// profile): settled here, they never reach the solver.
			continue
		}
		r, m, err := s.check(ctx, sub, budget/len(vals))
		if err != nil {
			return Unknown, nil, err
		}
		switch r {
		case Sat:
			out := Model{v.Name: c}
			for k, x := range m {
				out[k] = x
			}
			return Sat, out, nil
		case Unknown:
			unknown = true
		}
	}
	if unknown {
		return Unknown, nil, nil
	}
	return Unsat, nil, nil
}

// trivialUnsat reports whether a case is settled without a solver: a
// conjunct simplified to false, or one propagation folds to false. (The
// range and linear steps below Split see every case that is left.)
func trivialUnsat(q Query) bool {
	if trivialFalse(q.Terms()) {
		return true
	}
	_, _, unsat := propagateEqualities(q)
	return unsat
}

func substitute(q Query, m map[string]*sym.Term) Query {
	out := Query{}
	for _, c := range q.Constraints {
		c = sym.Subst(c, m)
		if !c.IsTrue() {
			out.Constraints = append(out.Constraints, c)
		}
	}
	if q.Goal != nil {
		out.Goal = sym.Subst(q.Goal, m)
	}
	return out
}

// splitVar finds a variable worth splitting on: one that a top-level
// conjunct restricts to a few constants (v = c1 ∨ … ∨ v = ck) and that
// some product multiplies by a non-constant. The first by name wins.
func splitVar(q Query) (*sym.Term, []uint64) {
	domains := map[string][]uint64{}
	vars := map[string]*sym.Term{}
	var visit func(t *sym.Term)
	visit = func(t *sym.Term) {
		if t.Op == sym.OpBAnd {
			for _, a := range t.Args {
				visit(a)
			}
			return
		}
		if v, vals := finiteDomain(t); v != nil && len(vals) <= maxValues {
			if _, ok := domains[v.Name]; !ok {
				domains[v.Name], vars[v.Name] = vals, v
			}
		}
	}
	for _, t := range q.Terms() {
		visit(t)
	}
	if len(domains) == 0 {
		return nil, nil
	}
	nonlinear := map[string]bool{}
	for _, t := range q.Terms() {
		markNonlinear(t, domains, nonlinear, map[*sym.Term]bool{})
	}
	var names []string
	for n := range nonlinear {
		names = append(names, n)
	}
	if len(names) == 0 {
		return nil, nil
	}
	sort.Strings(names)
	vals := append([]uint64(nil), domains[names[0]]...)
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	return vars[names[0]], vals
}

// finiteDomain recognises v = c1 ∨ … ∨ v = ck (or v = c) over one
// variable, possibly widened (sext/zext of v compared with constants).
func finiteDomain(t *sym.Term) (*sym.Term, []uint64) {
	alts := []*sym.Term{t}
	if t.Op == sym.OpBOr {
		alts = t.Args
	}
	var v *sym.Term
	var vals []uint64
	for _, a := range alts {
		if a.Op != sym.OpEq {
			return nil, nil
		}
		x, y := a.Args[0], a.Args[1]
		if x.Op == sym.OpConst {
			x, y = y, x
		}
		c, ok := y.Const()
		if !ok || x.Op != sym.OpVar || (v != nil && v.Name != x.Name) {
			return nil, nil
		}
		v = x
		vals = append(vals, c)
	}
	return v, vals
}

// markNonlinear records the domain variables that occur inside a
// product whose other factor is not a constant.
func markNonlinear(t *sym.Term, domains map[string][]uint64, out map[string]bool, seen map[*sym.Term]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	if t.Op == sym.OpMul || t.Op == sym.OpMulOvf || t.Op == sym.OpSDiv || t.Op == sym.OpUDiv || t.Op == sym.OpSRem || t.Op == sym.OpURem {
		x, y := t.Args[0], t.Args[1]
		_, xc := x.Const()
		_, yc := y.Const()
		if !xc && !yc {
			for _, f := range []*sym.Term{x, y} {
				for _, v := range f.Vars() {
					if _, ok := domains[v.Name]; ok {
						out[v.Name] = true
					}
				}
			}
		}
	}
	for _, a := range t.Args {
		markNonlinear(a, domains, out, seen)
	}
}
