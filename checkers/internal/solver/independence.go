package solver

import (
	"context"
	"sync/atomic"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Independence is KLEE's independent-constraint slicing: it passes on only
// the constraints that share variables with the Goal, transitively.
//
// Soundness: let S be the kept constraints and D the dropped ones; S ∧ Goal
// and D have no variable in common, so ∧C ∧ Goal is satisfiable iff both
// S ∧ Goal and D are. Unsat of the slice is always Unsat of the query; Sat
// of the slice is Sat of the query when D is satisfiable, which holds when
// the constraints are a feasible path condition (every branch taken was
// checked), the executor's invariant. A model covers the slice's
// variables only: the variables of dropped constraints are absent.
//
// Definitions of variables nothing else mentions are dropped first when
// they are satisfiable whatever the rest is (see dropDefinitions).
//
// Ground constraints (no variables) are constants after sym's folding: true
// is dropped, false kept, so a query with a false constraint stays Unsat.
type Independence struct {
	next    Solver
	dropped atomic.Int64
}

// NewIndependence returns next behind independence slicing.
func NewIndependence(next Solver) *Independence { return &Independence{next: next} }

// Check slices q and asks the next solver, one independent part of the
// goal at a time (Parts).
func (s *Independence) Check(ctx context.Context, q Query) (Result, Model, error) {
	sl := Slice(q)
	s.dropped.Add(int64(len(q.Constraints) - len(sl.Constraints)))
	parts := Parts(sl)
	if len(parts) <= 1 {
		return s.next.Check(ctx, sl)
	}
	model := Model{}
	unknown := false
	for _, p := range parts {
		r, m, err := s.next.Check(ctx, p)
		if err != nil {
			return Unknown, nil, err
		}
		switch r {
		case Unsat:
			return Unsat, nil, nil
		case Unknown:
			unknown = true
		case Sat:
			for k, v := range m {
				model[k] = v
			}
		}
	}
	if unknown {
		return Unknown, nil, nil
	}
	return Sat, model, nil
}

// Parts splits a sliced query whose goal is a conjunction of parts that
// share no variable (with the constraints each part's variables reach)
// into one query per part, in the order of their first conjunct; one part
// is the query itself. The query is Sat iff every part is, and a model of
// each together is one of the whole; Unsat of one part is Unsat. A pair
// check's goal conjoins both threads' path conditions with the conflict:
// the sizes of the path (rows × a profile's width below 2^31) then split
// into a case per width a conflict on shared-array indices never reads.
func Parts(q Query) []Query {
	if q.Goal == nil {
		return []Query{q}
	}
	conj := sym.AppendConjuncts(nil, q.Goal)
	if len(conj) < 2 {
		return []Query{q}
	}
	uf := unionFind{}
	link := func(t *sym.Term) {
		vs := t.Vars()
		for _, v := range vs[min(1, len(vs)):] {
			uf.union(vs[0].Name, v.Name)
		}
	}
	for _, c := range q.Constraints {
		link(c)
	}
	for _, c := range conj {
		link(c)
	}
	var roots []string
	byRoot := map[string][]*sym.Term{}
	var ground []*sym.Term
	for _, c := range conj {
		vs := c.Vars()
		if len(vs) == 0 {
			ground = append(ground, c)
			continue
		}
		r := uf.find(vs[0].Name)
		if _, ok := byRoot[r]; !ok {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], c)
	}
	if len(roots) < 2 {
		return []Query{q}
	}
	parts := make([]Query, 0, len(roots))
	for i, r := range roots {
		goal := byRoot[r]
		p := Query{}
		if i == 0 {
			goal = append(goal, ground...) // a false ground conjunct stays
		}
		p.Goal = sym.BAnd(goal...)
		for _, c := range q.Constraints {
			vs := c.Vars()
			if len(vs) > 0 && uf.find(vs[0].Name) == r || len(vs) == 0 && i == 0 {
				p.Constraints = append(p.Constraints, c) // and a false ground constraint
			}
		}
		parts = append(parts, p)
	}
	return parts
}

// Dropped returns how many constraints slicing has removed so far.
func (s *Independence) Dropped() int64 { return s.dropped.Load() }

// Slice returns q with only the constraints connected to its Goal through
// shared variables (and any false ground constraint). A nil Goal keeps
// every constraint: there is nothing to slice towards.
func Slice(q Query) Query {
	if q.Goal == nil {
		return q
	}
	q = dropDefinitions(q)
	uf := unionFind{}
	for _, c := range q.Constraints {
		vs := c.Vars()
		for _, v := range vs[min(1, len(vs)):] {
			uf.union(vs[0].Name, v.Name)
		}
	}
	roots := map[string]bool{}
	for _, v := range q.Goal.Vars() {
		roots[uf.find(v.Name)] = true
	}
	out := Query{Goal: q.Goal}
	for _, c := range q.Constraints {
		if keep(c, roots, uf) {
			out.Constraints = append(out.Constraints, c)
		}
	}
	return out
}

func keep(c *sym.Term, roots map[string]bool, uf unionFind) bool {
	vs := c.Vars()
	if len(vs) == 0 {
		return !c.IsTrue()
	}
	return roots[uf.find(vs[0].Name)]
}

// unionFind partitions variable names; an absent name is its own class.
type unionFind map[string]string

func (u unionFind) find(x string) string {
	root := x
	for {
		p, ok := u[root]
		if !ok || p == root {
			break
		}
		root = p
	}
	for x != root { // path compression
		next := u[x]
		u[x] = root
		x = next
	}
	return root
}

func (u unionFind) union(x, y string) {
	rx, ry := u.find(x), u.find(y)
	if rx != ry {
		u[rx] = ry
	}
}
