package driver

import (
	"time"

	"golang.org/x/tools/go/analysis"
)

// Stats counts what a Run did.
type Stats struct {
	Units      int // functions with a body, each analysed by every analyzer
	Duplicates int // findings merged into an identical earlier one
	// SameIR is the kernel instantiations not analysed because an earlier
	// one has the same IR and launches up to the 16-bit float type (the
	// Half and BFloat16 cases of a dispatch): findings, counters and
	// verdicts are the earlier one's.
	SameIR     int
	Suppressed int // findings removed by cudavet:ignore directives
	// InternalErrors is the number of (analyzer, unit) runs that panicked
	// or returned an error, each reported as an InternalError diagnostic
	// (identical ones merged): when it is not zero the run is incomplete.
	InternalErrors int
	// Stopped is the number of (analyzer, unit) runs the run's limit
	// (-timeout, -memlimit) abandoned, plus one when units were not
	// started, each reported as a Stopped diagnostic: when it is not zero
	// the run is incomplete too.
	Stopped int
	// Checkers has one entry per analyzer run (requested ones and those
	// they require), dependencies first.
	Checkers []CheckerStats
}

// CheckerStats counts one analyzer's work over all units.
type CheckerStats struct {
	Name string
	// Root is set for an analyzer of Config.Analyzers, whose findings are
	// reported; an analyzer that is only required reports nothing.
	Root           bool
	Units          int           // units it ran on, failed ones included
	Skipped        int           // units skipped because a requirement failed
	Findings       int           // diagnostics in the result (after merging and suppression), internal errors and stops excluded
	Suppressed     int           // findings suppressed by cudavet:ignore
	InternalErrors int           // units on which it panicked or returned an error
	Stopped        int           // units on which the run's limit abandoned it
	Time           time.Duration // time spent in its Run, summed over units
	// Counters are the analyzer's own counts (what it could not check),
	// summed over units; nil when it keeps none.
	Counters map[string]int
}

// Checker returns the statistics of the named analyzer, or nil.
func (s *Stats) Checker(name string) *CheckerStats {
	for i := range s.Checkers {
		if s.Checkers[i].Name == name {
			return &s.Checkers[i]
		}
	}
	return nil
}

func newStats(order []*analysis.Analyzer, roots map[*analysis.Analyzer]bool) Stats {
	var s Stats
	for _, a := range order {
		s.Checkers = append(s.Checkers, CheckerStats{Name: a.Name, Root: roots[a]})
	}
	return s
}

// addUnit accumulates one unit's runs; their order is the plan's order,
// the same as s.Checkers'.
func (s *Stats) addUnit(o unitOut) {
	for i, run := range o.runs {
		c := &s.Checkers[i]
		if run.skipped {
			c.Skipped++
			continue
		}
		c.Units++
		c.Time += run.time
		for k, v := range run.counters {
			if c.Counters == nil {
				c.Counters = map[string]int{}
			}
			c.Counters[k] += v
		}
		if run.failed {
			c.InternalErrors++
			s.InternalErrors++
		}
		if run.stopped {
			c.Stopped++
			s.Stopped++
		}
	}
}

// countFindings counts the final findings of each analyzer.
func (s *Stats) countFindings(diags []Diagnostic) {
	for _, d := range diags {
		if Incomplete(d.Category) {
			continue
		}
		if c := s.Checker(d.Checker); c != nil {
			c.Findings++
		}
	}
}
