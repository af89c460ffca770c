package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func c64(v int64) *sym.Term { return sym.Int(64, v) }

// profileSizes returns the launch-style restriction of two fixed sizes h
// and w to the values of profiles tied by selector sel: each profile p
// gives h three values and w three values, 20 profiles in all, so h and w
// have 60 values each (3,600 pairs) but only 180 under one profile.
func profileSizes(sel, h, w *sym.Term) []*sym.Term {
	var hdom, wdom, alts []*sym.Term
	for p := int64(0); p < 20; p++ {
		var hs, ws []*sym.Term
		for k := int64(0); k < 3; k++ {
			hv, wv := 64*(3*p+k+1), 128*(3*p+k+1)+1
			hs, ws = append(hs, sym.Eq(h, c64(hv))), append(ws, sym.Eq(w, c64(wv)))
		}
		hdom, wdom = append(hdom, hs...), append(wdom, ws...)
		alts = append(alts, sym.BAnd(sym.Eq(sel, c64(p)), sym.BOr(hs...), sym.BOr(ws...)))
	}
	return []*sym.Term{sym.Sle(c64(0), sel), sym.Slt(sel, c64(20)), sym.BOr(hdom...), sym.BOr(wdom...), sym.BOr(alts...),
		sym.Sle(c64(1), h), sym.Sle(h, c64(64*60)), sym.Sle(c64(1), w), sym.Sle(w, c64(128*60+1))}
}

// Row-major indexing with both sizes fixed per profile: split on the
// selector first, every case is linear and refuted below the solver.
func TestSplitSelectorFirst(t *testing.T) {
	sel, h, w := sym.Var("@model", 64), sym.Var("h", 64), sym.Var("w", 64)
	i, j := sym.Var("i", 64), sym.Var("j", 64)
	cs := append(profileSizes(sel, h, w),
		sym.Sle(c64(0), i), sym.Slt(i, h), sym.Sle(c64(0), j), sym.Slt(j, w))
	goal := sym.Sle(sym.Mul(h, w), sym.Add(sym.Mul(i, w), j)) // i·w + j ≥ h·w
	f := &fake{answer: func(context.Context, Query) (Result, Model, error) { return Unknown, nil, nil }}
	if r, _, _ := NewSplit(f).Check(context.Background(), query(goal, cs...)); r != Unsat || f.count() != 0 {
		t.Errorf("Check = %v after %d solver calls, want unsat without the solver", r, f.count())
	}
	if v, vals := splitVar(query(goal, cs...), maxCases); v == nil || v.Name != "@model" || len(vals) != 20 {
		t.Errorf("splitVar = %v (%d values), want @model (20)", v, len(vals))
	}
}

// A Sat case is found under the profile that has it, and the model names
// the selector and the sizes of that case.
func TestSplitSelectorSat(t *testing.T) {
	sel, h, w := sym.Var("@model", 64), sym.Var("h", 64), sym.Var("w", 64)
	i := sym.Var("i", 64)
	n := sym.Var("n", 64)
	cs := append(profileSizes(sel, h, w), sym.Sle(c64(0), i), sym.Slt(i, h), sym.Sle(sym.Mul(h, w), n))
	goal := sym.Eq(sym.Mul(i, w), c64(100*(128*7+1))) // w = 128·7+1 is profile 2's
	f := &fake{answer: func(_ context.Context, q Query) (Result, Model, error) {
		// Sat exactly when the case has w = 128·7+1 (i = 100).
		for _, c := range q.Terms() {
			if c.Op == sym.OpEq && c.Args[1].Op == sym.OpConst && c.Args[1].Val == 100*(128*7+1) {
				return Sat, Model{"i": 100}, nil
			}
		}
		return Unsat, nil, nil
	}}
	r, m, err := NewSplit(f).Check(context.Background(), query(goal, cs...))
	if err != nil || r != Sat {
		t.Fatalf("Check = %v, %v; want sat", r, err)
	}
	if m["@model"] != 2 || m["w"] != 128*7+1 {
		t.Errorf("model %v, want @model=2 w=%d", m, 128*7+1)
	}
}

// Two restrictions of one variable intersect: the split takes the values
// both allow, and cases no value survives in cost nothing.
func TestSplitDomainsIntersect(t *testing.T) {
	h, i := sym.Var("h", 64), sym.Var("i", 64)
	var wide, narrow []*sym.Term
	for v := int64(1); v <= 90; v++ {
		wide = append(wide, sym.Eq(h, c64(v)))
	}
	narrow = append(narrow, sym.Eq(h, c64(3)), sym.Eq(h, c64(5)), sym.Eq(h, c64(500)))
	q := query(sym.Eq(sym.Mul(i, h), c64(7)), sym.BOr(wide...), sym.BOr(narrow...), sym.Ult(i, c64(100)))
	v, vals := splitVar(q, maxCases)
	if v == nil || len(vals) != 2 || vals[0] != 3 || vals[1] != 5 {
		t.Fatalf("splitVar = %v %v, want h [3 5]", v, vals)
	}
}

