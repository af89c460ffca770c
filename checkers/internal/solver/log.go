package solver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"reflect"
	"sync"
	"time"
)

// Log writes each query that reaches it, as SMT-LIB2 text (see SMTLIB),
// followed by its answer, time and model as comments; this is what
// `cudavet -dump=queries` prints. In the Chain it sits just above the base
// solver, so it shows the queries the solver really got (after slicing,
// not those the cache answered). Write errors are ignored: a dump must not
// change an analysis.
//
// Every worker has its own chain and so its own Log, but they all write to
// the one dump of a run: all Logs on one writer share one sink, so each
// query is written whole and the numbering runs over the whole run.
type Log struct {
	next Solver
	sink *logSink
}

// logSink is the state shared by the Logs that write to one writer.
type logSink struct {
	mu sync.Mutex // serializes writes to w and numbering
	w  io.Writer
	n  int // queries written so far
}

// sinks maps a writer to its sink, for writers that are pointers (os.File,
// bytes.Buffer...); any other writer gets a sink per Log. A run has one
// dump writer, so the table stays a few entries long.
var sinks sync.Map // io.Writer → *logSink

func sinkFor(w io.Writer) *logSink {
	if reflect.TypeOf(w).Kind() != reflect.Pointer {
		return &logSink{w: w}
	}
	s, _ := sinks.LoadOrStore(w, &logSink{w: w})
	return s.(*logSink)
}

// NewLog returns next with its queries written to w.
func NewLog(next Solver, w io.Writer) *Log { return &Log{next: next, sink: sinkFor(w)} }

// Check asks the next solver and writes the query and its answer.
func (l *Log) Check(ctx context.Context, q Query) (Result, Model, error) {
	text := SMTLIB(q)
	start := time.Now()
	r, m, err := l.next.Check(ctx, q)
	elapsed := time.Since(start)

	var b bytes.Buffer
	switch {
	case err != nil:
		fmt.Fprintf(&b, "; error: %v (%s)\n", err, roundDuration(elapsed))
	case r == Unknown && reason(l.next) != "":
		fmt.Fprintf(&b, "; %s: %s (%s)\n", r, reason(l.next), roundDuration(elapsed))
	default:
		fmt.Fprintf(&b, "; %s (%s)\n", r, roundDuration(elapsed))
	}
	if r == Sat && len(m) > 0 {
		fmt.Fprintf(&b, "; model: %s\n", m)
	}
	b.WriteString("\n")

	s := l.sink
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	fmt.Fprintf(s.w, "; query %d\n%s%s", s.n, text, b.Bytes())
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
