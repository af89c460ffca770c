package concrete

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/cudavet/cudavet/frontend/ir"
)

// TestArithAgainstBig checks + - * << and narrowing on random operands of
// every type against math/big: the wrapped result and whether the
// mathematical result leaves the type.
func TestArithAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	types := []*ir.IntType{
		{Bits: 32, Signed: true, Name: "int"}, {Bits: 32, Name: "unsigned int"},
		{Bits: 64, Signed: true, Name: "int64_t"}, {Bits: 64, Name: "uint64_t"},
	}
	node := &ir.Binary{}
	for _, ty := range types {
		lo, hi := bigMin(ty), bigMax(ty)
		for range 20000 {
			x, y := randVal(rng, ty), randVal(rng, ty)
			for _, op := range []ir.BinOp{ir.Add, ir.Sub, ir.Mul} {
				m := &machine{res: &Result{}}
				got := m.arith(node, op, x, y, ty)
				want := exact(op, x, y, ty.Signed)
				ovf := want.Cmp(lo) < 0 || want.Cmp(hi) > 0
				if got != wrap(want, ty) || ovf != (len(m.res.Overflows) == 1) {
					t.Fatalf("%s %d %s %d = %d (overflows %v), want %d (%v)", ty, x, op, y, got, m.res.Overflows, wrap(want, ty), ovf)
				}
				if ovf && m.res.Overflows[0].Value != want.String() {
					t.Fatalf("%s %d %s %d: value %s, want %s", ty, x, op, y, m.res.Overflows[0].Value, want)
				}
			}
			c := int64(rng.Intn(ty.Bits))
			m := &machine{res: &Result{}}
			got := m.shl(node, x, c, ty)
			want := mathVal(x, ty.Signed)
			want.Lsh(want, uint(c))
			ovf := want.Cmp(lo) < 0 || want.Cmp(hi) > 0
			if got != wrap(want, ty) || ovf != (len(m.res.Overflows) == 1) {
				t.Fatalf("%s %d << %d = %d (overflows %v), want %d (%v)", ty, x, c, got, m.res.Overflows, wrap(want, ty), ovf)
			}
		}
	}
	// Narrowing from each type to each narrower one.
	for _, src := range types {
		for _, dst := range append(types, &ir.IntType{Bits: 8, Signed: true, Name: "signed char"}, &ir.IntType{Bits: 16, Name: "unsigned short"}) {
			if dst.Bits >= src.Bits {
				continue
			}
			for range 5000 {
				x := randVal(rng, src)
				m := &machine{res: &Result{}}
				conv := &ir.Convert{X: &ir.Const{T: src}, T: dst}
				got := m.narrow(conv, x, dst)
				v := mathVal(x, src.Signed)
				ovf := v.Cmp(bigMin(dst)) < 0 || v.Cmp(bigMax(dst)) > 0
				if got != wrap(v, dst) || ovf != (len(m.res.Overflows) == 1) {
					t.Fatalf("(%s)(%s)%d = %d (overflows %v), want %d (%v)", dst, src, x, got, m.res.Overflows, wrap(v, dst), ovf)
				}
			}
		}
	}
}

// randVal returns a canonical value of t, often near the edges.
func randVal(rng *rand.Rand, t *ir.IntType) int64 {
	var v int64
	switch rng.Intn(4) {
	case 0:
		v = int64(rng.Intn(200)) - 100
	case 1:
		v = int64(rng.Uint64() >> uint(rng.Intn(64)))
	case 2:
		v = int64(bigMax(t).Uint64()) - int64(rng.Intn(3))
	default:
		v = int64(rng.Uint64())
	}
	return ir.Truncate(t, v)
}

func bigMin(t *ir.IntType) *big.Int { return big.NewInt(t.Min()) }
func bigMax(t *ir.IntType) *big.Int { return new(big.Int).SetUint64(t.Max()) }

// wrap reduces v modulo 2^bits into t's canonical int64 form.
func wrap(v *big.Int, t *ir.IntType) int64 {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	r := new(big.Int).Mod(v, mod)
	return ir.Truncate(t, int64(r.Uint64()))
}