// A 32-bit size restricted in 64-bit launch arithmetic, sext(v) = c, is
// a domain of v itself; a value the extension cannot give is dropped.
func TestSplitWidenedDomain(t *testing.T) {
	v, i := sym.Var("vocab_size", 32), sym.Var("i", 64)
	w := sym.SExt(v, 64)
	dom := sym.BOr(sym.Eq(w, c64(32000)), sym.Eq(w, c64(32001)), sym.Eq(w, c64(1<<40)))
	q := query(sym.Eq(sym.Mul(i, w), c64(7)), dom)
	got, vals := splitVar(q, maxCases)
	if got == nil || got.Name != "vocab_size" || len(vals) != 2 || vals[0] != 32000 || vals[1] != 32001 {
		t.Fatalf("splitVar = %v %v, want vocab_size [32000 32001]", got, vals)
	}
}

// TestSplitSharesWork: the cases of one query share its work grant (a
// quarter each) and stop after maxUnknownLeaves undecided ones, instead
// of each taking the whole grant.
func TestSplitSharesWork(t *testing.T) {
	x, k := v8("x"), v8("k")
	var alts []*sym.Term
	for c := uint64(1); c <= 40; c++ {
		alts = append(alts, sym.Eq(k, c8(c)))
	}
	// x·k = 255 through an xor: satisfiable (x = 255, k = 1), but not at
	// the lower corner the range step's guess tries.
	xk := sym.Mul(x, k)
	q := query(sym.BAnd(sym.Ult(c8(250), xk), sym.Eq(sym.Xor(xk, c8(0x5a)), c8(0xa5))), sym.BOr(alts...))
	var grants []uint64
	f := &fake{answer: func(ctx context.Context, _ Query) (Result, Model, error) {
		grants = append(grants, WorkOf(ctx))
		return Unknown, nil, nil
	}}
	r, _, _ := NewSplit(f).Check(WithWork(context.Background(), 1000), q)
	if r != Unknown {
		t.Fatalf("Check = %v, want unknown", r)
	}
	if len(grants) != maxUnknownLeaves {
		t.Errorf("%d cases asked, want %d", len(grants), maxUnknownLeaves)
	}
	for _, g := range grants {
		if g != 1000/leafWorkShare {
			t.Errorf("a case was granted %d units, want %d", g, 1000/leafWorkShare)
			break
		}
	}
}

// A value the split variable's own guards rule out (d % 8 ≠ 0, d past
// its TORCH_CHECK bound) is no case: admits rejects it before the query
// is substituted.
func TestSplitOwnGuards(t *testing.T) {
	d, x := sym.Var("d", 64), sym.Var("x", 64)
	var dom []*sym.Term
	for _, v := range []int64{12, 16, 20, 64, 8192} {
		dom = append(dom, sym.Eq(d, c64(v)))
	}
	cs := []*sym.Term{sym.BOr(dom...), sym.Eq(sym.URem(d, c64(8)), c64(0)), sym.Ule(d, c64(4096)), sym.Ult(x, sym.Mul(d, c64(3)))}
	q := query(sym.Ult(sym.Mul(x, d), c64(1)), cs...)
	v, vals := splitVar(q, maxCases)
	if v == nil || v.Name != "d" {
		t.Fatalf("splitVar = %v, want d", v)
	}
	own := ownConjuncts(q, v)
	if len(own) != 3 {
		t.Fatalf("own conjuncts = %v, want d's domain and its two guards", own)
	}
	var kept []uint64
	for _, c := range vals {
		if admits(own, v, c) {
			kept = append(kept, c)
		}
	}
	if len(kept) != 2 || kept[0] != 16 || kept[1] != 64 {
		t.Errorf("admitted %v, want [16 64]", kept)
	}
}

// splitVarCombos counts the cases the products' few-valued factors make
// together: a case with more than maxSplitOn of them is tried whole by
// the range step before it is split further.
func TestSplitCombos(t *testing.T) {
	d, e, x := sym.Var("d", 64), sym.Var("e", 64), sym.Var("x", 64)
	dom := func(v *sym.Term, n int64) *sym.Term {
		var alts []*sym.Term
		for k := int64(1); k <= n; k++ {
			alts = append(alts, sym.Eq(v, c64(8*k)))
		}
		return sym.BOr(alts...)
	}
	q := query(sym.Ult(sym.Mul(sym.Mul(x, d), e), c64(1)), dom(d, 9), dom(e, 10), sym.Ult(x, c64(100)))
	v, vals, combos := splitVarCombos(q, maxCases)
	if v == nil || len(vals) == 0 || combos != 90 {
		t.Errorf("splitVarCombos = %v, %d values, %d cases; want 90 cases", v, len(vals), combos)
	}
}

