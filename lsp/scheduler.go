package lsp

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	protocol "github.com/sourcegraph/go-lsp"
)

// analyseFunc analyses one snapshot and returns its diagnostics for that
// document. It may report the findings of a first stage through partial
// (each call replaces the previous), to be published while it goes on. It
// should return soon after ctx is done, but need not: the scheduler stops
// waiting for it.
type analyseFunc func(ctx context.Context, snap *snapshot, partial func([]finding)) ([]finding, error)

// outcome is what one analysis produced, for publish.
type outcome struct {
	snap     *snapshot
	findings []finding // all of them, or with err those of the stages done
	err      error     // the analysis failed: timeout, panic or error
}

// scheduler runs the analyses of the open documents off the connection's
// goroutine, so that input handling never waits for one. Per document:
//
//   - schedule debounces: the analysis starts after delay without a newer
//     schedule, and a newer schedule cancels the analysis in flight;
//   - an analysis's outcome is published only while it is the newest
//     scheduled for its document (stale results are dropped);
//   - an analysis that outlives timeout, or panics, is published as one
//     diagnostic saying so; the goroutine of one that ignores its context
//     is abandoned, never waited for.
type scheduler struct {
	delay   time.Duration
	timeout time.Duration
	analyse analyseFunc
	publish func(outcome)

	mu     sync.Mutex
	docs   map[protocol.DocumentURI]*docRun
	closed bool // after stop: nothing is scheduled any more
}

// docRun is the scheduling state of one document.
type docRun struct {
	uri    protocol.DocumentURI
	gen    int         // incremented by each schedule; identifies the newest
	timer  *time.Timer // pending debounced start, or nil
	cancel context.CancelFunc
	// pub serialises publications for the document, so that a stale
	// outcome checked before a newer one was scheduled cannot be sent
	// after the newer one.
	pub sync.Mutex
}

func newScheduler(delay, timeout time.Duration, analyse analyseFunc, publish func(outcome)) *scheduler {
	return &scheduler{delay: delay, timeout: timeout, analyse: analyse, publish: publish, docs: map[protocol.DocumentURI]*docRun{}}
}

// schedule (re)starts the analysis of snap's document after the debounce
// delay (now when immediate), superseding any earlier one.
func (s *scheduler) schedule(snap *snapshot, immediate bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	d := s.docs[snap.uri]
	if d == nil {
		d = &docRun{uri: snap.uri}
		s.docs[snap.uri] = d
	}
	d.gen++
	s.stopLocked(d)
	gen := d.gen
	if immediate {
		settled := *snap
		settled.settled = true
		snap = &settled
	}
	if immediate || s.delay <= 0 {
		s.startLocked(d, gen, snap)
		return
	}
	d.timer = time.AfterFunc(s.delay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.closed && s.docs[snap.uri] == d && d.gen == gen {
			s.startLocked(d, gen, snap)
		}
	})
}

// stopLocked stops the pending start and cancels the analysis in flight.
func (s *scheduler) stopLocked(d *docRun) {
	if d.timer != nil {
		d.timer.Stop()
		d.timer = nil
	}
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
}

func (s *scheduler) startLocked(d *docRun, gen int, snap *snapshot) {
	d.timer = nil
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	d.cancel = cancel
	go s.run(ctx, cancel, d, gen, snap)
}

// run analyses snap and publishes the outcome if it is still the newest.
func (s *scheduler) run(ctx context.Context, cancel context.CancelFunc, d *docRun, gen int, snap *snapshot) {
	defer cancel()
	var (
		mu    sync.Mutex
		early []finding // the last partial findings
	)
	partial := func(fs []finding) {
		mu.Lock()
		early = fs
		mu.Unlock()
		d.pub.Lock()
		defer d.pub.Unlock()
		if ctx.Err() == nil && s.current(d, gen) {
			s.publish(outcome{snap: snap, findings: fs})
		}
	}
	done := make(chan outcome, 1) // buffered: an abandoned analysis never blocks
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- outcome{snap: snap, err: fmt.Errorf("analysis panicked: %v\n%s", r, debug.Stack())}
			}
		}()
		fs, err := s.analyse(ctx, snap, partial)
		done <- outcome{snap: snap, findings: fs, err: err}
	}()
	var o outcome
	select {
	case o = <-done:
	case <-ctx.Done():
		o = outcome{snap: snap, err: ctx.Err()}
	}
	if o.err != nil {
		// What the stages done found; not the findings carried over the
		// edit for the stage that failed, which it did not confirm.
		mu.Lock()
		for _, f := range early {
			if !f.carried {
				o.findings = append(o.findings, f)
			}
		}
		mu.Unlock()
	}
	if errors.Is(o.err, context.Canceled) {
		return // superseded or closed: the newer analysis publishes
	}
	if errors.Is(o.err, context.DeadlineExceeded) {
		o.err = fmt.Errorf("analysis stopped after %v (the time limit): the findings of the checkers still running are missing", s.timeout)
	}
	d.pub.Lock()
	defer d.pub.Unlock()
	if !s.current(d, gen) {
		return
	}
	s.publish(o)
}

// current reports whether gen is still the newest analysis of an open
// document.
func (s *scheduler) current(d *docRun, gen int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.closed && s.docs[d.uri] == d && d.gen == gen
}

// forget cancels the document's analyses and then calls clear, after any
// publication in progress for it, so that nothing is published after the
// clear.
func (s *scheduler) forget(uri protocol.DocumentURI, clear func()) {
	s.mu.Lock()
	d := s.docs[uri]
	if d != nil {
		s.stopLocked(d)
		delete(s.docs, uri)
	}
	s.mu.Unlock()
	if d != nil {
		d.pub.Lock()
		defer d.pub.Unlock()
	}
	clear()
}

// stop cancels everything; nothing is scheduled or published afterwards.
func (s *scheduler) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for _, d := range s.docs {
		s.stopLocked(d)
	}
}
