package z3

import (
	"fmt"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Term returns t as a Z3 AST. Translations are memoized by sym Key in the
// context's arena, so a path condition shared by many queries is
// translated once. A Key names a variable without its width, so the memo
// is valid only while each name keeps one width: Term starts a new memo
// when t uses a name at another width than the memo's.
func (c *Context) Term(t *sym.Term) (AST, error) {
	if c.err != nil {
		return AST{}, c.err
	}
	for _, v := range t.Vars() {
		if w, ok := c.widths[v.Name]; ok && w != v.Width {
			c.memo = map[string]AST{}
			c.widths = map[string]int{}
			break
		}
	}
	a := c.term(t)
	if c.err != nil {
		return AST{}, fmt.Errorf("translate %s: %w", t, c.err)
	}
	return a, nil
}

func (c *Context) term(t *sym.Term) AST {
	if a, ok := c.memo[t.Key()]; ok {
		return a
	}
	args := make([]AST, len(t.Args))
	for i, x := range t.Args {
		if args[i] = c.term(x); !args[i].Valid() {
			return AST{}
		}
	}
	a := c.build(t, args)
	if a.Valid() {
		c.memo[t.Key()] = a
	}
	return a
}

// build makes the AST of t's operator over its translated arguments.
func (c *Context) build(t *sym.Term, a []AST) AST {
	switch t.Op {
	case sym.OpConst:
		if t.IsBool() {
			return c.BoolVal(t.Val != 0)
		}
		return c.BVVal(t.Width, t.Val)
	case sym.OpVar:
		if w, ok := c.widths[t.Name]; ok && w != t.Width {
			c.fail(fmt.Errorf("variable %s used at widths %d and %d", t.Name, w, t.Width))
			return AST{}
		}
		c.widths[t.Name] = t.Width
		return c.BVConst(t.Name, t.Width)
	case sym.OpAdd, sym.OpSub, sym.OpMul, sym.OpUDiv, sym.OpSDiv, sym.OpURem, sym.OpSRem,
		sym.OpShl, sym.OpLShr, sym.OpAShr, sym.OpAnd, sym.OpOr, sym.OpXor,
		sym.OpEq, sym.OpUlt, sym.OpUle, sym.OpSlt, sym.OpSle:
		return binary[t.Op](a[0], a[1])
	case sym.OpNot:
		return a[0].BVNot()
	case sym.OpNeg:
		return a[0].Neg()
	case sym.OpZExt:
		return a[0].ZeroExt(t.Width - t.Args[0].Width)
	case sym.OpSExt:
		return a[0].SignExt(t.Width - t.Args[0].Width)
	case sym.OpTrunc:
		return a[0].Extract(t.Width-1, 0)
	case sym.OpIte:
		return a[0].Ite(a[1], a[2])
	case sym.OpBAnd:
		return c.And(a...)
	case sym.OpBOr:
		return c.Or(a...)
	case sym.OpBNot:
		return a[0].Not()
	case sym.OpAddOvf, sym.OpSubOvf, sym.OpMulOvf:
		return c.overflows(t.Op, a[0], a[1], t.Signed)
	}
	c.fail(fmt.Errorf("no translation for operator %s", t.Op))
	return AST{}
}

// binary maps sym's two-argument operators to AST methods.
var binary = map[sym.Op]func(x, y AST) AST{
	sym.OpAdd: AST.Add, sym.OpSub: AST.Sub, sym.OpMul: AST.Mul,
	sym.OpUDiv: AST.UDiv, sym.OpSDiv: AST.SDiv, sym.OpURem: AST.URem, sym.OpSRem: AST.SRem,
	sym.OpShl: AST.Shl, sym.OpLShr: AST.LShr, sym.OpAShr: AST.AShr,
	sym.OpAnd: AST.BVAnd, sym.OpOr: AST.BVOr, sym.OpXor: AST.BVXor,
	sym.OpEq: AST.Eq, sym.OpUlt: AST.ULT, sym.OpUle: AST.ULE, sym.OpSlt: AST.SLT, sym.OpSle: AST.SLE,
}

// overflows is sym's overflow predicate through Z3's: an operation
// overflows when it does not stay within both bounds. Unsigned addition
// and multiplication cannot go below 0, nor unsigned subtraction above the
// maximum.
func (c *Context) overflows(op sym.Op, x, y AST, signed bool) AST {
	var fits AST
	switch {
	case op == sym.OpAddOvf && signed:
		fits = c.And(x.AddNoOverflow(y, true), x.AddNoUnderflow(y))
	case op == sym.OpAddOvf:
		fits = x.AddNoOverflow(y, false)
	case op == sym.OpSubOvf && signed:
		fits = c.And(x.SubNoOverflow(y), x.SubNoUnderflow(y, true))
	case op == sym.OpSubOvf:
		fits = x.SubNoUnderflow(y, false)
	case op == sym.OpMulOvf && signed:
		fits = c.And(x.MulNoOverflow(y, true), x.MulNoUnderflow(y))
	default:
		fits = x.MulNoOverflow(y, false)
	}
	return fits.Not()
}
