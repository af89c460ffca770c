package solver

import (
	"context"
	"sync/atomic"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Propagate substitutes the equalities a query states before anything
// else looks at it. The executor states many: a loop's trip count of two
// threads in one warp (iter = iter'), a variable defined by a term
// (mask = 16 >> iter), a profile's value (cols = 2816). Substituted, the
// query often folds to false or to a conjunct next to its own negation
// (0 < mask ∧ ¬(0 < mask') once mask' and mask are one term), and is
// Unsat without a solver; otherwise it reaches the solver with fewer
// variables.
//
// A top-level conjunct (of a constraint, or of the goal) v = t, where v is
// a variable that t does not contain, binds v to t (v = w between two
// variables binds the later name to the earlier, so the unprimed copy of
// a thread's variable survives); the binding is substituted into every
// other conjunct, until no conjunct binds a variable. This keeps the query
// equisatisfiable: a model of the result extended by v = t(model) is a
// model of q.
//
// Slicing below assumes the constraints are satisfiable on their own, so
// only constraints that no substitution changed stay constraints; every
// changed one joins the goal.
type Propagate struct {
	next Solver
	hits atomic.Int64
}

// NewPropagate returns next behind equality propagation.
func NewPropagate(next Solver) *Propagate { return &Propagate{next: next} }

// Hits returns how many queries propagation answered on its own.
func (p *Propagate) Hits() int64 { return p.hits.Load() }

// Check answers Unsat when the substituted query is trivially
// unsatisfiable, else asks the next solver the substituted query and
// extends a Sat model by the bound variables.
func (p *Propagate) Check(ctx context.Context, q Query) (Result, Model, error) {
	out, binds, unsat := propagateEqualities(q)
	if unsat {
		p.hits.Add(1)
		return Unsat, nil, nil
	}
	if len(binds) == 0 {
		return p.next.Check(ctx, q)
	}
	if sym.Refute(out.Terms()) {
		p.hits.Add(1)
		return Unsat, nil, nil
	}
	r, m, err := p.next.Check(ctx, out)
	if err != nil || r != Sat {
		return r, m, err
	}
	if full, ok := extendModel(m, binds, q, out); ok {
		return Sat, full, nil
	}
	// The slice the next solver answered lacks a variable a binding
	// needs: ask the query as it came.
	return p.next.Check(ctx, q)
}

// binding is one substitution v := t, in the order they were made.
type binding struct {
	v *sym.Term
	t *sym.Term
}

// maxPropagateRounds bounds the substitution rounds of one query.
const maxPropagateRounds = 8

// propagateEqualities returns q with its variable equalities substituted
// (see Propagate), the bindings made, and whether the result is trivially
// unsatisfiable (a false conjunct, or a conjunct with its negation).
func propagateEqualities(q Query) (Query, []binding, bool) {
	type conj struct {
		t       *sym.Term
		changed bool // a substitution changed it, or it came from the goal
	}
	var cs []conj
	for _, c := range q.Constraints {
		for _, a := range sym.AppendConjuncts(nil, c) {
			cs = append(cs, conj{t: a})
		}
	}
	if q.Goal != nil {
		for _, a := range sym.AppendConjuncts(nil, q.Goal) {
			cs = append(cs, conj{t: a, changed: true})
		}
	}
	var binds []binding
	for round := 0; round < maxPropagateRounds; round++ {
		m := map[string]*sym.Term{}
		used := map[int]bool{}
		for i, c := range cs {
			v, t, exact, ok := bindable(c.t)
			if !ok || m[v.Name] != nil {
				continue
			}
			// A later binding must not mention an earlier bound variable
			// nor be mentioned by one: keep one round's bindings
			// independent, and let the next round see the substituted
			// terms.
			if mentionsAny(t, m) || mentionedBy(v, m) {
				continue
			}
			m[v.Name] = t
			used[i] = exact
			binds = append(binds, binding{v, t})
		}
		if len(m) == 0 {
			break
		}
		var next []conj
		for i, c := range cs {
			if used[i] {
				continue // v = t became t = t
			}
			s := sym.Subst(c.t, m)
			ch := c.changed || s != c.t
			for _, a := range sym.AppendConjuncts(nil, s) {
				next = append(next, conj{t: a, changed: ch})
			}
		}
		cs = next
	}
	if len(binds) == 0 {
		return q, nil, trivialFalse(q.Terms())
	}
	out := Query{}
	var goal []*sym.Term
	seen := map[string]bool{}
	for _, c := range cs {
		if c.t.IsTrue() {
			continue
		}
		k := c.t.Key()
		if seen[k] {
			continue
		}
		seen[k] = true
		if c.changed {
			goal = append(goal, c.t)
		} else {
			out.Constraints = append(out.Constraints, c.t)
		}
	}
	out.Goal = sym.BAnd(goal...)
	return out, binds, trivialFalse(out.Terms())
}

// trivialFalse reports whether a conjunction of ts is false by its form:
// a false conjunct, or a conjunct together with its negation.
func trivialFalse(ts []*sym.Term) bool {
	keys := map[string]bool{}
	var all []*sym.Term
	for _, t := range ts {
		for _, a := range sym.AppendConjuncts(nil, t) {
			if a.IsFalse() {
				return true
			}
			keys[a.Key()] = true
			all = append(all, a)
		}
	}
	for _, a := range all {
		if a.Op == sym.OpBNot && keys[a.Args[0].Key()] {
			return true
		}
	}
	return false
}

// bindable recognises v = t (either order) with v a variable not in t,
// and ext(v) = k for a constant k (v bound to k's low bits; the conjunct
// then stays, to fold to true or false). Between two variables the later
// name is bound to the earlier one. exact says the conjunct is v = t
// itself, so substitution leaves nothing of it.
func bindable(c *sym.Term) (v, t *sym.Term, exact, ok bool) {
	v, t, exact = bindableTerms(c)
	return v, t, exact, v != nil
}

func bindableTerms(c *sym.Term) (*sym.Term, *sym.Term, bool) {
	if (c.Op == sym.OpUlt || c.Op == sym.OpUle) && c.Args[0].Op == sym.OpVar && c.Args[1].Op == sym.OpConst {
		// v < 1 or v ≤ 0 unsigned is v = 0: threadIdx.y of a
		// one-dimensional block, whose products with sizes then vanish
		// (tid.y · blockDim.x made the linear tid nonlinear).
		v, k := c.Args[0], c.Args[1].Val
		if (c.Op == sym.OpUlt && k == 1) || (c.Op == sym.OpUle && k == 0) {
			return v, sym.Const(v.Width, 0), true
		}
		return nil, nil, false
	}
	if c.Op != sym.OpEq {
		return nil, nil, false
	}
	x, y := c.Args[0], c.Args[1]
	if y.Op == sym.OpSExt || y.Op == sym.OpZExt {
		x, y = y, x
	}
	if (x.Op == sym.OpSExt || x.Op == sym.OpZExt) && x.Args[0].Op == sym.OpVar && y.Op == sym.OpConst {
		// ext(v) = k (a size the launcher fixed: sext(OC) = 28672): v is
		// k's low bits when they extend back to k; otherwise the equation
		// is false, which substitution of those bits shows as well.
		v := x.Args[0]
		return v, sym.Trunc(y, v.Width), false
	}
	if x.Op == sym.OpVar && y.Op == sym.OpVar {
		if x.Name < y.Name {
			x, y = y, x
		}
		return x, y, true
	}
	if y.Op == sym.OpVar {
		x, y = y, x
	}
	if x.Op != sym.OpVar {
		return nil, nil, false
	}
	for _, w := range y.Vars() {
		if w.Name == x.Name {
			return nil, nil, false
		}
	}
	return x, y, true
}

func mentionsAny(t *sym.Term, m map[string]*sym.Term) bool {
	for _, w := range t.Vars() {
		if m[w.Name] != nil {
			return true
		}
	}
	return false
}

func mentionedBy(v *sym.Term, m map[string]*sym.Term) bool {
	for _, t := range m {
		for _, w := range t.Vars() {
			if w.Name == v.Name {
				return true
			}
		}
	}
	return false
}

// extendModel adds each bound variable's value to m, latest binding first
// (a binding's term mentions only variables bound later or not at all),
// and checks the result satisfies q.
func extendModel(m Model, binds []binding, q, reduced Query) (Model, bool) {
	out := make(Model, len(m)+len(binds))
	for k, v := range m {
		out[k] = v
	}
	// A variable the substitution folded away (p in ite(p, y, y)) is
	// free: any value does. One the reduced query still has but the model
	// lacks was sliced away below and stays absent.
	inReduced := map[string]bool{}
	for _, t := range reduced.Terms() {
		for _, v := range t.Vars() {
			inReduced[v.Name] = true
		}
	}
	bound := map[string]bool{}
	for _, b := range binds {
		bound[b.v.Name] = true
	}
	if vars, err := q.Vars(); err == nil {
		for _, v := range vars {
			if _, ok := out[v.Name]; !ok && !inReduced[v.Name] && !bound[v.Name] {
				out[v.Name] = 0
			}
		}
	}
	for i := len(binds) - 1; i >= 0; i-- {
		b := binds[i]
		val, err := sym.Eval(b.t, out.Env())
		if err != nil {
			return nil, false
		}
		out[b.v.Name] = val
	}
	vars, err := q.Vars()
	if err != nil {
		return nil, false
	}
	keep := make(Model, len(vars))
	for _, v := range vars {
		if x, ok := out[v.Name]; ok {
			keep[v.Name] = x
		}
	}
	for _, t := range q.Terms() {
		// Slicing below may have dropped constraints of variables the
		// model lacks; judge only what the model covers.
		if covered(t, keep) {
			if val, err := sym.Eval(t, keep.Env()); err != nil || val != 1 {
				return nil, false
			}
		}
	}
	return keep, true
}

func covered(t *sym.Term, m Model) bool {
	for _, v := range t.Vars() {
		if _, ok := m[v.Name]; !ok {
			return false
		}
	}
	return true
}
