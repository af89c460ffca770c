// Package interp is the path-merging core that the two symbolic
// interpreters of cudavet share: the launcher analysis (package launch,
// host code, values such as tensors and dim3) and the kernel executor
// (package symex, device code, values with their arithmetic history).
//
// Both run a function once over symbolic inputs, with one state per
// program point: a branch forks the state under its condition and the
// arms' states merge at the join (values become ite over the condition,
// the path condition keeps what the arms added, as a disjunction). The
// core owns the states, their forking and merging, the statements that
// only move control (blocks, if, switch, break, continue, return, assume)
// and the stack of break/continue targets; an interpreter supplies the
// rest through Interp: what a value is and how two merge, how an
// expression evaluates, what a simple statement does, how a loop is
// summarised, and what a return records. A fix to path merging is made
// here once.
package interp

import (
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// State is the environment and path condition at one program point, and
// X, what else an interpreter carries along a path (the kernel
// executor's barrier epochs; nothing for the launcher).
type State[V, X any] struct {
	Env map[*ir.Var]V
	PC  []*sym.Term
	X   X
}

// NewState returns a state with an empty environment.
func NewState[V, X any](pc []*sym.Term, x X) *State[V, X] {
	return &State[V, X]{Env: map[*ir.Var]V{}, PC: pc, X: x}
}

// Clone returns a copy of s whose environment and path condition can be
// changed without changing s.
func (s *State[V, X]) Clone() *State[V, X] {
	env := make(map[*ir.Var]V, len(s.Env))
	for k, v := range s.Env {
		env[k] = v
	}
	return &State[V, X]{Env: env, PC: append([]*sym.Term(nil), s.PC...), X: s.X}
}

// Assume returns a copy of s constrained by c (nil c: a plain copy), or
// nil when c is false.
func (s *State[V, X]) Assume(c *sym.Term) *State[V, X] {
	if c == nil || c.IsTrue() {
		return s.Clone()
	}
	if c.IsFalse() {
		return nil
	}
	n := s.Clone()
	n.PC = append(n.PC, c)
	return n
}

// Lattice merges what two paths computed: Merge is ite(c, a, b) on
// values, MergeX on the interpreters' extra state.
type Lattice[V, X any] interface {
	Merge(c *sym.Term, a, b V) V
	MergeX(c *sym.Term, a, b X) X
}

// Join merges states that reach one point from different paths, each
// derived from base by adding to its path condition: the merged path
// condition is base ∧ (e1 ∨ e2 ∨ …) and each value is the ite chain over
// the extras e_i (the later state wins where several hold). Nil states
// (paths that ended) are skipped; all nil is nil. A variable bound on one
// path only was declared there and is out of scope at the join.
func Join[V, X any](l Lattice[V, X], base *State[V, X], sts ...*State[V, X]) *State[V, X] {
	var out *State[V, X]
	for _, s := range sts {
		if s == nil {
			continue
		}
		if out == nil {
			out = s
			continue
		}
		out = join2(l, base, out, s)
	}
	return out
}

// join2 merges two states derived from base: b's values win where b's
// extra path condition holds.
func join2[V, X any](l Lattice[V, X], base, a, b *State[V, X]) *State[V, X] {
	pc, eb := sym.JoinPC(base.PC, a.PC, b.PC)
	out := &State[V, X]{Env: map[*ir.Var]V{}, PC: pc, X: l.MergeX(eb, b.X, a.X)}
	for v, bv := range b.Env {
		if av, ok := a.Env[v]; ok {
			out.Env[v] = l.Merge(eb, bv, av)
		}
	}
	return out
}

// JoinBranch merges the states after a two-way branch on c from base
// (t where c held, e where it did not): values become ite(c, then,
// else); the path condition keeps what the arms added beyond c and ¬c,
// as a disjunction.
func JoinBranch[V, X any](l Lattice[V, X], base *State[V, X], c *sym.Term, t, e *State[V, X]) *State[V, X] {
	switch {
	case t == nil:
		return e
	case e == nil:
		return t
	}
	out := &State[V, X]{Env: map[*ir.Var]V{}, PC: append([]*sym.Term(nil), base.PC...), X: l.MergeX(c, t.X, e.X)}
	te, ee := t.PC[min(len(base.PC), len(t.PC)):], e.PC[min(len(base.PC), len(e.PC)):]
	if !(len(te) == 1 && len(ee) == 1 && te[0].Key() == c.Key() && ee[0].Key() == sym.BNot(c).Key()) {
		out.PC = append(out.PC, sym.BOr(sym.BAnd(te...), sym.BAnd(ee...)))
	}
	for v, tv := range t.Env {
		if ev, ok := e.Env[v]; ok {
			out.Env[v] = l.Merge(c, tv, ev)
		}
	}
	return out
}
