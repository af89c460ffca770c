package sym

import "testing"

// Subst rebuilds only what mentions a replaced variable, once per shared
// subterm, and folds constants on the way.
func TestSubstSharesAndKeeps(t *testing.T) {
	d := Var("d", 32)
	x := Var("x", 32)
	row := Mul(x, d)
	kept := Add(x, Const(32, 1))
	t1 := Add(row, kept)
	t2 := Ult(row, Const(32, 100))
	m := map[string]*Term{"d": Const(32, 4)}
	out := SubstAll([]*Term{t1, t2, kept}, m)
	if out[2] != kept {
		t.Fatal("a term without d was rebuilt")
	}
	if out[0].Args[1] != kept {
		t.Fatal("the subterm without d was rebuilt")
	}
	if out[0].Args[0] != out[1].Args[0] {
		t.Fatal("the shared subterm x·d was rebuilt twice")
	}
	env := func(n string) (uint64, bool) { return 7, n == "x" }
	if v, err := Eval(out[0], env); err != nil || v != 7*4+8 {
		t.Fatalf("x·4 + x + 1 at x = 7: %d, %v", v, err)
	}
	if got := Subst(t2, map[string]*Term{"d": Const(32, 0)}); !got.IsTrue() {
		t.Fatalf("x·0 < 100 did not fold to true: %v", got)
	}
}
