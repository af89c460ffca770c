package ir

import (
	"go/token"
	"strings"
	"testing"
)

func TestTruncate(t *testing.T) {
	cases := []struct {
		t    Type
		v    int64
		want int64
	}{
		{Int, 1 << 31, -1 << 31},
		{Int, -1, -1},
		{Uint, -1, 1<<32 - 1},
		{Char, 200, -56},
		{Int64, -5, -5},
		{Uint64, -5, -5}, // 64-bit values keep their bits
		{Bool, 7, 1},
		{Bool, 0, 0},
		{Float, 12345, 12345},
	}
	for _, c := range cases {
		if got := Truncate(c.t, c.v); got != c.want {
			t.Errorf("Truncate(%s, %d) = %d, want %d", c.t, c.v, got, c.want)
		}
	}
	if v, ok := ConstValue(&Convert{X: IntConst(1, Char, 300), T: Int}); !ok || v != 44 {
		t.Errorf("ConstValue(int(char 300)) = %d, %v, want 44", v, ok)
	}
	seven := int64(7)
	if v, ok := ConstValue(&VarRef{P: 1, Var: &Var{Name: "N", Type: Int, Value: &seven}}); !ok || v != 7 {
		t.Errorf("ConstValue(const var N = 7) = %d, %v", v, ok)
	}
	if _, ok := ConstValue(&VarRef{P: 1, Var: &Var{Name: "n", Type: Int}}); ok {
		t.Error("ConstValue of a variable without a value is constant")
	}
}

func TestConversions(t *testing.T) {
	short := &IntType{16, true, "short"}
	cases := []struct {
		a, b, want Type
	}{
		{Int, Int, Int},
		{Int, Uint, Uint},                     // equal rank: the unsigned one
		{Int64, Uint, Int64},                  // wider signed represents every unsigned int
		{Uint64, Int64, Uint64},               // equal rank
		{Char, short, Int},                    // both promoted
		{Bool, Char, Int},                     // both promoted
		{Float, Int64, Float},                 // floating wins
		{Float, Double, Double},               // the wider floating type
		{&PointerType{Elem: Float}, Int, nil}, // not arithmetic
	}
	for _, c := range cases {
		got := UsualArith(c.a, c.b)
		if (got == nil) != (c.want == nil) || got != nil && !Identical(got, c.want) {
			t.Errorf("UsualArith(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if !Identical(Promote(short), Int) || !Identical(Promote(Uint), Uint) || !Identical(Promote(Bool), Int) {
		t.Error("Promote: want short, bool → int and unsigned int unchanged")
	}
	if Identical(&UnknownType{}, &UnknownType{}) {
		t.Error("two unknown types are identical: an unknown type is never known to equal anything")
	}
	if !IsUnknown(&PointerType{Elem: &TypeParam{Name: "T"}}) || IsUnknown(&PointerType{Elem: Float}) {
		t.Error("IsUnknown must see through pointers to type parameters, and only to them")
	}
}

// TestVerify builds functions by hand that break one invariant each and
// checks that Verify names it, and that a well-formed one passes.
func TestVerify(t *testing.T) {
	x := &Var{Name: "x", Type: &PointerType{Elem: Float}, Kind: ParamVar, P: 1}
	n := &Var{Name: "n", Type: Int, Kind: ParamVar, P: 2}
	l := &Var{Name: "l", Type: Int64, Kind: LocalVar, P: 3}
	ref := func(v *Var) Expr { return &VarRef{P: 4, Var: v} }
	fn := func(stmts ...Stmt) *Func {
		return &Func{Name: "k", Kind: Kernel, P: 1, Params: []*Var{x, n}, Body: &Block{P: 1, Stmts: stmts}}
	}
	cases := []struct {
		name string
		f    *Func
		want string // "" : well formed
	}{
		{"ok", fn(&Store{P: 5, Ptr: ref(x), Index: ref(n), Val: &Const{P: 6, T: Float}},
			&Assign{P: 7, Var: l, X: &Convert{P: 8, X: ref(n), T: Int64}}), ""},
		{"mixed_widths", fn(&ExprStmt{P: 5, X: &Binary{P: 6, Op: Add, X: ref(n), Y: ref(l), T: Int}}), "+ of int and int64_t has type int"},
		{"store_through_int", fn(&Store{P: 5, Ptr: ref(n), Index: ref(n), Val: ref(n)}), "store through int"},
		{"assign_wrong_width", fn(&Assign{P: 5, Var: l, X: ref(n)}), "assign int to l int64_t"},
		{"no_position", fn(&ExprStmt{P: token.NoPos, X: ref(n)}), "no position"},
		{"declaration", &Func{Name: "decl", Kind: Device}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Verify(c.f)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("Verify: %v, want nil", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("Verify: %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// TestInspectReachable: the bodies of called functions are visited once
// each, however often and however recursively they are called; a call to
// a declaration is a node only.
func TestInspectReachable(t *testing.T) {
	decl := &Func{Name: "opaque", Kind: Device}
	d := &Func{Name: "d", Kind: Device, Body: &Block{P: 1}}
	call := func(f *Func) Stmt { return &ExprStmt{P: 2, X: &Call{P: 2, Fn: f, Name: f.Name}} }
	d.Body.Stmts = []Stmt{&Return{P: 3}, call(d)}
	k := &Func{Name: "k", Kind: Kernel, Body: &Block{P: 1, Stmts: []Stmt{call(d), call(d), call(decl)}}}
	calls, returns := 0, 0
	InspectReachable(k, func(n Node) bool {
		switch n.(type) {
		case *Call:
			calls++
		case *Return:
			returns++
		}
		return true
	})
	if calls != 4 || returns != 1 {
		t.Errorf("visited %d calls and %d returns, want 4 (three in k, one in d) and 1 (d's body once)", calls, returns)
	}
}
