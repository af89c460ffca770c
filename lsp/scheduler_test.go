package lsp

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers"
	protocol "github.com/sourcegraph/go-lsp"
)

// These tests replace the server's analysis with functions that panic,
// hang or wait to be cancelled, and check that the server goes on.

// fakeFinding is the one finding the fake analyses report.
func fakeFinding(msg string) []finding {
	return []finding{{checker: "barrierdiv", diag: Diagnostic{Diagnostic: protocol.Diagnostic{Source: source, Code: "barrierdiv", Message: msg}}}}
}

// withAnalysis returns an edit for newClient that installs the analysis.
func withAnalysis(f analyseFunc) func(*Server) {
	return func(s *Server) { s.sched.analyse = f }
}

// TestFailingAnalyses: one buffer's analysis panics, another's hangs past
// the time limit (ignoring its context); each is published as one
// diagnostic saying so, and the server keeps answering and analysing the
// other buffers.
func TestFailingAnalyses(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	c := newClient(t, Options{Timeout: time.Second}, withAnalysis(func(ctx context.Context, snap *snapshot, partial func([]finding)) ([]finding, error) {
		switch filepath.Base(snap.path) {
		case "panic.cu":
			panic("boom")
		case "hang.cu":
			<-release
			return nil, nil
		}
		return fakeFinding("ok"), nil
	}))
	c.initialize(nil)
	dir := t.TempDir()
	panicURI := c.open(filepath.Join(dir, "panic.cu"), "", 1)
	hangURI := c.open(filepath.Join(dir, "hang.cu"), "", 1)
	p := c.diagnostics(panicURI, version(1))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != codeInternal || !strings.Contains(p.Diagnostics[0].Message, "analysis panicked: boom") {
		t.Errorf("after a panic: %+v", p.Diagnostics)
	}
	p = c.diagnostics(hangURI, version(1))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != codeTimeout || p.Diagnostics[0].Severity != protocol.Warning {
		t.Errorf("after a timeout: %+v", p.Diagnostics)
	}
	// The hung analysis still runs; the server serves the others.
	okURI := c.open(filepath.Join(dir, "ok.cu"), "x\n", 1)
	if p := c.diagnostics(okURI, version(1)); len(p.Diagnostics) != 1 || p.Diagnostics[0].Message != "ok" {
		t.Errorf("other buffer: %+v", p.Diagnostics)
	}
	var h hover
	c.result(methodHover, hoverParams(okURI, 0), &h)
	if !strings.Contains(h.Contents.Value, "ok") {
		t.Errorf("hover %+v", h)
	}
	c.result(methodShutdown, nil, nil)
}