// TestCasesRefute: a query that only its cases refute (no interval bound
// of the whole rules it out) is refuted without a solver; a satisfiable
// one, or one a case of which the cheap steps leave open, is not.
func TestCasesRefute(t *testing.T) {
	d, x := sym.Var("d", 64), sym.Var("x", 64)
	dom := sym.BOr(sym.Eq(d, c64(2)), sym.Eq(d, c64(4)))
	cons := []*sym.Term{dom, sym.Sle(c64(0), x), sym.Sle(x, c64(70))}
	// d = 2: 2x <= 140; d = 4: x <= 30 makes 4x <= 120.
	refuted := sym.BAnd(sym.Sle(c64(150), sym.Mul(d, x)), sym.BOr(sym.Eq(d, c64(2)), sym.Sle(x, c64(30))))
	if !CasesRefute(Query{Constraints: cons, Goal: refuted}) {
		t.Error("cases of d: not refuted")
	}
	sat := sym.Sle(c64(150), sym.Mul(d, x)) // d = 4, x = 40
	if CasesRefute(Query{Constraints: cons, Goal: sat}) {
		t.Error("satisfiable query refuted")
	}
}

// TestRangeStepAnswersSat: a query satisfiable at the lower corner of its
// bounds is answered by the range step with that model (checked by
// evaluation), without the next solver; one it cannot read is passed on.
func TestRangeStepAnswersSat(t *testing.T) {
	x, y := v8("x"), v8("y")
	calls := 0
	f := &fake{answer: func(context.Context, Query) (Result, Model, error) {
		calls++
		return Unknown, nil, nil
	}}
	s := NewRanges(f)
	q := query(sym.Ult(sym.Add(x, y), c8(20)), sym.Ule(c8(3), x), sym.Ult(y, c8(8)))
	r, m, _ := s.Check(context.Background(), q)
	if r != Sat || calls != 0 {
		t.Fatalf("Check = %v after %d solver calls, want sat without one", r, calls)
	}
	if m["x"] != 3 || m["y"] != 0 {
		t.Errorf("model %v, want x = 3, y = 0", m)
	}
	m["x"] = 99 // the caller's copy
	if _, m2, _ := s.Check(context.Background(), q); m2["x"] != 3 {
		t.Errorf("a caller's change to the model reached the memo: %v", m2)
	}
	hidden := query(sym.Eq(sym.Xor(sym.Add(x, y), c8(0x5a)), c8(0xa5)), sym.Ule(c8(3), x))
	if r, _, _ := s.Check(context.Background(), hidden); r != Unknown || calls != 1 {
		t.Errorf("Check(hidden) = %v after %d calls, want the next solver's unknown", r, calls)
	}
}

// A few-valued size whose own guards leave one value (groups × 128 =
// in_channels, an equation Split has no product to split on) is
// substituted before the solver sees the query, and a model of the rest
// is extended by it; one whose guards leave no value makes the query
// Unsat without a solver.
func TestSplitNarrowsOwnGuards(t *testing.T) {
	g, i, j := sym.Var("groups", 64), sym.Var("i", 64), sym.Var("j", 64)
	var dom []*sym.Term
	for _, v := range []int64{8, 32, 56, 64} {
		dom = append(dom, sym.Eq(g, c64(v)))
	}
	cs := []*sym.Term{sym.BOr(dom...), sym.Sle(c64(0), i), sym.Slt(i, c64(1<<20)), sym.Sle(c64(0), j), sym.Slt(j, c64(1<<20))}
	var asked []Query
	f := &fake{answer: func(_ context.Context, q Query) (Result, Model, error) {
		asked = append(asked, q)
		return Sat, Model{"i": 1001, "j": 7}, nil
	}}
	prod := sym.Eq(sym.Mul(i, j), c64(1001*7))
	goal := sym.BAnd(sym.Eq(sym.Mul(g, c64(128)), c64(4096)), prod)
	r, m, err := NewSplit(f).Check(context.Background(), query(goal, cs...))
	if err != nil || r != Sat || m["groups"] != 32 || m["i"] != 1001 {
		t.Fatalf("Check = %v %v %v, want sat with groups = 32", r, m, err)
	}
	if len(asked) == 0 {
		t.Fatal("the solver was not asked")
	}
	for _, q := range asked {
		if vs, _ := q.Vars(); slices.ContainsFunc(vs, func(v *sym.Term) bool { return v.Name == "groups" }) {
			t.Errorf("the solver was asked about groups: %v", q.Terms())
		}
	}
	asked = nil
	none := sym.BAnd(sym.Eq(sym.Mul(g, c64(128)), c64(4000)), prod)
	if r, _, _ := NewSplit(f).Check(context.Background(), query(none, cs...)); r != Unsat || len(asked) != 0 {
		t.Errorf("no value of groups left: %v after %d solver calls, want unsat without one", r, len(asked))
	}
}
