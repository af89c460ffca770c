package main

import (
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/cudavet/cudavet/internal/cache"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// cacheSetting resolves -cache and -no-cache: the real command caches by
// default under the user cache directory.
func (a *app) cacheSetting(o *options) error {
	switch {
	case o.noCache:
		o.cacheDir = ""
	case o.cacheDir == "" && a.defaultCache:
		dir, err := cache.DefaultDir()
		if err != nil {
			return nil // no cache directory: run without one
		}
		o.cacheDir = dir
	}
	return nil
}

func stderrIsTerminal() bool { return term.IsTerminal(int(os.Stderr.Fd())) }

func runtimeCPUs() int { return runtime.GOMAXPROCS(0) }

// progressDelay is how long a run goes before it shows a progress bar.
var progressDelay = time.Second

// progress is a progress bar over units on stderr, shown only when stderr
// is a terminal, the output is text and the run lasts more than a second.
// A nil *progress does nothing.
type progress struct {
	mu    sync.Mutex
	bar   *progressbar.ProgressBar // nil until shown
	start time.Time
	total int
	done  int
	a     *app
}

func (a *app) newProgress(total int) *progress {
	if a.isTerminal == nil || !a.isTerminal() || a.opts.json || a.opts.sarif || total < 2 {
		return nil
	}
	return &progress{start: time.Now(), total: total, a: a}
}

// add counts one unit done.
func (p *progress) add() { p.advance(1) }

// skip counts units with nothing to do.
func (p *progress) skip(n int) { p.advance(n) }

func (p *progress) advance(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	if p.bar == nil && time.Since(p.start) > progressDelay {
		p.bar = progressbar.NewOptions(p.total, progressbar.OptionSetWriter(p.a.stderr),
			progressbar.OptionSetDescription("cudavet"), progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true), progressbar.OptionClearOnFinish())
	}
	if p.bar != nil {
		_ = p.bar.Set(p.done)
	}
}

// finish clears the bar.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
