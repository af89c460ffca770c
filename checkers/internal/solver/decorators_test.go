package solver

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// slow is a base solver that works until ctx ends, like Z3 on a hard query.
func slow(ctx context.Context, q Query) (Result, Model, error) {
	<-ctx.Done()
	return Unknown, nil, nil
}

func TestTimeout(t *testing.T) {
	f := &fake{answer: slow}
	start := time.Now()
	r, _, err := NewTimeout(f, 20*time.Millisecond).Check(context.Background(), query(sym.Ult(v8("a"), c8(3))))
	if r != Unknown || err != nil {
		t.Errorf("Check = %v, %v; want unknown, nil", r, err)
	}
	if el := time.Since(start); el < 20*time.Millisecond || el > 2*time.Second {
		t.Errorf("took %v, want about 20ms", el)
	}
	// No limit: the caller's context passes through untouched.
	var sawDeadline bool
	f.answer = func(ctx context.Context, q Query) (Result, Model, error) {
		_, sawDeadline = ctx.Deadline()
		return Sat, Model{"a": 0}, nil
	}
	NewTimeout(f, 0).Check(context.Background(), query(sym.Ult(v8("a"), c8(3))))
	if sawDeadline {
		t.Errorf("a zero timeout set a deadline")
	}
}

func TestLog(t *testing.T) {
	var b strings.Builder
	l := NewLog(&fake{}, &b)
	a := v8("a")
	l.Check(context.Background(), query(sym.Eq(a, c8(3)), sym.Ult(a, c8(10))))
	l.Check(context.Background(), query(sym.Ugt(a, c8(10)), sym.Ult(a, c8(10))))
	want := `(?s)^; query 1
\(set-logic QF_BV\)
\(declare-fun a \(\) \(_ BitVec 8\)\)
\(assert \(bvult a \(_ bv10 8\)\)\)
\(assert \(= a \(_ bv3 8\)\)\) ; goal
\(check-sat\)
; sat \([0-9.]+[µm]?s\)
; model: a=3

; query 2
.*; unsat \(.*\)
\n$`
	if !regexp.MustCompile(want).MatchString(b.String()) {
		t.Errorf("log:\n%s\nwant it to match:\n%s", b.String(), want)
	}
}

func TestLogError(t *testing.T) {
	var b strings.Builder
	f := &fake{answer: func(context.Context, Query) (Result, Model, error) { return Unknown, nil, errors.New("boom") }}
	NewLog(f, &b).Check(context.Background(), query(sym.Ult(v8("a"), c8(3))))
	if !strings.Contains(b.String(), "; error: boom") {
		t.Errorf("log:\n%s\nwant the error", b.String())
	}
}

func TestChainStats(t *testing.T) {
	f := &fake{}
	var log strings.Builder
	c := NewChain(f, Options{Cache: true, Independence: true, Timeout: time.Second, Log: &log})
	ctx := context.Background()
	a, b, d := v8("a"), v8("b"), v8("d")
	pc := []*sym.Term{sym.Ult(a, b), sym.Ugt(d, c8(100))}
	c.Check(ctx, query(sym.Eq(a, c8(3)), pc...))                                   // solver
	c.Check(ctx, query(sym.Eq(a, c8(3)), pc...))                                   // exact hit
	c.Check(ctx, query(sym.Ult(a, c8(9)), pc...))                                  // the model a=3 b=4 fits
	c.Check(ctx, query(sym.Ugt(b, sym.Const(8, 255))))                             // solver: false (b > 255 folds to it)
	c.Check(ctx, query(sym.Eq(d, c8(1)), pc...))                                   // solver: unsat
	c.Check(ctx, query(sym.Eq(d, c8(1)), sym.Ult(d, c8(50)), sym.Ugt(d, c8(100)))) // unsat subset
	s := c.Stats()
	// Slicing drops d > 100 from the first three queries, a < b from the fifth.
	want := Stats{Queries: 6, Sat: 3, Unsat: 3, CacheHits: 1, UnsatHits: 1, ModelHits: 1, Dropped: 4, SolverCalls: 3}
	s.SolverTime = 0
	if s != want {
		t.Errorf("stats:\n%+v\nwant\n%+v", s, want)
	}
	if n := strings.Count(log.String(), "(check-sat)"); n != 3 {
		t.Errorf("log has %d queries, want the 3 solver calls", n)
	}
	if !strings.HasPrefix(s.String(), "queries 6 (sat 3, unsat 3, unknown 0, errors 0), range step 0, cache hits 1 + unsat-subset 1 + model 1") {
		t.Errorf("String = %q", s.String())
	}
}

func TestChainCountsTimeouts(t *testing.T) {
	c := NewChain(&fake{answer: slow}, Options{Timeout: 10 * time.Millisecond})
	r, _, err := c.Check(context.Background(), query(sym.Ult(v8("a"), c8(3))))
	if s := c.Stats(); r != Unknown || err != nil || s.Timeouts != 1 || s.Unknown != 1 {
		t.Errorf("Check = %v, %v; stats %+v", r, err, s)
	}
}

func TestChainWithoutDecorators(t *testing.T) {
	f := &fake{}
	c := NewChain(f, Options{})
	q := query(sym.Ult(v8("a"), c8(3)), sym.Ult(v8("z"), c8(3)))
	c.Check(context.Background(), q)
	c.Check(context.Background(), q)
	if f.count() != 2 || len(f.queries[0].Constraints) != 1 {
		t.Errorf("plain chain: %d calls, %v; want 2 calls of the whole query", f.count(), f.queries)
	}
}
