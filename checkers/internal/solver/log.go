package solver

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"
)

// Log writes each query that reaches it, as SMT-LIB2 text (see SMTLIB),
// followed by its answer, time and model as comments; this is what
// `cudavet -dump=queries` prints. In the Chain it sits just above the base
// solver, so it shows the queries the solver really got (after slicing,
// not those the cache answered). Write errors are ignored: a dump must not
// change an analysis.
type Log struct {
	next Solver

	mu sync.Mutex // serializes writes to w and numbering
	w  io.Writer
	n  int
}

// NewLog returns next with its queries written to w.
func NewLog(next Solver, w io.Writer) *Log { return &Log{next: next, w: w} }

// Check asks the next solver and writes the query and its answer.
func (l *Log) Check(ctx context.Context, q Query) (Result, Model, error) {
	text := SMTLIB(q)
	start := time.Now()
	r, m, err := l.next.Check(ctx, q)
	elapsed := time.Since(start)

	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	fmt.Fprintf(l.w, "; query %d\n%s", l.n, text)
	switch {
	case err != nil:
		fmt.Fprintf(l.w, "; error: %v (%s)\n", err, roundDuration(elapsed))
	case r == Unknown && reason(l.next) != "":
		fmt.Fprintf(l.w, "; %s: %s (%s)\n", r, reason(l.next), roundDuration(elapsed))
	default:
		fmt.Fprintf(l.w, "; %s (%s)\n", r, roundDuration(elapsed))
	}
	if r == Sat && len(m) > 0 {
		fmt.Fprintf(l.w, "; model: %s\n", m)
	}
	fmt.Fprintln(l.w)
	return r, m, err
}

// reason returns s's explanation of its latest Unknown, if it has one.
func reason(s Solver) string {
	if r, ok := s.(Reasoner); ok {
		return r.ReasonUnknown()
	}
	return ""
}

// ReasonUnknown passes on the next solver's reason.
func (l *Log) ReasonUnknown() string { return reason(l.next) }

func roundDuration(d time.Duration) time.Duration {
	if d > time.Millisecond {
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
