package solver

import (
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// dropDefinitions removes from q the constraints that define a variable
// nothing else mentions, when they can be satisfied whatever the other
// variables are. The executor writes an induction variable as
//
//	ext(v_k) = ext(v_0) + k·s,   k <= 2^32
//
// for every loop; through the thread index they all share, slicing keeps
// every loop's equation in every query, and each brings a 64-bit
// multiplication. A definition c is dropped when:
//
//   - c is ext(v) = R (or v = R, in either order) and v occurs in no other
//     constraint and not in the goal;
//   - every other variable q of R occurs only in c or, besides c, in
//     constraints over q alone that hold at q = 0 (its bounds); call them
//     private and set them to 0;
//   - R with the private variables at 0 is ext(t) for a term t of v's
//     width (the same extension), so v = t satisfies c.
//
// Soundness: for every value of the remaining variables, v = t and the
// private variables at 0 satisfy c and the bounds, so the query is
// satisfiable iff it is without them. A model then lacks v and the
// private variables; none of them occurs in the goal.
func dropDefinitions(q Query) Query {
	if q.Goal == nil || len(q.Constraints) == 0 {
		return q
	}
	goal := map[string]bool{}
	for _, v := range q.Goal.Vars() {
		goal[v.Name] = true
	}
	occ := map[string][]int{}
	for i, c := range q.Constraints {
		for _, v := range c.Vars() {
			occ[v.Name] = append(occ[v.Name], i)
		}
	}
	drop := map[int]bool{}
	for i, c := range q.Constraints {
		if c.Op != sym.OpEq {
			continue
		}
		for _, sides := range [2][2]*sym.Term{{c.Args[0], c.Args[1]}, {c.Args[1], c.Args[0]}} {
			if bounds, ok := definition(sides[0], sides[1], i, q.Constraints, occ, goal, drop); ok {
				drop[i] = true
				for _, b := range bounds {
					drop[b] = true
				}
				break
			}
		}
	}
	if len(drop) == 0 {
		return q
	}
	out := Query{Goal: q.Goal}
	for i, c := range q.Constraints {
		if !drop[i] {
			out.Constraints = append(out.Constraints, c)
		}
	}
	return out
}

// definition checks "lhs = rhs" (constraint i) as a definition of the
// variable in lhs; it returns the bound constraints of the private
// variables to drop with it.
func definition(lhs, rhs *sym.Term, i int, cs []*sym.Term, occ map[string][]int, goal map[string]bool, drop map[int]bool) ([]int, bool) {
	v, kind := lhs, sym.OpVar
	if (lhs.Op == sym.OpSExt || lhs.Op == sym.OpZExt) && lhs.Args[0].Op == sym.OpVar {
		v, kind = lhs.Args[0], lhs.Op
	}
	if v.Op != sym.OpVar || goal[v.Name] || len(occ[v.Name]) != 1 {
		return nil, false
	}
	zero := map[string]*sym.Term{}
	var bounds []int
	for _, q := range rhs.Vars() {
		if q.Name == v.Name {
			return nil, false
		}
		if goal[q.Name] || q.IsBool() {
			continue // shared: t may mention it
		}
		private := true
		var qb []int
		for _, j := range occ[q.Name] {
			if j == i {
				continue
			}
			if drop[j] || !boundHoldsAtZero(cs[j], q) {
				private = false
				break
			}
			qb = append(qb, j)
		}
		if private {
			zero[q.Name] = sym.Const(q.Width, 0)
			bounds = append(bounds, qb...)
		}
	}
	r := sym.Subst(rhs, zero)
	switch {
	case kind == sym.OpVar && r.Width == v.Width:
		return bounds, true
	case r.Op == kind && r.Args[0].Width == v.Width:
		return bounds, true
	}
	return nil, false
}

// boundHoldsAtZero reports whether c mentions q alone and holds at q = 0.
func boundHoldsAtZero(c, q *sym.Term) bool {
	vs := c.Vars()
	if len(vs) != 1 || vs[0].Name != q.Name {
		return false
	}
	val, err := sym.Eval(c, func(name string) (uint64, bool) { return 0, name == q.Name })
	return err == nil && val == 1
}
