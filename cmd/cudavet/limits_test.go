package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
)

// TestLimits checks that each ceiling ends the run's context with a cause
// that names it, and that releasing the limits before the grace period
// keeps the process alive.
func TestLimits(t *testing.T) {
	cases := []struct {
		name string
		lim  limits
		want string
	}{
		{"timeout", limits{timeout: 20 * time.Millisecond}, "-timeout 20ms passed"},
		{"memlimit", limits{memLimit: 1 << 20}, "-memlimit 1 MiB passed (resident "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stderr bytes.Buffer
			exited := make(chan int, 1)
			c.lim.stderr, c.lim.exit = &stderr, func(code int) { exited <- code }
			ctx, release := c.lim.start()
			select {
			case <-ctx.Done():
			case <-time.After(10 * time.Second):
				t.Fatal("the run's context did not end")
			}
			release()
			if cause := context.Cause(ctx); cause == nil || !strings.Contains(cause.Error(), c.want) {
				t.Errorf("cause %v, want it to contain %q", cause, c.want)
			}
			select {
			case code := <-exited:
				t.Errorf("exited with %d although the run stopped in time", code)
			default:
			}
		})
	}
	// No limits: the context lives until released.
	ctx, release := (&limits{}).start()
	if ctx.Err() != nil {
		t.Error("a run without limits starts stopped")
	}
	release()
}

// TestStoppedRunStartsNoUnit: once the run's context has ended, the unit
// by unit run starts no further file (each would be parsed in full, past
// the grace period) and counts the files it did not start in one stop
// (category stopped, not an internal error) naming the cause.
func TestStoppedRunStartsNoUnit(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("-timeout 1s passed"))
	in := &incremental{a: &app{opts: &options{jobs: 2}, ctx: ctx}}
	units := []string{"a.cu", "b.cu", "c.cu"} // none exists: a started unit would report a parse error
	out := in.runAll(units, nil)
	if len(out) != 3 || in.hits+in.misses != 0 {
		t.Fatalf("%d entries, %d units started, want 3 entries and none started", len(out), in.hits+in.misses)
	}
	if out[0].Stopped != 1 || out[0].InternalErrors != 0 || len(out[0].Diags) != 1 || out[0].Diags[0].Category != driver.Stopped {
		t.Fatalf("first entry %+v, want one stop", out[0])
	}
	want := "stopped: -timeout 1s passed before 3 of 3 files were analysed (the first: a.cu)"
	if got := out[0].Diags[0].Message; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	for _, e := range out[1:] {
		if len(e.Diags) != 0 || e.InternalErrors != 0 || e.Stopped != 0 {
			t.Errorf("a later entry reports %+v", e)
		}
	}
}

// TestWindDownNote: a run whose wind-down left checks undecided ends with
// an incomplete diagnostic naming -timeout (exit status 3), one whose
// checks were all asked with none.
func TestWindDownNote(t *testing.T) {
	res := &driver.Result{Stats: driver.Stats{Checkers: []driver.CheckerStats{
		{Name: "bounds", Counters: map[string]int{symexec.TimeLimitCounter: 3}},
		{Name: "race", Counters: map[string]int{symexec.TimeLimitCounter: 2, "checks proved safe": 7}},
	}}}
	d, ok := windDownNote(2*time.Minute, res)
	if !ok {
		t.Fatal("no note for a run with 5 checks cut short")
	}
	want := "-timeout 2m0s: 5 checks left undecided after 1m36s"
	if !strings.HasPrefix(d.Message, want) {
		t.Errorf("note %q, want it to start with %q", d.Message, want)
	}
	res.Diagnostics = append(res.Diagnostics, d)
	if got := exitStatus(res); got != exitIncomplete {
		t.Errorf("exit status %d, want %d", got, exitIncomplete)
	}
	full := &driver.Result{Stats: driver.Stats{Checkers: []driver.CheckerStats{{Name: "bounds", Counters: map[string]int{"checks proved safe": 4}}}}}
	if _, ok := windDownNote(2*time.Minute, full); ok {
		t.Error("a note for a run that asked every check")
	}
}
