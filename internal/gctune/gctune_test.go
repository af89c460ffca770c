package gctune

import (
	"runtime/debug"
	"testing"
)

// settings returns the collector's percent and memory limit without
// changing them.
func settings() (int, int64) {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p, debug.SetMemoryLimit(-1)
}

// withSettings runs f under GOGC and GOMEMLIMIT set to env values (""
// for unset) and the collector at percent, and restores the collector.
func withSettings(t *testing.T, gogc, memlimit string, percent int, f func()) {
	t.Setenv("GOGC", gogc)
	t.Setenv("GOMEMLIMIT", memlimit)
	oldP, oldL := settings()
	defer debug.SetMemoryLimit(oldL)
	defer debug.SetGCPercent(oldP)
	debug.SetGCPercent(percent)
	f()
}

func TestApplyRestores(t *testing.T) {
	withSettings(t, "", "", 100, func() {
		_, limit := settings()
		restore := Apply()
		if p, l := settings(); p != Percent || l != SoftLimit {
			t.Errorf("after Apply: percent %d, limit %d; want %d, %d", p, l, Percent, SoftLimit)
		}
		restore()
		if p, l := settings(); p != 100 || l != limit {
			t.Errorf("after restore: percent %d, limit %d; want 100, %d", p, l, limit)
		}
	})
}

func TestApplyLeavesEnvironment(t *testing.T) {
	withSettings(t, "150", "2GiB", 150, func() {
		_, limit := settings()
		defer Apply()()
		if p, l := settings(); p != 150 || l != limit {
			t.Errorf("percent %d, limit %d; want GOGC's 150 and the limit %d kept", p, l, limit)
		}
	})
}