// TestStaleAnalysisCancelled: a newer version cancels the analysis of the
// older one, whose result is never published.
func TestStaleAnalysisCancelled(t *testing.T) {
	started := make(chan struct{})
	var mu sync.Mutex
	var staleErr error
	c := newClient(t, Options{Debounce: time.Millisecond}, withAnalysis(func(ctx context.Context, snap *snapshot, partial func([]finding)) ([]finding, error) {
		if snap.version == 1 {
			close(started)
			<-ctx.Done()
			mu.Lock()
			staleErr = ctx.Err()
			mu.Unlock()
			return fakeFinding("stale"), nil
		}
		return fakeFinding("fresh"), nil
	}))
	c.initialize(nil)
	uri := c.open(filepath.Join(t.TempDir(), "k.cu"), "v1", 1)
	<-started
	c.change(uri, 2, nil, "v2")
	p := c.diagnostics(uri, version(2))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Message != "fresh" {
		t.Errorf("%+v", p.Diagnostics)
	}
	c.result(methodShutdown, nil, nil) // stops the scheduler: nothing publishes after this
	for _, n := range c.notifications(methodPublishDiagnostics) {
		if strings.Contains(string(n.Params), "stale") {
			t.Errorf("the stale analysis was published: %s", n.Params)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if !errors.Is(staleErr, context.Canceled) {
		t.Errorf("the stale analysis's context: %v, want canceled", staleErr)
	}
}

// TestDebounce: edits wait for the debounce delay (here longer than the
// test), and a save analyses the latest version at once; the versions in
// between are never analysed.
func TestDebounce(t *testing.T) {
	var mu sync.Mutex
	var analysed []int
	c := newClient(t, Options{Debounce: time.Hour}, withAnalysis(func(ctx context.Context, snap *snapshot, partial func([]finding)) ([]finding, error) {
		mu.Lock()
		analysed = append(analysed, snap.version)
		mu.Unlock()
		return nil, nil
	}))
	c.initialize(nil)
	uri := c.open(filepath.Join(t.TempDir(), "k.cu"), "v1", 1)
	c.diagnostics(uri, version(1))
	for v := 2; v <= 4; v++ {
		c.change(uri, v, nil, "text")
	}
	c.notify(methodDidSave, map[string]any{"textDocument": map[string]any{"uri": uri}})
	c.diagnostics(uri, version(4))
	mu.Lock()
	defer mu.Unlock()
	if len(analysed) != 2 || analysed[0] != 1 || analysed[1] != 4 {
		t.Errorf("analysed versions %v, want [1 4]", analysed)
	}
}

// TestInputNotBlocked: while an analysis hangs (ignoring its context),
// requests are answered and a newer version is analysed and published.
func TestInputNotBlocked(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	started := make(chan struct{})
	c := newClient(t, Options{Debounce: time.Millisecond}, withAnalysis(func(ctx context.Context, snap *snapshot, partial func([]finding)) ([]finding, error) {
		if snap.version == 1 {
			close(started)
			<-release
		}
		return fakeFinding("v2"), nil
	}))
	c.initialize(nil)
	uri := c.open(filepath.Join(t.TempDir(), "k.cu"), "v1", 1)
	<-started
	m := c.call(methodHover, hoverParams(uri, 0))
	if m.Error != nil || string(m.Result) != "null" {
		t.Errorf("hover while analysing: %s %+v", m.Result, m.Error)
	}
	c.change(uri, 2, nil, "v2")
	if p := c.diagnostics(uri, version(2)); len(p.Diagnostics) != 1 {
		t.Errorf("%+v", p.Diagnostics)
	}
}

// TestStages: the findings of the first stage are published while the
// second runs; when the second outlives the time limit, the first's stay
// with one diagnostic saying what is missing.
func TestStages(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	c := newClient(t, Options{Timeout: 2 * time.Second}, withAnalysis(func(ctx context.Context, snap *snapshot, partial func([]finding)) ([]finding, error) {
		partial(fakeFinding("fast"))
		if snap.version == 1 {
			<-release // the symbolic stage hangs
		}
		return append(fakeFinding("fast"), fakeFinding("slow")...), nil
	}))
	c.initialize(nil)
	uri := c.open(filepath.Join(t.TempDir(), "k.cu"), "v1", 1)
	var msgs []string
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
		msgs = msgs[:0]
		for _, d := range p.Diagnostics {
			msgs = append(msgs, d.Code+": "+d.Message)
		}
		return p.Version == 1 && len(p.Diagnostics) == 2
	})
	if len(msgs) != 2 || msgs[0] != "barrierdiv: fast" || !strings.HasPrefix(msgs[1], "timeout: analysis stopped after 2s") {
		t.Errorf("after the time limit: %q", msgs)
	}
	if first := c.notifications(methodPublishDiagnostics)[0]; !strings.Contains(string(first.Params), `"message":"fast"`) {
		t.Errorf("first publication: %s", first.Params)
	}
	c.change(uri, 2, nil, "v2")
	p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version == 2 && len(p.Diagnostics) == 2 })
	if p.Diagnostics[1].Message != "slow" {
		t.Errorf("complete analysis: %+v", p.Diagnostics)
	}
}

func TestStageSplit(t *testing.T) {
	var names [][]string
	for _, st := range stages(checkers.Registry(checkers.All).Defaults()) {
		var n []string
		for _, a := range st {
			n = append(n, a.Name)
		}
		names = append(names, n)
	}
	if len(names) != 2 || !slices.Contains(names[0], "barrierdiv") || slices.Contains(names[0], "overflow") || !slices.Contains(names[1], "overflow") {
		t.Errorf("stages %v: want barrierdiv first and overflow (symbolic) second", names)
	}
}
