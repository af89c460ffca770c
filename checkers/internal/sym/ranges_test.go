package sym

import (
	"math/big"
	"testing"
)

func TestRefute(t *testing.T) {
	tid := Var("threadIdx.x", 32)
	bd := Var("blockDim.z", 32)
	n := Var("n", 64)
	iter := Var("iter", 64)
	ind := Var("ind", 32)
	t4 := Mul(ZExt(tid, 64), Const(64, 4))
	cases := []struct {
		name string
		cs   []*Term
		want bool
	}{
		{"vector load within a 4096-byte row", []*Term{
			Ult(tid, Const(32, 1024)),
			Eq(SExt(ind, 64), Add(SExt(tid, 64), Mul(iter, Const(64, 1024)))),
			Ule(iter, Const(64, 1<<32)),
			BAnd(Slt(ind, Const(32, 32064)), BOr(Slt(t4, Const(64, 0)), Slt(Const(64, 4096), Add(t4, Const(64, 4))))),
		}, true},
		{"a thread past the row", []*Term{
			Ult(tid, Const(32, 1025)),
			Slt(Const(64, 4096), Add(t4, Const(64, 4))),
		}, false},
		{"product bound gives the factor", []*Term{
			Ule(Const(32, 1), bd),
			Ule(Mul(Const(64, 1024), ZExt(bd, 64)), Const(64, 1024)),
			Ne(bd, Const(32, 1)),
		}, true},
		{"split on a disjunction", []*Term{
			Ult(n, Const(64, 100)),
			BOr(Ult(Const(64, 200), n), Eq(n, Const(64, 150))),
		}, true},
		{"overflow ruled out", []*Term{
			Ult(tid, Const(32, 1024)),
			Ule(n, Const(64, 1<<20)),
			Overflows(OpMulOvf, ZExt(tid, 64), n, true),
		}, true},
		{"satisfiable", []*Term{
			Ult(tid, Const(32, 1024)),
			Ule(Const(64, 1000), n),
			Ult(SExt(tid, 64), n),
		}, false},
	}
	for _, c := range cases {
		if got := Refute(c.cs); got != c.want {
			t.Errorf("%s: Refute = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRefuteSound checks Refute against brute force on small widths.
func TestRefuteSound(t *testing.T) {
	x, y := Var("x", 4), Var("y", 4)
	atoms := soundAtoms(x, y)
	for i := range atoms {
		for j := range atoms {
			for k := range atoms {
				cs := []*Term{atoms[i], atoms[j], BNot(atoms[k])}
				if Refute(cs) && satisfiable(cs, x, y) {
					t.Fatalf("Refute(%v) = true, but it has a model", cs)
				}
			}
		}
	}
}

// soundAtoms are conjuncts over 4-bit x and y for the brute-force
// soundness tests: comparisons, arithmetic that wraps, overflow
// predicates, width changes and a disjunction.
func soundAtoms(x, y *Term) []*Term {
	return []*Term{
		Ult(x, Const(4, 5)), Slt(y, x), Eq(Add(x, y), Const(4, 3)), Ule(Mul(x, Const(4, 3)), y),
		Ne(x, Const(4, 0)), Slt(Sub(x, y), Const(4, 2)), Eq(URem(x, Const(4, 3)), Const(4, 1)),
		BOr(Eq(x, Const(4, 7)), Ult(Const(4, 12), y)), Sle(SExt(y, 8), Const(8, 250)), Ule(ZExt(x, 8), Trunc(ZExt(y, 8), 8)),
		Overflows(OpAddOvf, x, y, true), BNot(Overflows(OpMulOvf, x, y, false)), Eq(LShr(y, Const(4, 1)), x),
		Eq(And(x, y), Const(4, 2)), Ult(Or(x, Const(4, 8)), y), Eq(Neg(x), y), Ult(Not(x), Const(4, 3)),
	}
}

func satisfiable(cs []*Term, x, y *Term) bool {
	for a := uint64(0); a < 16; a++ {
		for b := uint64(0); b < 16; b++ {
			env := func(n string) (uint64, bool) {
				if n == x.Name {
					return a, true
				}
				return b, true
			}
			ok := true
			for _, c := range cs {
				v, _ := Eval(c, env)
				ok = ok && v == 1
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// TestIntFormSound checks that every bit-vector model of a conjunction
// satisfies its integer form (so an integer refutation is one over
// bit-vectors), on small widths by brute force.
func TestIntFormSound(t *testing.T) {
	x, y := Var("x", 4), Var("y", 4)
	atoms := []*Term{
		Ult(x, Const(4, 5)), Slt(y, x), Eq(Add(x, y), Const(4, 3)), Ule(Mul(x, Const(4, 3)), y),
		Ne(x, Const(4, 0)), Slt(Sub(x, y), Const(4, 2)), Eq(URem(x, Const(4, 3)), Const(4, 1)),
		Sle(SExt(y, 8), Const(8, 250)), Ule(ZExt(x, 8), Trunc(ZExt(y, 8), 8)), Ult(y, Const(4, 6)),
		Overflows(OpAddOvf, x, y, true), BNot(Overflows(OpMulOvf, x, y, false)), Eq(LShr(y, Const(4, 1)), x),
		Eq(And(x, Const(4, 3)), Const(4, 2)), Eq(Neg(x), y), Ult(Not(x), Const(4, 3)), Slt(SExt(x, 8), SExt(y, 8)),
		Eq(Trunc(Add(ZExt(x, 8), ZExt(y, 8)), 4), Const(4, 1)), Eq(UDiv(x, Add(ZExt(Trunc(y, 2), 4), Const(4, 1))), Const(4, 1)),
	}
	forms := 0
	for i := range atoms {
		for j := range atoms {
			cs := []*Term{atoms[i], atoms[j]}
			form, all, ok := IntForm(cs)
			if !ok || !all {
				continue
			}
			forms++
			for a := uint64(0); a < 16; a++ {
				for b := uint64(0); b < 16; b++ {
					env := map[string]uint64{"x": a, "y": b}
					if !holds(cs, env) {
						continue
					}
					for _, f := range form {
						if ieval(f, env).Sign() == 0 {
							t.Fatalf("x=%d y=%d satisfies %v but not its integer form", a, b, cs)
						}
					}
				}
			}
		}
	}
	if forms < len(atoms)*len(atoms)/3 {
		t.Errorf("only %d of %d conjunctions have an integer form", forms, len(atoms)*len(atoms))
	}
}

func holds(cs []*Term, env map[string]uint64) bool {
	for _, c := range cs {
		v, err := Eval(c, func(n string) (uint64, bool) { v, ok := env[n]; return v, ok })
		if err != nil || v != 1 {
			return false
		}
	}
	return true
}

// ieval evaluates an integer form (booleans as 0/1).
func ieval(t *ITerm, env map[string]uint64) *big.Int {
	b := func(v bool) *big.Int {
		if v {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
	switch t.Op {
	case IConst:
		if t.IsBool() || t.Val == nil {
			return b(t.Bool)
		}
		return t.Val
	case IVar:
		return new(big.Int).SetUint64(env[t.Name])
	case INot:
		return b(ieval(t.Args[0], env).Sign() == 0)
	case IAnd, IOr:
		all, any := true, false
		for _, a := range t.Args {
			v := ieval(a, env).Sign() != 0
			all, any = all && v, any || v
		}
		if t.Op == IAnd {
			return b(all)
		}
		return b(any)
	case IIte:
		if ieval(t.Args[0], env).Sign() != 0 {
			return ieval(t.Args[1], env)
		}
		return ieval(t.Args[2], env)
	}
	x, y := ieval(t.Args[0], env), big.NewInt(0)
	if len(t.Args) > 1 {
		y = ieval(t.Args[1], env)
	}
	switch t.Op {
	case IAdd:
		return new(big.Int).Add(x, y)
	case ISub:
		return new(big.Int).Sub(x, y)
	case IMul:
		return new(big.Int).Mul(x, y)
	case IDiv:
		return new(big.Int).Div(x, y)
	case IMod:
		return new(big.Int).Mod(x, y)
	case INeg:
		return new(big.Int).Neg(x)
	case ILt:
		return b(x.Cmp(y) < 0)
	case ILe:
		return b(x.Cmp(y) <= 0)
	case IEq:
		return b(x.Cmp(y) == 0)
	}
	panic("ieval")
}

// A relation intervals cannot state is still known where it recurs: a,
// b and ¬(a ∧ b) of two guards of a warp's row.
func TestRefuteRecurringRelation(t *testing.T) {
	n, x, y := Var("n", 32), Var("x", 32), Var("y", 32)
	a := BNot(Sle(n, UDiv(x, Const(32, 32))))
	b := BNot(Sle(n, UDiv(y, Const(32, 32))))
	if !Refute([]*Term{a, b, BNot(BAnd(a, b))}) {
		t.Fatal("a ∧ b ∧ ¬(a ∧ b) not refuted")
	}
	if Refute([]*Term{a, BNot(BAnd(a, b))}) {
		t.Fatal("a ∧ ¬(a ∧ b) holds with ¬b: refuted wrongly")
	}
	// A fact that the intervals contradict still refutes.
	if !Refute([]*Term{Ult(x, Const(32, 4)), Ult(Const(32, 9), x)}) {
		t.Fatal("x < 4 ∧ x > 9 not refuted")
	}
}

// TestBoundsSigned: signed guards bound a variable that, read signed,
// does not cross 0; one that may be negative keeps its unsigned range.
func TestBoundsSigned(t *testing.T) {
	n, s := Var("n", 64), Var("s", 32)
	for _, c := range []struct {
		name   string
		cs     []*Term
		v      *Term
		lo, hi uint64
	}{
		{"positive size", []*Term{Sle(Int(64, 1), n), Sle(n, Int(64, 1<<38))}, n, 1, 1 << 38},
		{"negative", []*Term{Sle(Int(32, -8), s), Slt(s, Int(32, 0))}, s, 1<<32 - 8, 1<<32 - 1},
		{"crosses 0", []*Term{Sle(Int(32, -8), s), Sle(s, Int(32, 8))}, s, 0, 1<<32 - 1},
	} {
		lo, hi, ok := Bounds(c.cs, c.v)
		if !ok || lo != c.lo || hi != c.hi {
			t.Errorf("%s: Bounds = [%d, %d] %v, want [%d, %d]", c.name, lo, hi, ok, c.lo, c.hi)
		}
	}
}

// An operation a conjunct says does not wrap has its exact value: a
// product past the type's range under ¬mulovf is clipped to the range
// (and so is its sum with a small term), instead of taking the whole
// range; an exact value that cannot fit is a contradiction.
func TestRangesNoWrap(t *testing.T) {
	x, k, tx := Var("x", 32), Var("k", 32), Var("tx", 32)
	p := Mul(x, Int(32, 4608))
	sum := Add(p, k)
	cs := []*Term{Ult(x, Int(32, 1<<20)), Ult(k, Int(32, 4608)), Ult(tx, Int(32, 16))}
	if _, hi, _ := Bounds(cs, p); hi != 1<<32-1 {
		t.Errorf("product without a no-wrap conjunct: hi = %d, want the whole range", hi)
	}
	exact := append(append([]*Term(nil), cs...),
		BNot(Overflows(OpMulOvf, x, Int(32, 4608), true)), BNot(Overflows(OpAddOvf, p, k, true)))
	for _, v := range []*Term{p, sum} {
		if lo, hi, ok := Bounds(exact, v); !ok || lo != 0 || hi != 1<<31-1 {
			t.Errorf("%s: Bounds = [%d, %d] %v, want [0, 2^31-1]", v, lo, hi, ok)
		}
	}
	// The unsigned sum of the exact, non-negative int and a thread index
	// cannot wrap.
	if !Refute(append(exact, Overflows(OpAddOvf, sum, tx, false))) {
		t.Error("unsigned wrap of an exact non-negative int + tx not refuted")
	}
	// x >= 2^20: x × 4096 >= 2^32 cannot be an exact int.
	big := []*Term{Ule(Int(32, 1<<20), x), Ult(x, Int(32, 1<<21)), BNot(Overflows(OpMulOvf, x, Int(32, 4096), true))}
	if !Refute(big) {
		t.Error("an exact product that cannot fit its type not refuted")
	}
}
