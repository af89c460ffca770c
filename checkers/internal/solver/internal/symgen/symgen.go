// Package symgen makes random sym terms and edge-biased values for the
// solver tests: the z3 translation and the decorators are cross-checked
// against sym.Eval and brute force on what it generates. Test use only.
package symgen

import (
	"fmt"
	"math/rand"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Gen generates terms over variables of a fixed set of widths: two
// bit-vector variables per width (x<w>, y<w>) and two booleans (p, q).
type Gen struct {
	R      *rand.Rand
	Widths []int // the bit-vector widths terms may use
}

// New returns a generator with a fixed seed.
func New(seed int64, widths ...int) *Gen {
	return &Gen{R: rand.New(rand.NewSource(seed)), Widths: widths}
}

// Var returns the i-th variable (0 or 1) of width w (0: boolean).
func Var(w, i int) *sym.Term {
	if w == 0 {
		return sym.Var([]string{"p", "q"}[i], 0)
	}
	return sym.Var(fmt.Sprintf("%c%d", "xy"[i], w), w)
}

// Value returns a w-bit value, often one where arithmetic changes
// behaviour: 0, 1, all ones, the signed extremes, around 2^(w/2).
func (g *Gen) Value(w int) uint64 {
	m := sym.Mask(w)
	half := uint64(1) << uint(w/2)
	edges := []uint64{0, 1, 2, m, m - 1, m >> 1, (m >> 1) + 1, (m >> 1) + 2, half, half - 1, half + 1, m / 3}
	if g.R.Intn(2) == 0 {
		return edges[g.R.Intn(len(edges))] & m
	}
	return g.R.Uint64() & m
}

// BV returns a random term of width w with at most depth nested operators.
func (g *Gen) BV(w, depth int) *sym.Term {
	if depth == 0 || g.R.Intn(4) == 0 {
		if g.R.Intn(3) == 0 {
			return sym.Const(w, g.Value(w))
		}
		return Var(w, g.R.Intn(2))
	}
	d := depth - 1
	switch k := g.R.Intn(19); {
	case k < 13:
		ops := []func(x, y *sym.Term) *sym.Term{sym.Add, sym.Sub, sym.Mul, sym.UDiv, sym.SDiv, sym.URem,
			sym.SRem, sym.Shl, sym.LShr, sym.AShr, sym.And, sym.Or, sym.Xor}
		return ops[k](g.BV(w, d), g.BV(w, d))
	case k == 13:
		return sym.Not(g.BV(w, d))
	case k == 14:
		return sym.Neg(g.BV(w, d))
	case k == 15:
		return sym.Ite(g.Bool(d), g.BV(w, d), g.BV(w, d))
	default: // a conversion from another width, when there is one
		from := g.Widths[g.R.Intn(len(g.Widths))]
		switch {
		case from < w && g.R.Intn(2) == 0:
			return sym.ZExt(g.BV(from, d), w)
		case from < w:
			return sym.SExt(g.BV(from, d), w)
		case from > w:
			return sym.Trunc(g.BV(from, d), w)
		}
		return g.BV(w, d)
	}
}

// Bool returns a random boolean term with at most depth nested operators.
func (g *Gen) Bool(depth int) *sym.Term {
	if depth == 0 || g.R.Intn(5) == 0 {
		if g.R.Intn(4) == 0 {
			return sym.BoolConst(g.R.Intn(2) == 0)
		}
		return Var(0, g.R.Intn(2))
	}
	d := depth - 1
	w := g.Widths[g.R.Intn(len(g.Widths))]
	switch k := g.R.Intn(11); {
	case k < 5:
		ops := []func(x, y *sym.Term) *sym.Term{sym.Eq, sym.Ult, sym.Ule, sym.Slt, sym.Sle}
		return ops[k](g.BV(w, d), g.BV(w, d))
	case k < 8:
		op := []sym.Op{sym.OpAddOvf, sym.OpSubOvf, sym.OpMulOvf}[k-5]
		return sym.Overflows(op, g.BV(w, d), g.BV(w, d), g.R.Intn(2) == 0)
	case k == 8:
		return sym.BAnd(g.Bool(d), g.Bool(d), g.Bool(d))
	case k == 9:
		return sym.BOr(g.Bool(d), g.Bool(d))
	default:
		return sym.BNot(g.Bool(d))
	}
}

// Env returns a random assignment of every generator variable.
func (g *Gen) Env() map[string]uint64 {
	env := map[string]uint64{}
	for i := 0; i < 2; i++ {
		env[Var(0, i).Name] = uint64(g.R.Intn(2))
		for _, w := range g.Widths {
			env[Var(w, i).Name] = g.Value(w)
		}
	}
	return env
}
