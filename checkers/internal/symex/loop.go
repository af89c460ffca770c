package symex

import (
	"fmt"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// loop runs one symbolic iteration standing for every iteration k >= 0:
//
//   - An induction variable v updated once per iteration by v = v + s (or
//     v - s) with a loop-invariant s takes the value v0 + k*s, exactly, as
//     long as no earlier iteration wrapped (the wrap is then the overflow
//     of the update itself, which the trace records).
//   - A variable halved or shifted right (v >>= 1, v /= 2) from v0 >= 0
//     takes a value in [0, v0].
//   - Any other variable the loop assigns is havocked: a fresh value.
//
// The iteration assumes the loop condition (except the first iteration of
// a do-while), runs the body and the update, and evaluates the condition
// again on the updated values so that a wrapped induction variable is seen
// reaching the loop bound. After the loop the assigned variables are
// havocked again, with the condition false for a loop left normally.
func (x *executor) loop(l *ir.Loop, st *state) *state {
	if l.Init != nil {
		st = x.block(l.Init, st)
		if st == nil {
			return nil
		}
	}
	assigned := assignedVars(l)
	if l.Kind == ir.DoWhileLoop {
		// The first iteration runs before any test; the summary below
		// then covers the others, each entered with the condition true.
		x.firstIteration(l, st)
	}
	iter := st.Clone()
	before := make(map[string]bool, len(x.t.Vars))
	for name := range x.t.Vars {
		before[name] = true
	}
	k := x.t.register(x.name(fmt.Sprintf("iter@%d", x.posLabel(l.P))), 64, Choice, "iteration", l.P, false)
	x.t.Vars[k.Name].First = sym.Const(64, 0)
	x.t.Limits = append(x.t.Limits, sym.Ule(k, sym.Const(64, 1<<32)))
	itEp := x.iterationEpochs(l, k, st.X)
	iter.X = itEp
	exact := true
	for _, v := range assigned {
		if val, ok := x.induction(l, v, st, k); ok {
			iter.Env[v] = val
			continue
		}
		exact = false
		iter.Env[v] = x.freshVar("loop."+v.Name, l.P, v.Type)
	}
	if exact {
		x.t.Stats.LoopsSummarised++
	} else {
		x.t.Stats.LoopsApproximated++
	}
	trips := int64(-1)
	if l.Cond != nil {
		cv := x.eval(l.Cond, iter)
		x.sink(SinkLoopBound, l.P, cv.Ops)
		if l.Kind != ir.DoWhileLoop {
			trips = x.constTrips(cv.T, k)
		}
		if cv.T != nil {
			// The iteration ranges up to where the condition fails.
			for _, v := range cv.T.Vars() {
				x.t.Vars[k.Name].Deps = append(x.t.Vars[k.Name].Deps, v.Name)
			}
		}
		iter = iter.Assume(x.truth(cv, l.Cond))
		if iter == nil {
			return x.exitState(l, st, assigned)
		}
	}
	returns := 0
	if len(x.frames) > 0 {
		returns = len(x.frames[len(x.frames)-1].returns)
	}
	body, lc := x.m.Body(l.Body, iter)
	if len(lc.Breaks) > 0 || (len(x.frames) > 0 && len(x.frames[len(x.frames)-1].returns) != returns) {
		trips = -1 // some thread may leave early
	}
	x.invariantBreaks(k, iter, lc.Breaks, before)
	next := x.joinAll(iter, append([]*state{body}, lc.Continues...))
	if next != nil && l.Post != nil {
		next = x.block(l.Post, next)
	}
	exitEp := x.loopEpochs(l, st.X, itEp, next, k, trips)
	if next != nil && l.Cond != nil {
		// The condition on the updated values: where a wrapped counter
		// would keep the loop going.
		cv := x.eval(l.Cond, next)
		x.sink(SinkLoopBound, l.P, cv.Ops)
	}
	out := x.exitState(l, st, assigned)
	out.X = exitEp
	return out
}

// invariantBreaks bounds the iteration count k by the breaks the body
// takes under a condition the loop does not change (one over values that
// existed before it, such as an `if constexpr` or a size compared with a
// constant): such a break, taken in the first iteration, is taken before
// any other, so a later iteration happens only where it is not. Without
// this the summary's iteration ranges over the whole loop bound past an
// unconditional break at the end of the body (a loop over two halves
// that stops after the first for some sizes). A break whose condition the
// iteration changes (data loaded in it, the induction variable) is not
// bounded this way: which iteration takes it is not known.
func (x *executor) invariantBreaks(k *sym.Term, iter *state, breaks []*state, before map[string]bool) {
	var taken []*sym.Term
	for _, b := range breaks {
		if len(b.PC) < len(iter.PC) {
			continue
		}
		invariant := true
		for i, c := range iter.PC {
			if b.PC[i] != c {
				invariant = false // not reached by branching from the iteration's start
				break
			}
		}
		extra := b.PC[len(iter.PC):]
		for _, v := range termVars(extra) {
			if !invariant || !before[v.Name] {
				invariant = false
				break
			}
		}
		if invariant {
			taken = append(taken, sym.BAnd(extra...))
		}
	}
	if len(taken) == 0 {
		return
	}
	c := sym.BOr(taken...)
	info := x.t.Vars[k.Name]
	for _, v := range c.Vars() {
		info.Deps = append(info.Deps, v.Name)
	}
	x.t.Assumptions = append(x.t.Assumptions, sym.Implies(sym.Ne(k, sym.Const(64, 0)), sym.BNot(c)))
}

// firstIteration runs a do-while body once on the entry state.
func (x *executor) firstIteration(l *ir.Loop, st *state) {
	end, lc := x.m.Body(l.Body, st.Clone())
	if end = x.joinAll(st, append([]*state{end}, lc.Continues...)); end != nil && l.Cond != nil {
		cv := x.eval(l.Cond, end)
		x.sink(SinkLoopBound, l.P, cv.Ops)
	}
}

// exitState is the state after the loop: the variables it assigns are
// havocked (breaks and the final iteration are not told apart).
func (x *executor) exitState(l *ir.Loop, st *state, assigned []*ir.Var) *state {
	out := st.Clone()
	for _, v := range assigned {
		out.Env[v] = x.freshVar("after."+v.Name, l.P, v.Type)
	}
	return out
}

// induction returns v's value at iteration k when v is an induction
// variable of l.
func (x *executor) induction(l *ir.Loop, v *ir.Var, st *state, k *sym.Term) (Value, bool) {
	it, ok := v.Type.(*ir.IntType)
	if !ok {
		return Value{}, false
	}
	v0, ok := st.Env[v]
	if !ok || v0.T == nil {
		return Value{}, false
	}
	updates := updatesOf(l, v)
	if len(updates) != 1 {
		return Value{}, false
	}
	op, step := stepOf(updates[0].X, v)
	switch op {
	case ir.Add, ir.Sub:
		if !invariant(step, l) {
			return Value{}, false
		}
		s := x.eval(step, st)
		if s.T == nil {
			return Value{}, false
		}
		return x.linear(l, v, it, v0, s, isSigned(step.Type()), op == ir.Sub, k), true
	case ir.Shr, ir.Div:
		c, isConst := step.(*ir.Const)
		if !isConst || (op == ir.Div && c.Val < 2) || (op == ir.Shr && c.Val < 1) {
			return Value{}, false
		}
		vk := x.t.register(x.name("ind."+v.Name), it.Bits, Choice, v.Name, l.P, it.Signed)
		x.t.Vars[vk.Name].Deps = append(varNames(v0.T), k.Name)
		x.t.Vars[vk.Name].First = v0.T
		zero := sym.Const(it.Bits, 0)
		le := sym.Ule
		if it.Signed {
			le = sym.Sle
		}
		x.t.Assumptions = append(x.t.Assumptions, sym.Implies(le(zero, v0.T), sym.BAnd(le(zero, vk), le(vk, v0.T))))
		x.halving(vk, v0.T, k, op, c.Val)
		return Value{T: vk, Ops: v0.Ops}, true
	}
	return Value{}, false
}

// linear builds v_k = v0 ± k*s: a fresh variable of v's type whose value,
// read mathematically (sign- or zero-extended to 64 bits), is exactly
// v0 ± k*s; so every value a non-wrapping run takes is covered.
func (x *executor) linear(l *ir.Loop, v *ir.Var, it *ir.IntType, v0, s Value, stepSigned, neg bool, k *sym.Term) Value {
	vk := x.t.register(x.name("ind."+v.Name), it.Bits, Choice, v.Name, l.P, it.Signed)
	x.t.Vars[vk.Name].Deps = append(append(varNames(v0.T), varNames(s.T)...), k.Name)
	x.t.Vars[vk.Name].First = v0.T
	ext := func(t *sym.Term) *sym.Term { return sym.Resize(t, 64, it.Signed) }
	step := sym.Mul(k, sym.Resize(s.T, 64, stepSigned))
	rhs := sym.Add(ext(v0.T), step)
	if neg {
		rhs = sym.Sub(ext(v0.T), step)
	}
	x.t.Assumptions = append(x.t.Assumptions, sym.Eq(ext(vk), rhs))
	if x.inductions == nil {
		x.inductions = map[string]*sym.Term{}
	}
	x.inductions[vk.Name] = sym.Trunc(rhs, it.Bits)
	// |step| < 2^32 keeps k*s within 64 bits for k <= 2^32.
	return Value{T: vk, Ops: mergeOps(v0.Ops, s.Ops)}
}

// assignedVars lists the variables a loop's body and update assign,
// declared outside the loop, in order of first assignment.
func assignedVars(l *ir.Loop) []*ir.Var {
	declared := map[*ir.Var]bool{}
	var out []*ir.Var
	seen := map[*ir.Var]bool{}
	visit := func(n ir.Node) bool {
		switch s := n.(type) {
		case *ir.DeclStmt:
			declared[s.Var] = true
		case *ir.Assign:
			if !declared[s.Var] && !seen[s.Var] {
				seen[s.Var] = true
				out = append(out, s.Var)
			}
		case *ir.UnknownStmt:
			for _, v := range s.Writes {
				if !declared[v] && !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
		return true
	}
	if l.Body != nil {
		ir.Inspect(l.Body, visit)
	}
	if l.Post != nil {
		ir.Inspect(l.Post, visit)
	}
	return out
}

// updatesOf returns the assignments to v in the loop.
func updatesOf(l *ir.Loop, v *ir.Var) []*ir.Assign {
	var out []*ir.Assign
	visit := func(n ir.Node) bool {
		if a, ok := n.(*ir.Assign); ok && a.Var == v {
			out = append(out, a)
		}
		return true
	}
	if l.Body != nil {
		ir.Inspect(l.Body, visit)
	}
	if l.Post != nil {
		ir.Inspect(l.Post, visit)
	}
	return out
}

// stepOf matches e against v op step (through conversions) and returns
// the operator and step.
func stepOf(e ir.Expr, v *ir.Var) (ir.BinOp, ir.Expr) {
	e = ir.StripConvert(e)
	b, ok := e.(*ir.Binary)
	if !ok {
		return -1, nil
	}
	if r, ok := ir.StripConvert(b.X).(*ir.VarRef); ok && r.Var == v {
		return b.Op, b.Y
	}
	if r, ok := ir.StripConvert(b.Y).(*ir.VarRef); ok && r.Var == v && b.Op == ir.Add {
		return b.Op, b.X
	}
	return -1, nil
}

// invariant reports whether e reads nothing the loop assigns and no memory.
func invariant(e ir.Expr, l *ir.Loop) bool {
	assigned := map[*ir.Var]bool{}
	for _, v := range assignedVars(l) {
		assigned[v] = true
	}
	ok := true
	ir.Inspect(e, func(n ir.Node) bool {
		switch n := n.(type) {
		case *ir.VarRef:
			if assigned[n.Var] {
				ok = false
			}
		case *ir.Load, *ir.Call, *ir.Atomic, *ir.Warp, *ir.Unknown:
			ok = false
		}
		return ok
	})
	return ok
}

func varNames(t *sym.Term) []string {
	var out []string
	for _, v := range t.Vars() {
		out = append(out, v.Name)
	}
	return out
}

// maxConstTrips is the longest loop whose constant trip count constTrips
// finds by evaluation.
const maxConstTrips = 4096

// constTrips returns the number of iterations of a loop whose condition,
// on iteration k, depends on k alone once its induction variables are
// written in k (for (int i = 0; i < 8; ++i)): the first k where it fails,
// every earlier k holding it; -1 when the condition depends on anything
// else or holds past maxConstTrips.
func (x *executor) constTrips(cond, k *sym.Term) int64 {
	if cond == nil || !cond.IsBool() {
		return -1
	}
	cond = sym.Subst(cond, x.inductions)
	for _, v := range cond.Vars() {
		if v.Name != k.Name {
			return -1
		}
	}
	for n := uint64(0); n <= maxConstTrips; n++ {
		v, err := sym.Eval(cond, func(string) (uint64, bool) { return n, true })
		if err != nil {
			return -1
		}
		if v == 0 {
			return int64(n)
		}
	}
	return -1
}
