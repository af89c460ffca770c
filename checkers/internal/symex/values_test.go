package symex

import (
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// TestValueProbe: a violation no witness can make hold for every value of
// its unknown inputs is settled without the solver, and only then; a
// value the unknown's constraints do not admit for every anchored input
// never settles one.
func TestValueProbe(t *testing.T) {
	n := sym.Var("n", 64)         // a fixed size, 1..4096
	i := sym.Var("i", 64)         // a choice below n
	length := sym.Var("len", 64)  // a tensor's length nothing ties to the launch
	load := sym.Var("load", 64)   // a value loaded from the input
	short := sym.Var("short", 64) // an unknown at most n
	one := sym.Const(64, 1)
	tr := &Trace{
		Vars: map[string]*VarInfo{
			"n":     {Term: n, Class: Fixed},
			"i":     {Term: i, Class: Choice, Deps: []string{"n"}},
			"len":   {Term: length, Class: Unknown},
			"load":  {Term: load, Class: Unknown},
			"short": {Term: short, Class: Unknown},
		},
		Assumptions: []*sym.Term{
			sym.Ule(one, n), sym.Ule(n, sym.Const(64, 4096)),
			sym.Ule(sym.Mul(n, sym.Const(64, 4)), length), sym.Ule(length, sym.Const(64, 1<<38)),
			sym.Ule(one, short), sym.Ule(short, n),
		},
	}
	slot, slot2 := sym.Var("slot", 64), sym.Var("slot'", 64) // two threads' loaded slots
	tr.Vars["slot"] = &VarInfo{Term: slot, Class: Unknown}
	tr.Vars["slot'"] = &VarInfo{Term: slot2, Class: Unknown}
	pc := []*sym.Term{sym.Ult(i, n), sym.Sle(sym.Const(64, 0), slot), sym.Sle(sym.Const(64, 0), slot2),
		sym.BNot(sym.Overflows(sym.OpMulOvf, slot, sym.Const(64, 4096), true)),
		sym.BNot(sym.Overflows(sym.OpMulOvf, slot2, sym.Const(64, 4096), true))}
	for _, c := range []struct {
		name string
		viol *sym.Term
		want bool
	}{
		// At its largest length the tensor holds every index below n.
		{"index past an unknown length", sym.Uge(i, length), true},
		// A loaded index is in range at 0.
		{"loaded index", sym.Uge(load, length), true},
		// Holds at every value of len: no value undoes it.
		{"robust", sym.Ule(length, sym.Add(length, one)), false},
		// short = 4096 would falsify it, but only n = 4096 admits that
		// value: for n = 100 every admissible short violates.
		{"inadmissible value", sym.Ne(short, sym.Const(64, 4096)), false},
		// Two threads write one row only when their slots agree: the
		// path bounds the slots (not negative, the address fits), and
		// slots 0 and 1 differ where the highest would overflow.
		{"two loaded slots", sym.Eq(sym.Mul(slot, sym.Const(64, 4096)), sym.Mul(slot2, sym.Const(64, 4096))), true},
		// No unknown: nothing to probe.
		{"anchored only", sym.Uge(i, n), false},
	} {
		anch := tr.Anchored()
		p := tr.newValueProbe(pc, c.viol, anch)
		if got := p != nil && p.unrobust(p.admissible()); got != c.want {
			t.Errorf("%s: unrobust = %v, want %v", c.name, got, c.want)
		}
	}
}
