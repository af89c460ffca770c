package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
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
