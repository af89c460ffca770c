package z3

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/solver/internal/symgen"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// overflowQuery is the facts note's example: row ≥ 0, row < M and
// row * 28672 overflows int.
func overflowQuery() (solver.Query, *sym.Term) {
	row, m := sym.Var("row", 32), sym.Var("M", 32)
	return solver.Query{
		Constraints: []*sym.Term{sym.Sge(row, sym.Const(32, 0)), sym.Slt(row, m)},
		Goal:        sym.Overflows(sym.OpMulOvf, row, sym.Const(32, 28672), true),
	}, m
}

// TestMinimizeThreshold: the least M is 74900, with row = 74899, since
// 74899 * 28672 = 2147504128 > 2^31-1 ≥ 74898 * 28672.
func TestMinimizeThreshold(t *testing.T) {
	q, m := overflowQuery()
	for name, s := range map[string]solver.Solver{
		"solver":    newSolver(t, Options{}),
		"chain":     solver.NewChain(newSolver(t, Options{}), solver.Options{Cache: true, Independence: true, Timeout: time.Second}),
		"per-query": NewPerQuery(Options{}),
	} {
		start := time.Now()
		v, model, r, err := solver.Minimize(context.Background(), s, q, m, true)
		if err != nil || r != solver.Sat || v != 74900 || model["row"] != 74899 || model["M"] != 74900 {
			t.Errorf("%s: Minimize = %d, %v, %v, %v; want M = 74900 with row = 74899", name, v, model, r, err)
		}
		t.Logf("%s: %v", name, time.Since(start))
	}
}

// TestPerQueryNoHistory: a query's answer from PerQuery does not depend
// on the queries asked before it, and the reason of an Unknown is kept.
func TestPerQueryNoHistory(t *testing.T) {
	q, _ := overflowQuery()
	p := NewPerQuery(Options{})
	ctx := context.Background()
	_, first, err := p.Check(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	p.Check(solver.WithWork(ctx, 5000), hardQuery()) // some other query in between
	if _, again, _ := p.Check(ctx, q); again["row"] != first["row"] || again["M"] != first["M"] {
		t.Errorf("models %v then %v, want the same", first, again)
	}
	if r, _, _ := p.Check(solver.WithWork(ctx, 1000), hardQuery()); r != solver.Unknown || !strings.Contains(p.ReasonUnknown(), "resource") {
		t.Errorf("hard query within 1000 units: %v (%q), want unknown at the resource limit", r, p.ReasonUnknown())
	}
}

// hardQuery asks to factor a 61-bit semiprime (two primes near 2^30).
func hardQuery() solver.Query {
	p, q := sym.Var("p", 64), sym.Var("q", 64)
	const n = 1073754191 * 1610619541
	return solver.Query{
		Constraints: []*sym.Term{sym.Ugt(p, sym.Const(64, 1)), sym.Ugt(q, sym.Const(64, 1)),
			sym.BNot(sym.Overflows(sym.OpMulOvf, p, q, false))},
		Goal: sym.Eq(sym.Mul(p, q), sym.Const(64, n)),
	}
}

func TestTimeout(t *testing.T) {
	s := newSolver(t, Options{})
	c := solver.NewChain(s, solver.Options{Timeout: 100 * time.Millisecond})
	start := time.Now()
	r, _, err := c.Check(context.Background(), hardQuery())
	el := time.Since(start)
	if r != solver.Unknown || err != nil || el > 2*time.Second {
		t.Fatalf("hard query: %v, %v after %v; want unknown after about 100ms", r, err, el)
	}
	if st := c.Stats(); st.Timeouts != 1 {
		t.Errorf("stats %+v: want one timeout", st)
	}
	why := s.ReasonUnknown()
	t.Logf("unknown after %v: %q", el, why)
	if why != "timeout" && why != "canceled" && why != "interrupted" {
		t.Errorf("reason %q, want timeout, canceled or interrupted", why)
	}
	// The context is still good.
	q, _ := overflowQuery()
	if r, _ := check(t, s, q); r != solver.Sat {
		t.Errorf("after a timeout: %v, want sat", r)
	}
}

func TestCancel(t *testing.T) {
	s := newSolver(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	r, _, err := s.Check(ctx, hardQuery())
	why := s.ReasonUnknown()
	if r != solver.Unknown || err != nil || time.Since(start) > 2*time.Second || (why != "canceled" && why != "interrupted") {
		t.Errorf("cancelled: %v, %v, %q after %v", r, err, s.ReasonUnknown(), time.Since(start))
	}
	// A context already done: no work at all.
	if r, _, err := s.Check(ctx, hardQuery()); r != solver.Unknown || err != nil {
		t.Errorf("done context: %v, %v", r, err)
	}
}

// TestInterruptRace gives a medium query deadlines around its solving
// time, so that interrupts land before, during and after checks. Z3 keeps
// an interrupt that lands between checks; the solver must undo it.
func TestInterruptRace(t *testing.T) {
	s := newSolver(t, Options{})
	q, _ := overflowQuery()
	// Without the undo, about 1 in 25 of these left an interrupt behind,
	// and every later query failed ("push canceled").
	for i := 0; i < 300; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(i%30)*50*time.Microsecond)
		r, m, err := s.Check(ctx, q)
		cancel()
		if err != nil || (r == solver.Sat && !solver.Satisfies(m, q)) || r == solver.Unsat {
			t.Fatalf("run %d: %v %v %v", i, r, m, err)
		}
	}
	// A stray interrupt between checks is undone by the next one, whose
	// terms are new (translated under the pending interrupt).
	s.Context().Interrupt()
	z := sym.Var("z", 16)
	if r, _ := check(t, s, solver.Query{Goal: sym.Overflows(sym.OpMulOvf, z, sym.Const(16, 300), true)}); r != solver.Sat {
		t.Errorf("after a stray interrupt: %v", r)
	}
}

