package launch

import (
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// TestGCD: std::gcd of two constants is computed, and of a constant and a
// size it is the largest divisor of the constant dividing the size, for
// every value of the size; a call without a constant operand, or of
// another function, is not computed.
func TestGCD(t *testing.T) {
	u32 := &ir.IntType{Bits: 32, Name: "uint32_t"}
	i64 := &ir.IntType{Bits: 64, Signed: true, Name: "int64_t"}
	c := func(w int, v uint64) value { return value{t: sym.Const(w, v)} }
	if v, ok := gcd("gcd", []value{c(32, 12), c(32, 18)}, u32); !ok || !constIs(v, 6) {
		t.Errorf("gcd(12, 18) = %v, %v; want 6", v.t, ok)
	}
	if v, ok := gcd("__gcd", []value{c(64, uint64(1<<64-12)), c(64, 18)}, i64); !ok || !constIs(v, 6) {
		t.Errorf("__gcd(-12, 18) = %v, %v; want 6", v.t, ok)
	}
	d := sym.Var("d", 32)
	for _, tc := range []struct{ c, d, want uint64 }{{4, 152064, 4}, {4, 18946, 2}, {4, 50257, 1}, {16, 8008, 8}, {4, 0, 4}, {12, 18, 6}} {
		for _, args := range [][]value{{c(32, tc.c), {t: d}}, {{t: d}, c(32, tc.c)}} {
			v, ok := gcd("gcd<unsigned long, unsigned int>", args, u32)
			if !ok {
				t.Fatalf("gcd(%d, d) not computed", tc.c)
			}
			got := sym.Subst(v.t, map[string]*sym.Term{"d": sym.Const(32, tc.d)})
			if g, isConst := got.Const(); !isConst || g != tc.want {
				t.Errorf("gcd(%d, d) at d = %d is %v, want %d", tc.c, tc.d, got, tc.want)
			}
		}
	}
	for name, args := range map[string][]value{
		"gcd": {{t: d}, {t: sym.Var("e", 32)}},
		"lcm": {c(32, 4), {t: d}},
	} {
		if _, ok := gcd(name, args, u32); ok {
			t.Errorf("%s(%v) computed", name, args)
		}
	}
}

func constIs(v value, want uint64) bool {
	c, ok := v.t.Const()
	return ok && c == want
}
