package gctune

import (
	"runtime/debug"
	"testing"
)

func TestApplyRestores(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := Apply()
	if got := debug.SetGCPercent(Percent); got != Percent {
		t.Errorf("GC percent after Apply = %d, want %d", got, Percent)
	}
	if got := debug.SetMemoryLimit(-1); got != SoftLimit {
		t.Errorf("memory limit after Apply = %d, want %d", got, SoftLimit)
	}
	restore()
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("GC percent after restore = %d, want 100", got)
	}
	debug.SetGCPercent(100)
}

func TestApplyLeavesGOGC(t *testing.T) {
	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "2GiB")
	before := debug.SetGCPercent(150)
	defer debug.SetGCPercent(before)
	restore := Apply()
	defer restore()
	if got := debug.SetGCPercent(-1); got != 150 {
		t.Errorf("GC percent = %d, want GOGC's 150 kept", got)
	}
	debug.SetGCPercent(150)
}
