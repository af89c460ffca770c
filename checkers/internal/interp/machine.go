package interp

import (
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Interp is what an interpreter supplies to the core: its values and
// their merge, the evaluation of expressions and simple statements, loop
// summaries and what a return records.
type Interp[V, X any] interface {
	Lattice[V, X]
	// Step charges one statement to the interpreter's budget; false ends
	// the path.
	Step() bool
	// Live reports whether a path may go on (false: it ended inside a
	// call, every path through the callee having failed).
	Live(st *State[V, X]) bool
	// Cond is the truth of e where st holds.
	Cond(e ir.Expr, st *State[V, X]) *sym.Term
	// Eval is the value of e where st holds.
	Eval(e ir.Expr, st *State[V, X]) V
	// Simple runs a statement that does not move control (a declaration,
	// an assignment, a store, an expression, a launch, an unknown
	// statement) and returns the state after it, nil if the path ends.
	Simple(s ir.Stmt, st *State[V, X]) *State[V, X]
	// Loop runs a loop (with Machine.Body for its iterations) and returns
	// the state after it.
	Loop(l *ir.Loop, st *State[V, X]) *State[V, X]
	// CaseCond is the condition under which a switch's tag matches one
	// case value.
	CaseCond(tag V, val ir.Expr, c *ir.Case, st *State[V, X]) *sym.Term
	// Return records a return of v from the function executing.
	Return(st *State[V, X], v V)
}

// Targets collects the states that leave a loop or a switch by break and
// continue.
type Targets[V, X any] struct {
	Breaks, Continues []*State[V, X]
	isSwitch          bool
}

// Machine runs the statements that move control over an interpreter's
// states. The zero value with I set is ready.
type Machine[V, X any] struct {
	I       Interp[V, X]
	targets []*Targets[V, X]
}

// Block runs statements in order and returns the state that falls
// through (nil when every path left by return, break or continue, ended,
// or ran out of steps).
func (m *Machine[V, X]) Block(b *ir.Block, st *State[V, X]) *State[V, X] {
	if b == nil {
		return st
	}
	for _, s := range b.Stmts {
		if st == nil || !m.I.Live(st) || !m.I.Step() {
			return nil
		}
		st = m.Stmt(s, st)
	}
	if st != nil && !m.I.Live(st) {
		return nil
	}
	return st
}

// Stmt runs one statement.
func (m *Machine[V, X]) Stmt(s ir.Stmt, st *State[V, X]) *State[V, X] {
	switch s := s.(type) {
	case *ir.Block:
		return m.Block(s, st)
	case *ir.If:
		return m.If(s, st)
	case *ir.Loop:
		return m.I.Loop(s, st)
	case *ir.Switch:
		return m.Switch(s, st)
	case *ir.Break:
		if n := len(m.targets); n > 0 {
			m.targets[n-1].Breaks = append(m.targets[n-1].Breaks, st)
		}
		return nil
	case *ir.Continue:
		for i := len(m.targets) - 1; i >= 0; i-- {
			if !m.targets[i].isSwitch {
				m.targets[i].Continues = append(m.targets[i].Continues, st)
				break
			}
		}
		return nil
	case *ir.Return:
		var v V
		if s.X != nil {
			v = m.I.Eval(s.X, st)
		}
		m.I.Return(st, v)
		return nil
	case *ir.Assume:
		return st.Assume(m.I.Cond(s.Cond, st))
	}
	return m.I.Simple(s, st)
}

// If runs both arms of a branch, each under its side of the condition,
// and merges them.
func (m *Machine[V, X]) If(s *ir.If, st *State[V, X]) *State[V, X] {
	c := m.I.Cond(s.Cond, st)
	var t, e *State[V, X]
	if ts := st.Assume(c); ts != nil {
		t = m.Block(s.Then, ts)
	}
	if es := st.Assume(sym.BNot(c)); es != nil {
		e = es
		if s.Else != nil {
			e = m.Stmt(s.Else, es)
		}
	}
	return JoinBranch(m.I, st, c, t, e)
}

// Switch runs each case entered where its values match the tag (the
// default where none does) or by falling through from the case before,
// and merges what leaves the switch: the last case's fall-through, the
// breaks, and, without a default, the path where no case matched.
func (m *Machine[V, X]) Switch(s *ir.Switch, st *State[V, X]) *State[V, X] {
	tag := m.I.Eval(s.Tag, st)
	conds := make([]*sym.Term, len(s.Cases))
	for i, c := range s.Cases {
		cond := sym.False
		for _, v := range c.Values {
			cond = sym.BOr(cond, m.I.CaseCond(tag, v, c, st))
		}
		conds[i] = cond
	}
	none := sym.BNot(sym.BOr(conds...))
	hasDefault := false
	for i, c := range s.Cases {
		if c.Default {
			conds[i] = sym.BOr(conds[i], none)
			hasDefault = true
		}
	}
	t := &Targets[V, X]{isSwitch: true}
	m.targets = append(m.targets, t)
	var fall *State[V, X]
	for i, c := range s.Cases {
		entry := Join(m.I, st, st.Assume(conds[i]), fall)
		fall = m.Block(&ir.Block{Stmts: c.Body}, entry)
	}
	m.targets = m.targets[:len(m.targets)-1]
	var skip *State[V, X]
	if !hasDefault {
		skip = st.Assume(none)
	}
	return Join(m.I, st, append([]*State[V, X]{fall, skip}, t.Breaks...)...)
}

// Body runs a loop body on st with the loop as the target of its breaks
// and continues, and returns the state that falls through and the
// targets' states.
func (m *Machine[V, X]) Body(b *ir.Block, st *State[V, X]) (*State[V, X], *Targets[V, X]) {
	t := &Targets[V, X]{}
	m.targets = append(m.targets, t)
	end := m.Block(b, st)
	m.targets = m.targets[:len(m.targets)-1]
	return end, t
}

// Call runs b on st as the body of an inlined call: a break or continue
// in it has no target outside it.
func (m *Machine[V, X]) Call(b *ir.Block, st *State[V, X]) *State[V, X] {
	saved := m.targets
	m.targets = nil
	end := m.Block(b, st)
	m.targets = saved
	return end
}
