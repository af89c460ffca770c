package solver

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func TestMinimizeUnsigned(t *testing.T) {
	f := &fake{}
	a := v8("a")
	// a*3 wraps from a = 86 on (85*3 = 255).
	v, m, r, err := Minimize(context.Background(), f, query(sym.Overflows(sym.OpMulOvf, a, c8(3), false)), a, false)
	if err != nil || r != Sat || v != 86 || m["a"] != 86 {
		t.Errorf("Minimize = %d, %v, %v, %v; want 86 with a=86", v, m, r, err)
	}
	if f.count() > 9 {
		t.Errorf("%d checks, want at most width+1 = 9", f.count())
	}
}

func TestMinimizeSigned(t *testing.T) {
	a := v8("a")
	for _, tc := range []struct {
		q    Query
		want int64
	}{
		{query(sym.Sgt(a, sym.Int(8, -5))), -4},
		{query(sym.Overflows(sym.OpMulOvf, a, c8(3), true)), -128},
		{query(sym.BAnd(sym.Overflows(sym.OpMulOvf, a, c8(3), true), sym.Sgt(a, c8(0)))), 43},
	} {
		v, m, r, err := Minimize(context.Background(), &fake{}, tc.q, a, true)
		if got := sym.SignExtend(v, 8); err != nil || r != Sat || got != tc.want || m["a"] != v {
			t.Errorf("%v: Minimize = %d, %v, %v, %v; want %d", tc.q.Goal, got, m, r, err, tc.want)
		}
	}
}

func TestMinimizeUnsat(t *testing.T) {
	a := v8("a")
	_, m, r, err := Minimize(context.Background(), &fake{}, query(sym.Ult(a, c8(3)), sym.Ugt(a, c8(5))), a, false)
	if err != nil || r != Unsat || m != nil {
		t.Errorf("Minimize = %v, %v, %v; want unsat", m, r, err)
	}
}

// TestMinimizeUnknown: a check that gives up ends the search with the
// best value so far, an upper bound.
func TestMinimizeUnknown(t *testing.T) {
	f := &fake{}
	var b Brute
	f.answer = func(ctx context.Context, q Query) (Result, Model, error) {
		if f.count() > 2 {
			return Unknown, nil, nil
		}
		return b.Check(ctx, q)
	}
	a := v8("a")
	// a ^ 85 > 200: no interval bounds a from below, so the search bisects.
	v, m, r, err := Minimize(context.Background(), f, query(sym.Ugt(sym.Xor(a, c8(85)), c8(200))), a, false)
	if err != nil || r != Unknown || m["a"] != v {
		t.Errorf("Minimize = %d, %v, %v, %v; want unknown with an upper bound", v, m, r, err)
	}
}

// TestMinimizeRangeBound: where range reasoning bounds v from below
// exactly, the minimum takes two checks, not a bisection.
func TestMinimizeRangeBound(t *testing.T) {
	f := &fake{}
	var b Brute
	f.answer = func(ctx context.Context, q Query) (Result, Model, error) { return b.Check(ctx, q) }
	a := v8("a")
	v, _, r, err := Minimize(context.Background(), f, query(sym.Ugt(a, c8(200))), a, false)
	if err != nil || r != Sat || v != 201 || f.count() > 2 {
		t.Errorf("Minimize = %d, %v, %v after %d checks; want 201, sat after at most 2", v, r, err, f.count())
	}
}

// TestMinimizeUnrelatedTerm: v's variables need not appear in q; through
// independence slicing the bound still reaches the solver.
func TestMinimizeUnrelatedTerm(t *testing.T) {
	c := NewChain(&fake{}, Options{Independence: true, Cache: true})
	a, b := v8("a"), v8("b")
	v, m, r, err := Minimize(context.Background(), c, query(sym.Ugt(a, c8(3))), sym.Add(b, c8(10)), false)
	if err != nil || r != Sat || v != 0 || m["b"] != 246 {
		t.Errorf("Minimize = %d, %v, %v, %v; want 0 at b=246", v, m, r, err)
	}
}

