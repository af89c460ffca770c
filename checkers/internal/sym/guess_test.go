package sym

import (
	"maps"
	"testing"
)

// A path's feasibility at the lower corner: the sizes at their smallest
// allowed value, the ids at 0, a loop index defined through a widening
// equality from the others.
func TestGuessFeasiblePath(t *testing.T) {
	m32, tid := Var("M", 32), Var("threadIdx.x", 32)
	bid, iter, col := Var("blockIdx.x", 32), Var("iter", 64), Var("ind.col", 32)
	grid := Trunc(SDiv(Sub(Add(SExt(m32, 64), c64(4)), c64(1)), c64(4)), 32)
	cs := []*Term{
		Sle(c64(1), SExt(m32, 64)), Sle(SExt(m32, 64), c64(1<<20)),
		Eq(SExt(col, 64), Add(SExt(URem(tid, c32(64)), 64), Mul(iter, c64(64)))),
		Ule(c32(1), grid), Ult(tid, c32(256)), Ult(bid, grid),
		Ule(iter, c64(1<<32)),
		// The check's goal at that corner: the column is in the row.
		Slt(col, c32(28672)),
	}
	m, ok := Guess(cs)
	if !ok {
		t.Fatal("Guess found no model")
	}
	for _, c := range cs {
		if x, err := Eval(c, func(n string) (uint64, bool) { v, ok := m[n]; return v, ok }); err != nil || x != 1 {
			t.Fatalf("model %v does not satisfy %v", m, c)
		}
	}
	if m["M"] != 1 || m["threadIdx.x"] != 0 || m["ind.col"] != 0 {
		t.Errorf("model %v, want M = 1 and the ids and the column at 0", m)
	}
	again, _ := Guess(cs)
	if !maps.Equal(m, again) {
		t.Errorf("Guess is not a function of its input: %v, then %v", m, again)
	}
}

// A conjunction whose models are away from the lower corner (or that has
// none) gets no guess: Guess never answers wrongly, it only gives up.
func TestGuessGivesUp(t *testing.T) {
	x, y := Var("x", 32), Var("y", 32)
	cases := map[string][]*Term{
		"xor hides the value": {Ult(c32(10), x), Eq(Xor(x, c32(0x5a)), c32(0xa5))},
		"unsatisfiable":       {Ult(x, c32(4)), Ult(y, x), Eq(Mul(x, y), c32(100))},
		"two threads apart":   {Ult(x, c32(256)), Ult(y, c32(256)), Ne(x, y), Eq(URem(x, c32(32)), URem(y, c32(32)))},
	}
	for name, cs := range cases {
		if m, ok := Guess(cs); ok {
			// A model that holds is a right answer; say so only if it
			// does not.
			for _, c := range cs {
				if v, err := Eval(c, func(n string) (uint64, bool) { v, ok := m[n]; return v, ok }); err != nil || v != 1 {
					t.Errorf("%s: Guess returned %v, which falsifies %v", name, m, c)
				}
			}
			if name != "two threads apart" {
				t.Errorf("%s: Guess = %v, want none", name, m)
			}
		}
	}
}

// DecideQuery answers the intervals' refutation first, then the guess,
// and runs the linear step only when both fail.
func TestDecideQuery(t *testing.T) {
	i, n, s := Var("i", 64), Var("n", 64), Var("s", 64)
	bounds := []*Term{Ult(i, n), Ule(c64(1), n), Ule(n, c64(1<<20)), Ule(c64(1), s), Ule(s, c64(1<<20))}
	// i < n → i + s < n + s: refuted by the linear step.
	unsat := append(append([]*Term(nil), bounds...), Ule(Add(n, s), Add(i, s)))
	if r, m := DecideQuery(unsat, nil, always, true); !r || m != nil {
		t.Errorf("DecideQuery(unsat) = %v %v, want refuted", r, m)
	}
	sat := append(append([]*Term(nil), bounds...), Ult(Add(i, s), c64(5)))
	r, m := DecideQuery(sat, nil, always, true)
	if r || m == nil {
		t.Fatalf("DecideQuery(sat) = %v %v, want a model", r, m)
	}
	if m["i"] != 0 || m["n"] != 1 || m["s"] != 1 {
		t.Errorf("model %v, want the lower corner i = 0, n = s = 1", m)
	}
	if r, m := DecideQuery(sat, nil, always, false); r || m != nil {
		t.Errorf("DecideQuery without guess = %v %v, want neither", r, m)
	}
}
