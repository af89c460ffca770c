package solver

import (
	"context"
	"sync"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver/internal/symgen"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func TestCacheExact(t *testing.T) {
	f := &fake{}
	c := NewCache(f)
	ctx := context.Background()
	a, b := v8("a"), v8("b")
	p, q := sym.Ult(a, b), sym.Ugt(a, c8(200))
	goal := sym.Eq(sym.Add(a, b), c8(7))
	r1, m1, _ := c.Check(ctx, query(goal, p, q))
	// Same set of terms: other order, a duplicate, the goal among the constraints.
	r2, m2, _ := c.Check(ctx, query(p, q, goal, q))
	if f.count() != 1 || r1 != r2 || m1.String() != m2.String() {
		t.Errorf("calls %d, answers %v %v / %v %v: want one call and equal answers", f.count(), r1, m1, r2, m2)
	}
	if exact, _, _ := c.Hits(); exact != 1 {
		t.Errorf("exact hits = %d, want 1", exact)
	}
}

func TestCacheUnsatSubset(t *testing.T) {
	f := &fake{}
	c := NewCache(f)
	ctx := context.Background()
	a, b := v8("a"), v8("b")
	lo, hi := sym.Ult(a, c8(3)), sym.Ugt(a, c8(5))
	if r, _, _ := c.Check(ctx, query(hi, lo)); r != Unsat {
		t.Fatalf("a<3 ∧ a>5: %v, want unsat", r)
	}
	// Any superset is unsat without asking.
	r, _, _ := c.Check(ctx, query(sym.Eq(b, c8(1)), sym.Ult(b, c8(9)), hi, lo))
	if r != Unsat || f.count() != 1 {
		t.Errorf("superset: %v after %d calls, want unsat after 1", r, f.count())
	}
	if _, unsat, _ := c.Hits(); unsat != 1 {
		t.Errorf("unsat-subset hits = %d, want 1", unsat)
	}
}

func TestCacheModelReuse(t *testing.T) {
	f := &fake{}
	c := NewCache(f)
	ctx := context.Background()
	a, b := v8("a"), v8("b")
	// Brute's first model of 10 ≤ a < 100 ∧ b = a+1 is a=10, b=11.
	if r, m, _ := c.Check(ctx, query(sym.Eq(b, sym.Add(a, c8(1))), sym.Uge(a, c8(10)), sym.Ult(a, c8(100)))); r != Sat || m["a"] != 10 {
		t.Fatalf("first query: %v %v", r, m)
	}
	// a < 20 holds in that model: no call, and the model lists only a.
	r, m, _ := c.Check(ctx, query(sym.Ult(a, c8(20))))
	if r != Sat || f.count() != 1 || len(m) != 1 || m["a"] != 10 {
		t.Errorf("reuse: %v %v after %d calls, want sat a=10 after 1", r, m, f.count())
	}
	// a > 10 does not: ask.
	if r, _, _ := c.Check(ctx, query(sym.Ugt(a, c8(10)))); r != Sat || f.count() != 2 {
		t.Errorf("no reuse: %v after %d calls", r, f.count())
	}
	// A query with a variable the models lack: ask.
	if c.Check(ctx, query(sym.Ult(v8("z"), c8(20)))); f.count() != 3 {
		t.Errorf("new variable: %d calls, want 3", f.count())
	}
	if _, _, model := c.Hits(); model != 1 {
		t.Errorf("model hits = %d, want 1", model)
	}
}

func TestCacheUnknown(t *testing.T) {
	f := &fake{answer: func(context.Context, Query) (Result, Model, error) { return Unknown, nil, nil }}
	c := NewCache(f)
	q := query(sym.Ult(v8("a"), c8(3)))
	// The caller gave up: ask again next time.
	done, cancel := context.WithCancel(context.Background())
	cancel()
	c.Check(done, q)
	c.Check(context.Background(), q)
	if f.count() != 2 {
		t.Errorf("%d calls, want 2: an Unknown from a cancelled caller is not cached", f.count())
	}
	// The solver gave up on its own: remember.
	if r, _, _ := c.Check(context.Background(), q); r != Unknown || f.count() != 2 {
		t.Errorf("%v after %d calls, want a cached unknown", r, f.count())
	}
}

// TestCacheWidths: a Key names a variable without its width, so the same
// Key at two widths must not share an answer.
func TestCacheWidths(t *testing.T) {
	c := NewCache(&fake{})
	ctx := context.Background()
	distinct := func(w int) Query {
		x, y, z := sym.Var("x", w), sym.Var("y", w), sym.Var("z", w)
		return query(sym.Ne(x, z), sym.Ne(x, y), sym.Ne(y, z))
	}
	if r, _, _ := c.Check(ctx, distinct(1)); r != Unsat {
		t.Errorf("three distinct 1-bit values: %v, want unsat", r)
	}
	if r, _, _ := c.Check(ctx, distinct(4)); r != Sat {
		t.Errorf("three distinct 4-bit values: %v, want sat", r)
	}
}

// TestCacheAgreesWithBrute runs random queries over few variables, so
// that the cache answers many, and compares every answer with Brute's.
func TestCacheAgreesWithBrute(t *testing.T) {
	g := newGen(11)
	var ref Brute
	f := &fake{}
	c := NewCache(f)
	ctx := context.Background()
	x, y := symgen.Var(3, 0), symgen.Var(4, 1)
	pool := []*sym.Term{g.Bool(2), g.Bool(2), g.Bool(2), g.Bool(1), g.Bool(1), g.Bool(3),
		sym.Ult(x, sym.Const(3, 2)), sym.Ugt(x, sym.Const(3, 5)), sym.Eq(y, sym.Const(4, 9)), sym.Slt(y, sym.Const(4, 0))}
	for i := 0; i < 250; i++ {
		q := poolQuery(g, pool)
		want, _, _ := ref.Check(ctx, q)
		got, m, err := c.Check(ctx, q)
		if err != nil || got != want {
			t.Fatalf("%v: cache says %v (%v), brute %v", q, got, err, want)
		}
		if got == Sat && !Satisfies(m, q) {
			t.Fatalf("%v: model %v does not satisfy it", q, m)
		}
	}
	exact, unsat, model := c.Hits()
	t.Logf("250 queries: %d solver calls, hits exact %d, unsat-subset %d, model %d", f.count(), exact, unsat, model)
	if f.count()+int(exact+unsat+model) != 250 {
		t.Errorf("calls + hits = %d, want 250", f.count()+int(exact+unsat+model))
	}
}

// TestCacheConcurrent shares one Cache between 4 goroutines. Each builds
// its own terms (the same ones, by Key): sym caches Key and Vars inside a
// Term without locking, so one Term must not be used by two goroutines.
func TestCacheConcurrent(t *testing.T) {
	c := NewCache(&fake{})
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newGen(3)
			qs := make([]Query, 20)
			for i := range qs {
				qs[i] = query(g.Bool(2), g.Bool(1))
			}
			for i := 0; i < 100; i++ {
				c.Check(context.Background(), qs[(i*7+w)%len(qs)])
			}
		}()
	}
	wg.Wait()
}
