package z3

import (
	"fmt"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/solver/internal/symgen"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

type overflowCase struct {
	op     sym.Op
	signed bool
}

var overflowCases = []overflowCase{
	{sym.OpAddOvf, false}, {sym.OpAddOvf, true}, {sym.OpSubOvf, false},
	{sym.OpSubOvf, true}, {sym.OpMulOvf, false}, {sym.OpMulOvf, true},
}

func (c overflowCase) String() string { return fmt.Sprintf("%s_%v", c.op, c.signed) }

// TestOverflowBrute8 compares Z3's overflow predicates, as the translation
// combines them, with sym.Eval on all 65536 pairs of 8-bit values (Z3
// evaluates them on constants with its rewriter). One Simplify per row:
// the conjunction of "predicate(a, b) has sym.Eval's value" over all b
// must simplify to true; when it does not, the row is searched for the
// culprit.
func TestOverflowBrute8(t *testing.T) {
	c := newSolver(t, Options{}).Context()
	for _, tc := range overflowCases {
		for a := uint64(0); a < 256; a++ {
			x := c.BVVal(8, a)
			row := make([]AST, 256)
			for b := range row {
				want := evalOverflow(tc, 8, a, uint64(b)) == 1
				row[b] = c.overflows(tc.op, x, c.BVVal(8, uint64(b)), 8, tc.signed).Eq(c.BoolVal(want))
			}
			if v, ok := c.And(row...).Simplify().Uint64(); !ok || v != 1 {
				for b := range row {
					if v, ok := row[b].Simplify().Uint64(); !ok || v != 1 {
						t.Fatalf("%v(%d, %d): z3 disagrees with sym.Eval (%v)", tc, a, b, c.Err())
					}
				}
			}
			c.Release()
		}
	}
}

// evalOverflow is sym.Eval of the predicate on constants (sym.Overflows
// would fold it first, with the same code).
func evalOverflow(tc overflowCase, w int, a, b uint64) uint64 {
	v, _ := sym.Eval(&sym.Term{Op: tc.op, Signed: tc.signed, Args: []*sym.Term{
		{Op: sym.OpConst, Width: w, Val: a}, {Op: sym.OpConst, Width: w, Val: b}}}, nil)
	return v
}

// TestZ3NativeSignedMul documents why the translation avoids Z3's signed
// multiplication predicates: libz3 4.8.12 simplifies them wrongly on
// constants. When a libz3 gets them right, this test skips and says so.
func TestZ3NativeSignedMul(t *testing.T) {
	c := newSolver(t, Options{}).Context()
	x, y := c.BVVal(8, 2), c.BVVal(8, 0xc0) // 2 * -64 = -128 fits
	fits, _ := c.And(x.MulNoOverflow(y, true), x.MulNoUnderflow(y)).Simplify().Uint64()
	if fits == 1 {
		t.Skip("this libz3 simplifies bvsmul_noovfl/noudfl right: the translation could use them again")
	}
	if want := evalOverflow(overflowCase{sym.OpMulOvf, true}, 8, 2, 0xc0); want != 0 {
		t.Fatalf("sym.Eval says 2 * -64 overflows 8 bits")
	}
}

// TestOverflowEquivalence proves, in the solver (bit-blasting, not the
// rewriter), that the translation of each predicate equals an independent
// encoding by wider arithmetic for all values: widths 1 to 8 for
// multiplication (multiplier equivalence is hard for SAT: 1-2 s at 11
// bits), up to 32 for addition and subtraction.
func TestOverflowEquivalence(t *testing.T) {
	s := newSolver(t, Options{})
	c := s.Context()
	for _, tc := range overflowCases {
		widths := []int{1, 2, 3, 5, 8, 13, 32}
		if tc.op == sym.OpMulOvf {
			widths = []int{1, 2, 3, 5, 8}
		}
		for _, w := range widths {
			x, y := c.BVConst(fmt.Sprintf("x%d", w), w), c.BVConst(fmt.Sprintf("y%d", w), w)
			differ := c.overflows(tc.op, x, y, w, tc.signed).Eq(wideOverflow(c, tc, x, y, w)).Not()
			if err := s.Push(); err != nil {
				t.Fatal(err)
			}
			s.Assert(differ)
			r, err := s.CheckAssertions(t.Context())
			if r != solver.Unsat || err != nil {
				a, _ := s.Eval(x)
				b, _ := s.Eval(y)
				t.Errorf("%v at width %d: %v %v; differs at x=%d y=%d", tc, w, r, err, a, b)
			}
			s.Pop()
		}
	}
}

// wideOverflow encodes "x op y leaves the w-bit range" by computing in
// more bits: a sum or difference in w+1, a product in 2w.
func wideOverflow(c *Context, tc overflowCase, x, y AST, w int) AST {
	ext, k := AST.ZeroExt, 1
	if tc.signed {
		ext = AST.SignExt
	}
	if tc.op == sym.OpMulOvf {
		k = w
	}
	var r AST
	switch tc.op {
	case sym.OpAddOvf:
		r = ext(x, k).Add(ext(y, k))
	case sym.OpSubOvf:
		r = ext(x, k).Sub(ext(y, k))
	default:
		r = ext(x, k).Mul(ext(y, k))
	}
	// In range iff extending the low w bits gives the wide result back.
	return ext(r.Extract(w-1, 0), k).Eq(r).Not()
}

// TestOverflowRandom checks the predicates through the solver at widths
// 32 and 64 on edge-biased random pairs: x and y pinned, the goal says the
// predicate has sym.Eval's value (Sat expected) or the other (Unsat).
func TestOverflowRandom(t *testing.T) {
	s := newSolver(t, Options{})
	g := symgen.New(1, 32, 64)
	for _, w := range []int{32, 64} {
		x, y := symgen.Var(w, 0), symgen.Var(w, 1)
		for _, tc := range overflowCases {
			for i := 0; i < 40; i++ {
				env := map[string]uint64{x.Name: g.Value(w), y.Name: g.Value(w)}
				p := sym.Overflows(tc.op, x, y, tc.signed)
				want, _ := sym.Eval(p, solver.Model(env).Env())
				cs := pinned(env, p)
				if r, _ := check(t, s, solver.Query{Constraints: cs, Goal: equals(p, want)}); r != solver.Sat {
					t.Fatalf("%v(%d, %d) at width %d: want %d, z3 disagrees (%v)", tc, env[x.Name], env[y.Name], w, want, r)
				}
				if r, _ := check(t, s, solver.Query{Constraints: cs, Goal: equals(p, 1-want)}); r != solver.Unsat {
					t.Fatalf("%v(%d, %d) at width %d: z3 allows %d (%v)", tc, env[x.Name], env[y.Name], w, 1-want, r)
				}
			}
		}
	}
}
