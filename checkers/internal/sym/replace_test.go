package sym

import "testing"

// Replace swaps a subterm (by key) and rebuilds through the constructors.
func TestReplace(t *testing.T) {
	a, b := Var("a", 32), Var("b", 32)
	prod := Mul(a, b)
	off := Mul(Resize(prod, 64, true), Const(64, 4))
	exact := Mul(Resize(a, 64, true), Resize(b, 64, true))
	got := Replace(off, Resize(prod, 64, true), exact)
	if want := Mul(exact, Const(64, 4)); got.Key() != want.Key() {
		t.Errorf("Replace = %v, want %v", got, want)
	}
	if Replace(off, Var("c", 64), exact) != off {
		t.Errorf("Replace of an absent term changed the term")
	}
}
