package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"context"
	"fmt"
	"unsafe"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// checkInt decides the integer form of a query (see sym.IntForm) with a
// new solver for linear integer arithmetic (QF_LIA); IntForm leaves out
// nonlinear conjuncts: Z3's nonlinear core can ignore an interrupt for
// minutes (measured with 4.8.12 on a product of two sizes). A Sat
// answer's model is returned only when it satisfies the original
// bit-vector terms (sym.Eval), else the answer is Unknown and the caller
// asks the bit-vector query.
func (s *Solver) checkInt(ctx context.Context, form []*sym.ITerm, q solver.Query, vars []*sym.Term) (solver.Result, solver.Model, error) {
	asts := make([]AST, len(form))
	memo := map[*sym.ITerm]AST{}
	for i, f := range form {
		if asts[i] = s.c.iterm(f, memo); !asts[i].Valid() {
			err := s.c.err
			s.c.Release()
			return solver.Unknown, nil, fmt.Errorf("z3: integer form: %w", err)
		}
	}
	return s.onFresh("QF_LIA", func() (solver.Result, solver.Model, error) { return s.decideInt(ctx, asts, q, vars) })
}

// decideInt asserts the integer form with each variable in its unsigned
// range, checks it, and returns a model only when it satisfies q.
func (s *Solver) decideInt(ctx context.Context, asts []AST, q solver.Query, vars []*sym.Term) (solver.Result, solver.Model, error) {
	for _, v := range vars { // a variable's unsigned value is in [0, 2^w)
		if v.Width > 0 {
			x := s.c.intVar(v.Name)
			hi := s.c.intVal(fmt.Sprint(sym.Mask(v.Width)))
			asts = append(asts, s.c.intLE(s.c.intVal("0"), x), s.c.intLE(x, hi))
		}
	}
	for _, a := range asts {
		if err := s.Assert(a); err != nil {
			return solver.Unknown, nil, err
		}
	}
	r, err := s.CheckAssertions(ctx)
	if err != nil || r != solver.Sat {
		return r, nil, err
	}
	m := make(solver.Model, len(vars))
	for _, v := range vars {
		a := s.c.intVar(v.Name)
		if v.Width == 0 {
			a = s.c.BoolConst(v.Name)
		}
		if m[v.Name], err = s.Eval(a); err != nil {
			return solver.Unknown, nil, nil
		}
	}
	for _, t := range q.Terms() {
		if val, err := sym.Eval(t, m.Env()); err != nil || val != 1 {
			return solver.Unknown, nil, nil // not a bit-vector model: ask the bit-vectors
		}
	}
	return solver.Sat, m, nil
}

func (c *Context) intSort() C.Z3_sort {
	if c.isort == nil {
		c.isort = C.Z3_mk_int_sort(c.ctx)
		c.keep(C.Z3_sort_to_ast(c.ctx, c.isort))
	}
	return c.isort
}

// intVar is the integer variable for bit-vector variable name's unsigned
// value (its own symbol: a name has one sort in a context).
func (c *Context) intVar(name string) AST {
	return c.op(func() C.Z3_ast { return C.Z3_mk_const(c.ctx, c.symbol("int!"+name), c.intSort()) })
}

func (c *Context) intVal(dec string) AST {
	cs := C.CString(dec)
	defer C.free(unsafe.Pointer(cs))
	return c.op(func() C.Z3_ast { return C.Z3_mk_numeral(c.ctx, cs, c.intSort()) })
}

func (c *Context) intLE(x, y AST) AST {
	return x.bin(y, func() C.Z3_ast { return C.Z3_mk_le(c.ctx, x.a, y.a) })
}

func (c *Context) intLT(x, y AST) AST {
	return x.bin(y, func() C.Z3_ast { return C.Z3_mk_lt(c.ctx, x.a, y.a) })
}

// nary makes an n-ary arithmetic AST (Z3_mk_add, _sub, _mul).
func (c *Context) nary(mk func(C.Z3_context, C.uint, *C.Z3_ast) C.Z3_ast, xs ...AST) AST {
	as := c.raw(xs)
	return c.op(func() C.Z3_ast { return mk(c.ctx, C.uint(len(as)), &as[0]) }, xs...)
}

// iterm translates an integer-form term.
func (c *Context) iterm(t *sym.ITerm, memo map[*sym.ITerm]AST) AST {
	if a, ok := memo[t]; ok {
		return a
	}
	args := make([]AST, len(t.Args))
	for i, x := range t.Args {
		if args[i] = c.iterm(x, memo); !args[i].Valid() {
			return AST{}
		}
	}
	a := c.ibuild(t, args)
	memo[t] = a
	return a
}

func (c *Context) ibuild(t *sym.ITerm, a []AST) AST {
	switch t.Op {
	case sym.IConst:
		if t.Val == nil {
			return c.BoolVal(t.Bool)
		}
		return c.intVal(t.Val.String())
	case sym.IVar:
		if t.Width == 0 {
			return c.BoolConst(t.Name)
		}
		return c.intVar(t.Name)
	case sym.IAdd:
		return c.nary(func(x C.Z3_context, n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_add(x, n, p) }, a...)
	case sym.ISub:
		return c.nary(func(x C.Z3_context, n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_sub(x, n, p) }, a...)
	case sym.IMul:
		return c.nary(func(x C.Z3_context, n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_mul(x, n, p) }, a...)
	case sym.IDiv:
		return a[0].bin(a[1], func() C.Z3_ast { return C.Z3_mk_div(c.ctx, a[0].a, a[1].a) })
	case sym.IMod:
		return a[0].bin(a[1], func() C.Z3_ast { return C.Z3_mk_mod(c.ctx, a[0].a, a[1].a) })
	case sym.INeg:
		return c.op(func() C.Z3_ast { return C.Z3_mk_unary_minus(c.ctx, a[0].a) }, a[0])
	case sym.IIte:
		return a[0].Ite(a[1], a[2])
	case sym.ILt:
		return c.intLT(a[0], a[1])
	case sym.ILe:
		return c.intLE(a[0], a[1])
	case sym.IEq:
		return a[0].Eq(a[1])
	case sym.IAnd:
		return c.And(a...)
	case sym.IOr:
		return c.Or(a...)
	case sym.INot:
		return a[0].Not()
	}
	c.fail(fmt.Errorf("no translation for integer operator %d", t.Op))
	return AST{}
}