// TestWidths: a name may change width between queries (the memo starts
// over), not within one (an error, and the solver stays usable).
func TestWidths(t *testing.T) {
	s := newSolver(t, Options{})
	for _, w := range []int{8, 32, 1, 8} {
		x, y := sym.Var("x", w), sym.Var("y", w)
		q := solver.Query{Goal: sym.BAnd(sym.Ugt(x, y), sym.Eq(sym.Add(x, y), sym.Const(w, sym.Mask(w))))}
		if r, _ := check(t, s, q); r != solver.Sat {
			t.Errorf("width %d: %v", w, r)
		}
	}
	bad := solver.Query{Constraints: []*sym.Term{sym.Ult(sym.Var("x", 8), sym.Const(8, 3))}, Goal: sym.Ult(sym.Var("x", 16), sym.Const(16, 3))}
	if _, _, err := s.Check(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "widths 8 and 16") {
		t.Errorf("width clash: %v", err)
	}
	q, _ := overflowQuery()
	if r, _ := check(t, s, q); r != solver.Sat {
		t.Errorf("after an error: %v", r)
	}
}

// TestMaxASTs: with a tiny arena the context is released between queries,
// and answers stay right.
func TestMaxASTs(t *testing.T) {
	small, ref := newSolver(t, Options{MaxASTs: 20}), newSolver(t, Options{})
	g := symgen.New(9, 3, 4)
	for i := 0; i < 100; i++ {
		q := solver.Query{Constraints: []*sym.Term{g.Bool(2)}, Goal: g.Bool(2)}
		want, _ := check(t, ref, q)
		if got, _ := check(t, small, q); got != want {
			t.Fatalf("%v: %v, brute %v", q, got, want)
		}
		if small.Context().Live() > 20+200 {
			t.Fatalf("arena holds %d ASTs", small.Context().Live())
		}
	}
}

// TestConcurrent runs 4 goroutines, each with its own Solver.
func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := New(Options{})
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			g := symgen.New(int64(w), 8, 16)
			for i := 0; i < 40; i++ {
				q := solver.Query{Constraints: []*sym.Term{g.Bool(2)}, Goal: g.Bool(2)}
				r, m, err := s.Check(context.Background(), q)
				if err != nil || (r == solver.Sat && !solver.Satisfies(m, q)) {
					errs <- errors.Join(err, errors.New("bad model for "+q.Goal.String()))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestSMTLIBReplay: the text of solver.SMTLIB, read back by Z3, gets the
// answer of the direct translation; the text writes the overflow
// predicates with wider arithmetic, so this checks them a third way.
func TestSMTLIBReplay(t *testing.T) {
	s := newSolver(t, Options{})
	g := symgen.New(4, 1, 8, 16)
	for i := 0; i < 80; i++ {
		q := solver.Query{Constraints: []*sym.Term{g.Bool(2), g.Bool(1)}, Goal: g.Bool(3)}
		want, _ := check(t, s, q)
		got, err := s.CheckSMTLIB(context.Background(), solver.SMTLIB(q))
		if err != nil || got != want {
			t.Fatalf("%s: replayed %v (%v), direct %v", solver.SMTLIB(q), got, err, want)
		}
	}
	if _, err := s.CheckSMTLIB(context.Background(), "(assert (= x 1))"); err == nil {
		t.Errorf("undeclared x: no error")
	}
}

func TestASTErrors(t *testing.T) {
	s := newSolver(t, Options{})
	c := s.Context()
	// A sort mismatch is an error code, never an abort.
	bad := c.BVConst("a", 8).Add(c.BVConst("b", 16))
	if bad.Valid() || c.Err() == nil {
		t.Fatalf("8-bit + 16-bit: %v, err %v", bad, c.Err())
	}
	t.Logf("error: %v", c.Err())
	// Later constructors give the invalid AST until Release.
	if c.BVVal(8, 1).Valid() || (AST{}).Add(AST{}).Valid() {
		t.Errorf("constructor worked on a failed context")
	}
	if err := s.Assert(bad); err == nil {
		t.Errorf("Assert(invalid): no error")
	}
	c.Release()
	if c.Err() != nil || !c.BVVal(8, 1).Valid() {
		t.Errorf("after Release: %v", c.Err())
	}
	// An AST of another context.
	other := newSolver(t, Options{})
	if c.BVVal(8, 1).Add(other.Context().BVVal(8, 1)).Valid() || !errors.Is(c.Err(), errInvalid) {
		t.Errorf("foreign AST: %v", c.Err())
	}
}

// TestModelCompletion: a variable the constraints do not restrict still
// gets a value.
func TestModelCompletion(t *testing.T) {
	s := newSolver(t, Options{})
	x, y := sym.Var("x", 8), sym.Var("y", 8)
	q := solver.Query{Constraints: []*sym.Term{sym.Ule(y, sym.Const(8, 255))}, Goal: sym.Eq(x, sym.Const(8, 7))}
	r, m := check(t, s, q)
	if _, ok := m["y"]; r != solver.Sat || !ok || m["x"] != 7 {
		t.Errorf("%v %v: want x=7 and some y", r, m)
	}
	if r, m := check(t, s, solver.Query{Goal: sym.Var("p", 0)}); r != solver.Sat || m["p"] != 1 {
		t.Errorf("boolean variable: %v %v", r, m)
	}
}

func TestCloseTwice(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s.Close()
}
