package concrete

import (
	"fmt"

	"github.com/cudavet/cudavet/frontend/ir"
)

// ctl is how a statement ends.
type ctl uint8

const (
	next ctl = iota // fall through to the next statement
	brk             // break out of the innermost loop or switch
	cont            // continue the innermost loop
	ret             // return from the function or closure
	halt            // an error stopped the run
)

func (m *machine) block(b *ir.Block) ctl {
	if b == nil {
		return next
	}
	return m.stmts(b.Stmts)
}

func (m *machine) stmts(ss []ir.Stmt) ctl {
	for _, s := range ss {
		if c := m.stmt(s); c != next {
			return c
		}
	}
	return next
}

func (m *machine) stmt(s ir.Stmt) ctl {
	if !m.step(s.Pos()) {
		return halt
	}
	switch s := s.(type) {
	case *ir.Block:
		return m.block(s)
	case *ir.DeclStmt:
		m.decl(s)
	case *ir.Assign:
		m.assign(s)
	case *ir.Store:
		m.eval(s.Val)
		m.access(s, s.Ptr, s.Index, true)
	case *ir.ExprStmt:
		m.eval(s.X)
	case *ir.If:
		return m.ifStmt(s)
	case *ir.Loop:
		return m.loop(s)
	case *ir.Switch:
		return m.switchStmt(s)
	case *ir.Break:
		return brk
	case *ir.Continue:
		return cont
	case *ir.Return:
		if s.X != nil {
			m.top().ret = m.eval(s.X)
		}
		return m.check(ret)
	case *ir.Assume:
		if !m.truth(s.Cond) && m.err == nil {
			m.fail(s.P, ErrAssume, ir.ExprString(s.Cond))
		}
	case *ir.UnknownStmt:
		m.fail(s.P, ErrUnknownIR, s.Reason)
	case *ir.Launch:
		// Host code: a launch does nothing in the thread that runs it.
	default:
		m.fail(s.Pos(), ErrUnknownIR, fmt.Sprintf("statement %T", s))
	}
	return m.check(next)
}

// check turns c into halt once an error stopped the run.
func (m *machine) check(c ctl) ctl {
	if m.err != nil {
		return halt
	}
	return c
}

// decl binds a new cell for the variable (a reference initialised with
// a variable shares that variable's cell); arrays get a region.
func (m *machine) decl(s *ir.DeclStmt) {
	v := s.Var
	e := m.top().env
	if at, ok := v.Type.(*ir.ArrayType); ok {
		if s.Init != nil {
			m.eval(s.Init)
		}
		e.vars[v] = &cell{ptrVal(m.arrayRegion(v, at), 0)}
		return
	}
	if v.Ref {
		if r, ok := s.Init.(*ir.VarRef); ok {
			if c := m.top().env.lookup(r.Var); c != nil {
				e.vars[v] = c
				return
			}
		}
	}
	var val value
	if s.Init == nil {
		val = m.opaqueOf(s.P, v.Type)
	} else {
		val = m.eval(s.Init)
	}
	e.vars[v] = &cell{fit(val, v.Type)}
}

// assign sets a scalar variable (fields of records and vectors are
// opaque: only the right-hand side's effects happen).
func (m *machine) assign(s *ir.Assign) {
	val := m.eval(s.X)
	if s.Field != "" {
		return
	}
	c := m.top().env.lookup(s.Var)
	if c == nil {
		c = &cell{}
		m.top().env.vars[s.Var] = c
	}
	c.v = fit(val, s.Var.Type)
}

func (m *machine) ifStmt(s *ir.If) ctl {
	c := m.truth(s.Cond)
	if m.err != nil {
		return halt
	}
	if c {
		return m.block(s.Then)
	}
	if s.Else != nil {
		return m.stmt(s.Else)
	}
	return next
}

// loop runs a for, while or do-while loop; each iteration is a step.
func (m *machine) loop(l *ir.Loop) ctl {
	if c := m.block(l.Init); c != next {
		return c
	}
	for first := true; ; first = false {
		if !(first && l.Kind == ir.DoWhileLoop) && l.Cond != nil {
			c := m.truth(l.Cond)
			if m.err != nil {
				return halt
			}
			if !c {
				return next
			}
		}
		if !m.step(l.P) {
			return halt
		}
		switch c := m.block(l.Body); c {
		case brk:
			return next
		case ret, halt:
			return c
		}
		if c := m.block(l.Post); c != next {
			return c
		}
	}
}

// switchStmt runs the bodies from the first case whose value equals the
// tag (else from default) to the end or a break: C's fallthrough.
func (m *machine) switchStmt(s *ir.Switch) ctl {
	tag := m.eval(s.Tag)
	start := -1
	for i, c := range s.Cases {
		for _, v := range c.Values {
			if start < 0 && equal(tag, m.eval(v)) {
				start = i
			}
		}
		if start >= 0 {
			break
		}
	}
	if start < 0 {
		for i, c := range s.Cases {
			if c.Default {
				start = i
			}
		}
	}
	if start < 0 || m.err != nil {
		return m.check(next)
	}
	for _, c := range s.Cases[start:] {
		switch r := m.stmts(c.Body); r {
		case brk:
			return next
		case cont, ret, halt:
			return r
		}
	}
	return next
}