func TestMinimizeAgreesWithEnumeration(t *testing.T) {
	g := newGen(5)
	ctx := context.Background()
	for i := 0; i < 60; i++ {
		q := query(g.Bool(2), g.Bool(1))
		w := []int{3, 4}[i%2]
		v := g.BV(w, 2)
		signed := i%3 == 0
		got, m, r, err := Minimize(ctx, &Brute{}, q, v, signed)
		want, ok := enumerateMin(q, v, signed)
		switch {
		case err != nil:
			t.Fatal(err)
		case !ok && r != Unsat, ok && r != Sat:
			t.Fatalf("%v min %v: %v, want sat=%v", q, v, r, ok)
		case ok && got != want:
			t.Fatalf("%v min %v (signed %v): %d, want %d", q, v, signed, got, want)
		case ok && !Satisfies(m, q):
			t.Fatalf("%v: model %v does not satisfy it", q, m)
		}
	}
}

// enumerateMin returns the least value of v over all models of q.
func enumerateMin(q Query, v *sym.Term, signed bool) (uint64, bool) {
	vars, _ := Query{Constraints: q.Terms(), Goal: sym.Ule(v, sym.Const(v.Width, sym.Mask(v.Width)))}.Vars()
	bits := 0
	for _, x := range vars {
		bits += max(x.Width, 1)
	}
	best, found := uint64(0), false
	less := func(x, y uint64) bool {
		if signed {
			return sym.SignExtend(x, v.Width) < sym.SignExtend(y, v.Width)
		}
		return x < y
	}
	m := Model{}
	for n := uint64(0); n < 1<<uint(bits); n++ {
		assign(m, vars, n)
		if !Satisfies(m, q) {
			continue
		}
		x, _ := sym.Eval(v, m.Env())
		if !found || less(x, best) {
			best, found = x, true
		}
	}
	return best, found
}

// TestMinimizeValueSignedRangeBound: in signed order too, MinimizeValue
// tries range reasoning's lower bound first: an offset bounded below
// exactly (a > -20, the first model far above) takes two checks.
func TestMinimizeValueSignedRangeBound(t *testing.T) {
	f := &fake{}
	var b Brute
	f.answer = func(ctx context.Context, q Query) (Result, Model, error) {
		r, m, err := b.Check(ctx, q)
		if r == Sat && f.count() == 1 {
			m = Model{"a": 100} // the solver's first model is far from the minimum
		}
		return r, m, err
	}
	a := v8("a")
	v, r, err := MinimizeValue(context.Background(), f, query(sym.Sgt(a, sym.Int(8, -20))), a, true)
	if got := sym.SignExtend(v, 8); err != nil || r != Sat || got != -19 || f.count() > 2 {
		t.Errorf("MinimizeValue = %d, %v, %v after %d checks; want -19, sat after at most 2", got, r, err, f.count())
	}
}

// TestMinimizeValueAgrees: MinimizeValue's value is Minimize's, signed
// and unsigned, on random queries.
func TestMinimizeValueAgrees(t *testing.T) {
	g := newGen(11)
	ctx := context.Background()
	for i := 0; i < 60; i++ {
		q := query(g.Bool(2), g.Bool(1))
		v := g.BV([]int{3, 4}[i%2], 2)
		signed := i%2 == 0
		want, _, wr, err := Minimize(ctx, &Brute{}, q, v, signed)
		if err != nil {
			t.Fatal(err)
		}
		got, r, err := MinimizeValue(ctx, &Brute{}, q, v, signed)
		if err != nil || r != wr || (r == Sat && got != want) {
			t.Fatalf("%v min %v (signed %v): MinimizeValue %d %v %v, Minimize %d %v", q, v, signed, got, r, err, want, wr)
		}
	}
}
