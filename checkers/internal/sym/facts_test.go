package sym

import "testing"

// TestFactsSound checks the refutations that start from facts against
// brute force on small widths: two atoms as the facts, the negation of a
// third as the goal.
func TestFactsSound(t *testing.T) {
	x, y := Var("x", 4), Var("y", 4)
	atoms := soundAtoms(x, y)
	for i := range atoms {
		for j := range atoms {
			f := NewFacts([]*Term{atoms[i], atoms[j]})
			for k := range atoms {
				goal := []*Term{BNot(atoms[k])}
				cs := []*Term{atoms[i], atoms[j], goal[0]}
				if f.RefuteIntervals(goal) && satisfiable(cs, x, y) {
					t.Fatalf("RefuteIntervals(%v) = true, but it has a model", cs)
				}
				if r, m := f.DecideQuery(goal, nil, always, true); r && satisfiable(cs, x, y) {
					t.Fatalf("DecideQuery(%v) refuted it, but it has a model", cs)
				} else if m != nil && !holds(cs, m) {
					t.Fatalf("DecideQuery(%v) gave %v, which is not a model", cs, m)
				}
			}
		}
	}
}

// TestFactsRefute runs TestRefute's cases with every conjunct but the
// last as facts, derived once and shared by a second goal: the answers
// are Refute's, and a goal that narrows nothing the facts use leaves
// them as they were.
func TestFactsRefute(t *testing.T) {
	tid := Var("threadIdx.x", 32)
	n := Var("n", 64)
	t4 := Mul(ZExt(tid, 64), Const(64, 4))
	facts := NewFacts([]*Term{
		Ult(tid, Const(32, 1024)),
		Ule(n, Const(64, 1<<20)),
		Ule(Const(64, 1000), n),
	})
	cases := []struct {
		name string
		goal *Term
		want bool
	}{
		{"overflow ruled out", Overflows(OpMulOvf, ZExt(tid, 64), n, true), true},
		{"a thread within the row", Slt(Const(64, 4096), Add(t4, Const(64, 4))), true},
		{"split on a disjunction", BOr(Ult(n, Const(64, 999)), Eq(n, Const(64, 1<<21))), true},
		{"a case of the split holds", BOr(Ult(n, Const(64, 999)), Eq(n, Const(64, 1<<19))), false},
		{"satisfiable", Ult(SExt(tid, 64), n), false},
		{"unrelated", Eq(Var("k", 8), Const(8, 3)), false},
	}
	for _, c := range cases {
		all := append(append([]*Term(nil), facts.Conjuncts()...), c.goal)
		if got := facts.RefuteIntervals([]*Term{c.goal}); got != c.want {
			t.Errorf("%s: Facts.RefuteIntervals = %v, want %v", c.name, got, c.want)
		}
		if got := RefuteIntervals(all); got != c.want {
			t.Errorf("%s: RefuteIntervals = %v, want %v", c.name, got, c.want)
		}
		if got, _ := facts.DecideQuery([]*Term{c.goal}, nil, always, false); got != c.want {
			t.Errorf("%s: Facts.DecideQuery = %v, want %v", c.name, got, c.want)
		}
	}
	if !NewFacts([]*Term{Ult(n, Const(64, 3)), Ult(Const(64, 5), n)}).RefuteIntervals(nil) {
		t.Errorf("contradictory facts not refuted")
	}
}
