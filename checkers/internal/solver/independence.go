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

// Check slices q and asks the next solver.
func (s *Independence) Check(ctx context.Context, q Query) (Result, Model, error) {
	sl := Slice(q)
	s.dropped.Add(int64(len(q.Constraints) - len(sl.Constraints)))
	return s.next.Check(ctx, sl)
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
