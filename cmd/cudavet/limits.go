package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
)

// limits holds the ceilings of one run: -timeout (wall clock) and
// -memlimit (resident memory, C allocations of libclang and Z3 included).
// Past either, the run's context ends with the reason as its cause: the
// driver abandons the passes under way, counts the functions it did not
// start, and the command prints what finished and exits 3. Loading cannot
// be interrupted (libclang parses in C), so a run still going a grace
// period after the context ended is stopped with exit status 3.
type limits struct {
	timeout  time.Duration // 0: none
	memLimit int64         // bytes; 0: none
	stderr   io.Writer
	exit     func(int) // os.Exit; tests replace it
}

// passTimeout bounds one checker on one function (driver.Config.PassTimeout):
// far above any budget (symexec.Options.KernelWork) even on a starved
// machine, it only ends a checker that hangs, with an internal error, so
// that the rest of the run goes on. -timeout is the tighter, user-chosen
// ceiling.
const passTimeout = 30 * time.Minute

// windDownAfter is when, into a run under -timeout, the checks not yet
// decided start ending undecided without work (symexec.Options.WindDown):
// four fifths of the limit, so that the functions under way finish and
// print what they decided before the limit abandons them.
func windDownAfter(timeout time.Duration) time.Duration { return timeout * 4 / 5 }

// windDownNote returns the incomplete diagnostic of a run whose wind-down
// left checks undecided (false when none was): the run finished, but did
// not check everything, and says so as a stopped one does.
func windDownNote(timeout time.Duration, res *driver.Result) (driver.Diagnostic, bool) {
	n := timeLimited(res.Stats.Checkers)
	if timeout <= 0 || n == 0 {
		return driver.Diagnostic{}, false
	}
	return driver.Diagnostic{Checker: "driver", Category: driver.Stopped,
		Message: fmt.Sprintf("-timeout %s: %d checks left undecided after %s, when the run stopped asking (the findings decided before are shown)",
			timeout, n, windDownAfter(timeout))}, true
}

// timeLimited counts the checks the wind-down left undecided.
func timeLimited(cs []driver.CheckerStats) int {
	n := 0
	for _, c := range cs {
		n += c.Counters[symexec.TimeLimitCounter]
	}
	return n
}

// grace is how long a stopped run may take to print what it has.
const grace = 10 * time.Second

// memPoll is how often the resident size is read.
const memPoll = 100 * time.Millisecond

// start returns the context the run works under and a function that
// releases the watchers; call it once the output is written.
func (l *limits) start() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	if l.timeout <= 0 && l.memLimit <= 0 {
		return ctx, func() { cancel(nil) }
	}
	done := make(chan struct{})
	var once sync.Once
	stop := func(cause error) {
		once.Do(func() {
			// Nothing is printed here: the main goroutine may be writing
			// to stderr; the driver reports the cause. Only a run stuck
			// past the grace period, whose main goroutine is in C, is
			// told from here.
			cancel(cause)
			time.AfterFunc(grace, func() {
				select {
				case <-done:
				default:
					fmt.Fprintf(l.stderr, "cudavet: %v and the run did not stop within %s: exiting\n", cause, grace)
					l.exit(exitIncomplete)
				}
			})
		})
	}
	if l.timeout > 0 {
		t := time.AfterFunc(l.timeout, func() { stop(fmt.Errorf("-timeout %s passed", l.timeout)) })
		go func() { <-done; t.Stop() }()
	}
	if l.memLimit > 0 {
		// The garbage collector works to stay below the limit first; the
		// watcher stops the run when the whole process passes it.
		old := debug.SetMemoryLimit(l.memLimit * 3 / 4)
		go func() {
			defer debug.SetMemoryLimit(old)
			tick := time.NewTicker(memPoll)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					if rss := residentBytes(); rss > l.memLimit {
						stop(fmt.Errorf("-memlimit %d MiB passed (resident %d MiB)", l.memLimit>>20, rss>>20))
						return
					}
				}
			}
		}()
	}
	return ctx, func() {
		close(done)
		cancel(nil)
	}
}

// residentBytes returns the process's resident set size from
// /proc/self/statm, or 0 where that cannot be read.
func residentBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(string(f[1]), 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}
