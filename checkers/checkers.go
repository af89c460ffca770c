// Package checkers is the registry of cudavet's checkers: each analyzer
// with its severity and whether it runs by default. Adding a checker is one
// new directory (checkers/<name>) plus one line in All; the README's checker
// table must list it (a test checks that).
package checkers

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cudavet/cudavet/checkers/align"
	"github.com/cudavet/cudavet/checkers/annotation"
	"github.com/cudavet/cudavet/checkers/barrierdiv"
	"github.com/cudavet/cudavet/checkers/bounds"
	"github.com/cudavet/cudavet/checkers/internal/witness"
	"github.com/cudavet/cudavet/checkers/nilptr"
	"github.com/cudavet/cudavet/checkers/overflow"
	"github.com/cudavet/cudavet/checkers/race"
	"github.com/cudavet/cudavet/checkers/uninit"
	"github.com/cudavet/cudavet/checkers/warpsync"
	"golang.org/x/tools/go/analysis"
)

// Severity is how serious a checker's findings are (SARIF's level, the
// JSON output's "severity").
type Severity int

// Severities, most serious first.
const (
	Error Severity = iota
	Warning
	Info
)

var severityNames = [...]string{"error", "warning", "info"}

// String returns "error", "warning" or "info".
func (s Severity) String() string { return severityNames[s] }

// SeverityNamed returns the severity String names: Warning for
// "warning", Info for "info", and Error for anything else (a
// configuration file's levels are checked when it is read).
func SeverityNamed(name string) Severity {
	for i, n := range severityNames {
		if n == name {
			return Severity(i)
		}
	}
	return Error
}

// Check is a registered checker.
type Check struct {
	Analyzer *analysis.Analyzer
	Severity Severity
	// Default is set for the checks that run without -checks.
	Default bool
}

// Name returns the analyzer's name, which is also its package's name.
func (c *Check) Name() string { return c.Analyzer.Name }

// Summary returns the one-line summary of the checker's Doc.
func (c *Check) Summary() string { return Summary(c.Analyzer) }

// All lists every checker, sorted by name.
// WitnessPrefix starts the message of every related entry that carries a
// witness (launch, thread, sizes), so that front ends can hide them.
const WitnessPrefix = witness.Prefix

var All = []*Check{
	{Analyzer: align.Analyzer, Severity: Error, Default: true},
	{Analyzer: annotation.Analyzer, Severity: Error, Default: true},
	{Analyzer: barrierdiv.Analyzer, Severity: Error, Default: true},
	{Analyzer: bounds.Analyzer, Severity: Error, Default: true},
	{Analyzer: nilptr.Analyzer, Severity: Error, Default: false},
	{Analyzer: overflow.Analyzer, Severity: Error, Default: true},
	{Analyzer: race.Analyzer, Severity: Error, Default: true},
	{Analyzer: uninit.Analyzer, Severity: Warning, Default: true},
	{Analyzer: warpsync.Analyzer, Severity: Error, Default: true},
}

// Registry is a list of checkers sorted by name: All, or a test's own.
type Registry []*Check

// Lookup returns the checker of All with the given name, or nil.
func Lookup(name string) *Check { return Registry(All).Lookup(name) }

// Analyzers returns the analyzers of the named checkers of All; see
// Registry.Analyzers.
func Analyzers(names []string) ([]*analysis.Analyzer, error) { return Registry(All).Analyzers(names) }

// Lookup returns the checker with the given name, or nil.
func (r Registry) Lookup(name string) *Check {
	for _, c := range r {
		if c.Name() == name {
			return c
		}
	}
	return nil
}

// Names returns the names of the checkers, sorted.
func (r Registry) Names() []string {
	var names []string
	for _, c := range r {
		names = append(names, c.Name())
	}
	slices.Sort(names)
	return names
}

// Analyzers returns the analyzers of the named checkers, in the order
// given, without repetitions. No names means the default checkers; the name
// "all" stands for every checker. An unknown name is an error that lists
// the valid ones.
func (r Registry) Analyzers(names []string) ([]*analysis.Analyzer, error) {
	if len(names) == 0 {
		return r.Defaults(), nil
	}
	var as []*analysis.Analyzer
	for _, n := range names {
		if n == "all" {
			for _, c := range r {
				as = appendNew(as, c.Analyzer)
			}
			continue
		}
		c := r.Lookup(n)
		if c == nil {
			return nil, fmt.Errorf("unknown checker %q (valid: %s)", n, strings.Join(append(r.Names(), "all"), ", "))
		}
		as = appendNew(as, c.Analyzer)
	}
	return as, nil
}

// Defaults returns the analyzers of the default checkers.
func (r Registry) Defaults() []*analysis.Analyzer {
	var as []*analysis.Analyzer
	for _, c := range r {
		if c.Default {
			as = append(as, c.Analyzer)
		}
	}
	return as
}

// FindingSeverity is the severity of one finding of checker in category
// (driver.Diagnostic's): its checker's, and Info for a latent overflow
// (overflow.LatentCategory), which no size within the production limits
// triggers.
func (r Registry) FindingSeverity(checker, category string) Severity {
	if checker == overflow.Analyzer.Name && category == overflow.LatentCategory {
		return Info
	}
	return r.Severity(checker)
}

// Severity returns the severity of the named checker's findings: its
// registered one, or for the diagnostics that are not a checker's, error
// for "parse", "annotation" and internal errors, warning for "ignore" and
// info for "lower".
func (r Registry) Severity(checker string) Severity {
	if c := r.Lookup(checker); c != nil {
		return c.Severity
	}
	switch checker {
	case "ignore":
		return Warning
	case "lower":
		return Info
	}
	return Error
}

func appendNew(as []*analysis.Analyzer, a *analysis.Analyzer) []*analysis.Analyzer {
	if slices.Contains(as, a) {
		return as
	}
	return append(as, a)
}

// Summary returns the one-line summary of an analyzer's Doc, which starts
// "name: summary" (the form analysisutil.MustExtractDoc produces from a
// doc.go section headed "# Analyzer name"); a leading heading line and the
// "name:" prefix are dropped.
func Summary(a *analysis.Analyzer) string {
	for line := range strings.SplitSeq(a.Doc, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "# Analyzer") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, a.Name+":"); ok {
			return strings.TrimSpace(rest)
		}
		return line
	}
	return ""
}
