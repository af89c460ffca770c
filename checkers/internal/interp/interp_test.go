package interp

import (
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// toy interprets integer variables and constants: a value is a 32-bit
// term, X counts the paths merged into a state.
type toy struct {
	vars map[*ir.Var]*sym.Term // inputs
	rets []*State[*sym.Term, int]
}

func (t *toy) Merge(c *sym.Term, a, b *sym.Term) *sym.Term { return sym.Ite(c, a, b) }
func (t *toy) MergeX(_ *sym.Term, a, b int) int            { return a + b }
func (t *toy) Step() bool                                  { return true }
func (t *toy) Live(*State[*sym.Term, int]) bool            { return true }

func (t *toy) Eval(e ir.Expr, st *State[*sym.Term, int]) *sym.Term {
	switch e := e.(type) {
	case *ir.Const:
		return sym.Int(32, e.Val)
	case *ir.VarRef:
		if v, ok := st.Env[e.Var]; ok {
			return v
		}
		return t.vars[e.Var]
	}
	panic("toy: unsupported expression")
}

func (t *toy) Cond(e ir.Expr, st *State[*sym.Term, int]) *sym.Term {
	return sym.Ne(t.Eval(e, st), sym.Int(32, 0))
}

func (t *toy) Simple(s ir.Stmt, st *State[*sym.Term, int]) *State[*sym.Term, int] {
	if a, ok := s.(*ir.Assign); ok {
		st.Env[a.Var] = t.Eval(a.X, st)
	}
	return st
}

// Loop is not exercised here: loops are the interpreters' own.
func (t *toy) Loop(_ *ir.Loop, st *State[*sym.Term, int]) *State[*sym.Term, int] { return st }

func (t *toy) CaseCond(tag *sym.Term, val ir.Expr, _ *ir.Case, st *State[*sym.Term, int]) *sym.Term {
	return sym.Eq(tag, t.Eval(val, st))
}

func (t *toy) Return(st *State[*sym.Term, int], _ *sym.Term) { t.rets = append(t.rets, st) }

var i32 = &ir.IntType{Bits: 32, Signed: true}

func konst(v int64) ir.Expr          { return &ir.Const{T: i32, Val: v} }
func ref(v *ir.Var) ir.Expr          { return &ir.VarRef{Var: v} }
func set(v *ir.Var, x int64) ir.Stmt { return &ir.Assign{Var: v, X: konst(x)} }

// eval evaluates x with the input tag at val.
func eval(t *testing.T, x *sym.Term, tag string, val uint64) uint64 {
	t.Helper()
	got, err := sym.Eval(x, func(name string) (uint64, bool) { return val, name == tag })
	if err != nil {
		t.Fatalf("eval %v: %v", x, err)
	}
	return got
}

// A switch with a break, a fall-through into the default, and a value no
// case matches: x after it is 1, 2 + fall-through = 3, or the default's
// 3, by the tag; and the paths merged are the ones that leave it.
func TestSwitch(t *testing.T) {
	tagV, x := &ir.Var{Name: "tag", Type: i32}, &ir.Var{Name: "x", Type: i32}
	tk := &toy{vars: map[*ir.Var]*sym.Term{tagV: sym.Var("tag", 32)}}
	m := &Machine[*sym.Term, int]{I: tk}
	sw := &ir.Switch{Tag: ref(tagV), Cases: []*ir.Case{
		{Values: []ir.Expr{konst(1)}, Body: []ir.Stmt{set(x, 1), &ir.Break{}}},
		{Values: []ir.Expr{konst(2)}, Body: []ir.Stmt{set(x, 2)}},
		{Default: true, Body: []ir.Stmt{set(x, 3)}},
	}}
	st := NewState[*sym.Term](nil, 1)
	st.Env[x] = sym.Int(32, 0)
	out := m.Stmt(sw, st)
	if out == nil {
		t.Fatal("no state after the switch")
	}
	for tag, want := range map[uint64]uint64{1: 1, 2: 3, 3: 3, 7: 3} {
		if got := eval(t, out.Env[x], "tag", tag); got != want {
			t.Errorf("tag %d: x = %d, want %d", tag, got, want)
		}
	}
	if len(out.PC) != 0 {
		for _, c := range out.PC {
			if eval(t, c, "tag", 5) != 1 || eval(t, c, "tag", 1) != 1 {
				t.Errorf("path condition %v excludes a tag the switch lets through", c)
			}
		}
	}
}

// A continue inside a switch inside a loop goes to the loop, not to the
// switch; a break goes to the switch.
func TestContinueSkipsSwitch(t *testing.T) {
	tagV := &ir.Var{Name: "tag", Type: i32}
	tk := &toy{vars: map[*ir.Var]*sym.Term{tagV: sym.Var("tag", 32)}}
	m := &Machine[*sym.Term, int]{I: tk}
	body := &ir.Block{Stmts: []ir.Stmt{&ir.Switch{Tag: ref(tagV), Cases: []*ir.Case{
		{Values: []ir.Expr{konst(1)}, Body: []ir.Stmt{&ir.Continue{}}},
		{Values: []ir.Expr{konst(2)}, Body: []ir.Stmt{&ir.Break{}}},
	}}}}
	end, targets := m.Body(body, NewState[*sym.Term](nil, 1))
	if len(targets.Continues) != 1 || len(targets.Breaks) != 0 {
		t.Fatalf("loop targets: %d continues, %d breaks; want 1, 0", len(targets.Continues), len(targets.Breaks))
	}
	if c := targets.Continues[0].PC; len(c) != 1 || eval(t, c[0], "tag", 1) != 1 || eval(t, c[0], "tag", 2) != 0 {
		t.Errorf("continue's path condition %v, want tag == 1", c)
	}
	if end == nil || eval(t, sym.BAnd(end.PC...), "tag", 1) != 0 || eval(t, sym.BAnd(end.PC...), "tag", 2) != 1 {
		t.Errorf("fall-through state %v, want the paths with tag != 1", end)
	}
}

// The two arms of a branch merge into ite(c, then, else) with the path
// condition the branch started from, and what an arm assumed beyond its
// side stays as a disjunction; an arm that ended leaves the other's state.
func TestIfJoin(t *testing.T) {
	cV, x := &ir.Var{Name: "c", Type: i32}, &ir.Var{Name: "x", Type: i32}
	tk := &toy{vars: map[*ir.Var]*sym.Term{cV: sym.Var("c", 32)}}
	m := &Machine[*sym.Term, int]{I: tk}
	base := sym.Ult(sym.Var("c", 32), sym.Int(32, 100))
	st := NewState[*sym.Term]([]*sym.Term{base}, 1)
	out := m.Stmt(&ir.If{Cond: ref(cV), Then: &ir.Block{Stmts: []ir.Stmt{set(x, 1)}}, Else: &ir.Block{Stmts: []ir.Stmt{set(x, 2)}}}, st)
	if len(out.PC) != 1 || out.PC[0] != base || out.X != 2 {
		t.Errorf("after if/else: pc %v, X %d; want the base path condition alone and 2 paths", out.PC, out.X)
	}
	if eval(t, out.Env[x], "c", 0) != 2 || eval(t, out.Env[x], "c", 5) != 1 {
		t.Errorf("x = %v, want ite(c != 0, 1, 2)", out.Env[x])
	}
	ret := m.Stmt(&ir.If{Cond: ref(cV), Then: &ir.Block{Stmts: []ir.Stmt{&ir.Return{}}}}, st)
	if len(tk.rets) != 1 || ret == nil || len(ret.PC) != 2 || eval(t, ret.PC[1], "c", 0) != 1 || eval(t, ret.PC[1], "c", 3) != 0 {
		t.Errorf("after if (c) return: %v (%d returns), want the path c == 0", ret, len(tk.rets))
	}
	if st.Assume(sym.False) != nil || len(st.Assume(nil).PC) != 1 {
		t.Error("Assume(false) must end the path, Assume(nil) copy it")
	}
}
