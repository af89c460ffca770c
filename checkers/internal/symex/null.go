package symex

import (
	"go/token"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Null pointers. A pointer value carries the condition under which it is
// nullptr (Pointer.Null); the null constant is a pointer without region
// whose condition is true. Merging it with a pointer into a region keeps
// the region (`p = has ? bias : nullptr` still points into bias where it
// is not null), comparisons with nullptr and a pointer's truth read the
// condition, and every access records it (Access.Null) for the nilptr
// checker.

// nullPtr is the value of nullptr, NULL and (T*)0.
func nullPtr() Value { return Value{Ptr: &Pointer{Off: sym.Const(64, 0), Null: sym.True}} }

// isNullConst reports the null constant (no region, null everywhere).
func isNullConst(p *Pointer) bool {
	return p != nil && p.Region == nil && p.Null != nil && p.Null.IsTrue()
}

// nullOf returns the condition under which p is null: its own, false for
// a pointer into a region without one, nil when not known.
func nullOf(p *Pointer) *sym.Term {
	switch {
	case p == nil:
		return nil
	case p.Null != nil:
		return p.Null
	case p.Region != nil:
		return sym.False
	}
	return nil
}

// paramNull is the null condition of pointer parameter p: the launch's,
// or a variable standing for the kernel's belief (anchored: a kernel that
// compares p with nullptr says the caller may pass it).
func (x *executor) paramNull(p *ir.Var, r *Region) *sym.Term {
	if n := x.spec.Nulls[p]; n != nil {
		r.Null = n
		return n
	}
	// Unknown until the kernel compares p with nullptr (noteCheck): a
	// kernel that never does gives no other checker a new size.
	v := x.t.register("null."+p.Name, 0, Unknown, p.Name+" == nullptr", p.P, false)
	x.t.Vars[v.Name].Uniform = true
	r.Null, r.NullBelief = v, true
	return v
}

// mergeNull merges two pointers of which one is the null constant: the
// other's region and offset, null where c picks the constant.
func mergeNull(c *sym.Term, a, b *Pointer) (*Pointer, bool) {
	switch {
	case isNullConst(a) && b.Region != nil:
		return &Pointer{Region: b.Region, Off: b.Off, Null: sym.BOr(c, sym.BAnd(sym.BNot(c), nullOf(b)))}, true
	case isNullConst(b) && a.Region != nil:
		return &Pointer{Region: a.Region, Off: a.Off, Null: sym.BOr(sym.BAnd(c, nullOf(a)), sym.BNot(c))}, true
	}
	return nil, false
}

// mergedNull is the null condition of ite(c, a, b), nil when either is
// not known.
func mergedNull(c *sym.Term, a, b *Pointer) *sym.Term {
	na, nb := nullOf(a), nullOf(b)
	if na == nil || nb == nil {
		return nil
	}
	if na.Key() == nb.Key() {
		return na
	}
	return sym.BOr(sym.BAnd(c, na), sym.BAnd(sym.BNot(c), nb))
}

// nullCompare decides p == q and p != q when one side is the null
// constant and the other's null condition is known; ok is false
// otherwise. A comparison of a parameter with nullptr is recorded on its
// region (the kernel's belief that it may be null).
func (x *executor) nullCompare(op ir.BinOp, a, b *Pointer, pos token.Pos) (*sym.Term, bool) {
	if op != ir.Eq && op != ir.Ne {
		return nil, false
	}
	if isNullConst(a) {
		a, b = b, a
	}
	if !isNullConst(b) || a == nil {
		return nil, false
	}
	n := nullOf(a)
	if n == nil {
		return nil, false
	}
	x.noteCheck(a, pos)
	if op == ir.Eq {
		return n, true
	}
	return sym.BNot(n), true
}

// ptrTruth is a pointer used as a condition (if (p), p && …): not null.
func (x *executor) ptrTruth(p *Pointer, pos token.Pos) *sym.Term {
	n := nullOf(p)
	if n == nil {
		return nil
	}
	x.noteCheck(p, pos)
	return sym.BNot(n)
}

// noteCheck records a comparison of p's parameter with nullptr: the
// kernel's belief that it may be null, which anchors its variable (a
// witness may choose it).
func (x *executor) noteCheck(p *Pointer, pos token.Pos) {
	r := p.Region
	if r == nil || r.Null == nil {
		return
	}
	r.NullChecks = append(r.NullChecks, pos)
	if r.NullBelief {
		x.t.Vars[r.Null.Name].Class = User
	}
}

// constOf returns the constant an integer value holds.
func constOf(v Value) (uint64, bool) {
	if v.T == nil || v.T.IsBool() {
		return 0, false
	}
	return v.T.Const()
}
