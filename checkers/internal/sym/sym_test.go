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

// Overflow predicates that magnitudes rule out are False; the others stay,
// and the bounds agree with evaluation on extreme values.
func TestCannotOverflow(t *testing.T) {
	a32, b32 := Var("a", 32), Var("b", 32)
	za, sb := ZExt(a32, 64), SExt(b32, 64)
	if got := Overflows(OpMulOvf, za, sb, true); !got.IsFalse() {
		t.Errorf("zext32 * sext32 in 64 bits: %s, want false", got)
	}
	if got := Overflows(OpAddOvf, sb, SExt(a32, 64), true); !got.IsFalse() {
		t.Errorf("sext32 + sext32 in 64 bits: %s, want false", got)
	}
	if got := Overflows(OpMulOvf, Mul(za, Const(64, 2)), sb, true); got.IsFalse() {
		t.Errorf("(zext32 * 2) * sext32 may overflow 64 bits, got false")
	}
	if got := Overflows(OpMulOvf, a32, b32, true); got.IsFalse() {
		t.Error("a 32-bit product may overflow")
	}
	if got := Overflows(OpMulOvf, ZExt(Var("c", 16), 32), ZExt(Var("d", 16), 32), false); !got.IsFalse() {
		t.Errorf("16-bit values widened to 32: %s, want false", got)
	}
	// The extremes: (2^32-1) * -2^31 and (-2^31) * (-2^31) fit int64.
	for _, tc := range [][2]uint64{{1<<32 - 1, 1 << 31}, {1<<32 - 1, 1<<31 - 1}} {
		p := Overflows(OpMulOvf, Const(64, tc[0]), SExt(Const(32, tc[1]), 64), true)
		if !p.IsFalse() {
			t.Errorf("%d * sext(%d) overflows by evaluation", tc[0], tc[1])
		}
	}
}
