package sym

import "testing"

func TestFoldAndEval(t *testing.T) {
	x := Var("x", 32)
	if got := Add(x, Const(32, 0)); got != x {
		t.Errorf("x + 0 = %v, want x", got)
	}
	if v, ok := Mul(Const(32, 1<<20), Const(32, 1<<12)).Const(); !ok || v != 0 {
		t.Errorf("2^20 * 2^12 at 32 bits = %d, want 0 (wrap)", v)
	}
	ovf := Overflows(OpMulOvf, Int(32, 74899), Int(32, 28672), true)
	if !ovf.IsTrue() {
		t.Errorf("74899 * 28672 overflows int: got %v", ovf)
	}
	env := func(string) (uint64, bool) { return 0xffffffff, true }
	if v, err := Eval(SExt(x, 64), env); err != nil || v != ^uint64(0) {
		t.Errorf("sext64(-1) = %x, %v", v, err)
	}
}

func TestKeyIdentity(t *testing.T) {
	if Var("n", 32).Key() == Var("n", 64).Key() {
		t.Error("variables of different widths share a key")
	}
	if Add(Var("a", 8), Var("b", 8)).Key() != Add(Var("a", 8), Var("b", 8)).Key() {
		t.Error("equal terms have different keys")
	}
}

// TestKeySharing: a term whose subterms are shared (x ^ (x >> 3), 200
// times) has a printed form of exponential size; its key must stay small.
func TestKeySharing(t *testing.T) {
	x := Var("x", 32)
	for i := 0; i < 200; i++ {
		x = Xor(x, LShr(x, Const(32, 3)))
	}
	if k := x.Key(); len(k) > 64 {
		t.Errorf("key of %d bytes", len(k))
	}
	if s := x.String(); len(s) > maxPrint+8 {
		t.Errorf("String of %d bytes, want it cut", len(s))
	}
}
