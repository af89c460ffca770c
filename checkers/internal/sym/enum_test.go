package sym

import "testing"

// A lane's bit of the full mask is always set: ranges alone cannot see
// through the shift and the mask, enumerating the lane can.
func TestRefuteEnumeratesFewValues(t *testing.T) {
	tx := Var("threadIdx.x", 32)
	ty := Var("threadIdx.y", 32)
	lane := URem(Add(tx, Mul(ty, Const(32, 256))), Const(32, 32))
	bit := Eq(And(LShr(Const(32, 0xffffffff), lane), Const(32, 1)), Const(32, 0))
	cs := []*Term{Ult(tx, Const(32, 256)), Ult(ty, Const(32, 1)), BAnd(Ult(tx, Const(32, 300)), bit)}
	if !Refute(cs) {
		t.Fatal("the mask bit of a lane is 1, not refuted")
	}
	// One lane does not have its bit in 0x0000ffff: satisfiable, so not
	// refuted.
	half := Eq(And(LShr(Const(32, 0xffff), lane), Const(32, 1)), Const(32, 0))
	if Refute([]*Term{Ult(tx, Const(32, 256)), Ult(ty, Const(32, 1)), half}) {
		t.Fatal("lanes 16..31 are outside 0xffff: refuted wrongly")
	}
}

// Enumeration narrows: x % 8 = 7 with x < 16 leaves x in [7, 15], so
// x < 7 is refuted.
func TestEnumerateNarrows(t *testing.T) {
	x := Var("x", 32)
	cs := []*Term{Ult(x, Const(32, 16)), Eq(URem(x, Const(32, 8)), Const(32, 7)), Ult(x, Const(32, 7))}
	if !Refute(cs) {
		t.Fatal("x%8 = 7 ∧ x < 7 not refuted")
	}
	if Refute(cs[:2]) {
		t.Fatal("x%8 = 7 ∧ x < 16 refuted wrongly")
	}
}

// TestProgramIsEval: a compiled term's value is Eval's under every
// assignment, ites, connectives and shared subterms included.
func TestProgramIsEval(t *testing.T) {
	x, y := Var("x", 8), Var("y", 8)
	b := Var("b", 0)
	shared := Add(Mul(x, Const(8, 3)), y)
	terms := []*Term{
		Ult(shared, Const(8, 100)),
		BAnd(b, Eq(Ite(Ult(x, y), shared, Sub(x, y)), Const(8, 7))),
		BOr(BNot(b), Slt(URem(shared, y), UDiv(x, y)), Eq(x, y)),
		Eq(Trunc(ZExt(shared, 16), 4), Const(4, 5)),
	}
	for _, term := range terms {
		vars := term.Vars()
		p := compile(term, vars)
		vals := make([]uint64, len(vars))
		for k := 0; k < 1<<17; k += 7 {
			env := map[string]uint64{}
			for i, v := range vars {
				vals[i] = uint64(k>>(8*i)) & 0xff
				env[v.Name] = vals[i]
			}
			want, err := Eval(term, func(n string) (uint64, bool) { v, ok := env[n]; return v, ok })
			if err != nil {
				t.Fatal(err)
			}
			if got := p.run(vals); got != want {
				t.Fatalf("%s under %v: program %d, Eval %d", term, env, got, want)
			}
		}
	}
}
