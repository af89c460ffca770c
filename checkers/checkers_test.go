package checkers

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestRegistry checks the registered checkers' metadata.
func TestRegistry(t *testing.T) {
	name := regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	var as []*analysis.Analyzer
	for i, c := range All {
		a := c.Analyzer
		as = append(as, a)
		if !name.MatchString(a.Name) {
			t.Errorf("checker %q: name must be one lowercase word", a.Name)
		}
		if i > 0 && All[i-1].Name() >= a.Name {
			t.Errorf("All is not sorted by name, or repeats one: %s before %s", All[i-1].Name(), a.Name)
		}
		if !strings.HasPrefix(a.Doc, a.Name+": ") || c.Summary() == "" {
			t.Errorf("checker %s: Doc must start with %q and a one-line summary", a.Name, a.Name+": ")
		}
		if strings.HasSuffix(c.Summary(), ".") {
			t.Errorf("checker %s: summary ends with a period", a.Name)
		}
	}
	if err := analysis.Validate(as); err != nil {
		t.Error(err)
	}
}

func fakeAnalyzer(name string) *analysis.Analyzer {
	return &analysis.Analyzer{Name: name, Doc: name + ": does " + name, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
}

func TestAnalyzers(t *testing.T) {
	a, b, c := fakeAnalyzer("alpha"), fakeAnalyzer("beta"), fakeAnalyzer("gamma")
	r := Registry{{Analyzer: a, Default: true}, {Analyzer: b}, {Analyzer: c, Default: true}}
	for _, tc := range []struct {
		names []string
		want  []*analysis.Analyzer
	}{
		{nil, []*analysis.Analyzer{a, c}},
		{[]string{"beta"}, []*analysis.Analyzer{b}},
		{[]string{"gamma", "alpha", "gamma"}, []*analysis.Analyzer{c, a}},
		{[]string{"beta", "all"}, []*analysis.Analyzer{b, a, c}},
	} {
		got, err := r.Analyzers(tc.names)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Analyzers(%q) = %v, %v", tc.names, got, err)
		}
	}
	_, err := r.Analyzers([]string{"alpha", "delta"})
	if err == nil || err.Error() != `unknown checker "delta" (valid: alpha, beta, gamma, all)` {
		t.Errorf("unknown checker: %v", err)
	}
	if r.Lookup("beta").Analyzer != b || r.Lookup("delta") != nil {
		t.Error("Lookup")
	}
	for checker, want := range map[string]Severity{"alpha": Error, "ignore": Warning, "lower": Info, "parse": Error} {
		if got := r.Severity(checker); got != want {
			t.Errorf("Severity(%s) = %s, want %s", checker, got, want)
		}
	}
}

func TestSummary(t *testing.T) {
	for doc, want := range map[string]string{
		"x: finds things\n\nMore text.":            "finds things",
		"# Analyzer x\n\nx: finds things\n\nMore.": "finds things",
		"finds things without a prefix":            "finds things without a prefix",
	} {
		if got := Summary(&analysis.Analyzer{Name: "x", Doc: doc}); got != want {
			t.Errorf("Summary(%q) = %q, want %q", doc, got, want)
		}
	}
}

// TestREADME checks that README.md's checker table lists exactly the
// registered checkers, with their default, severity and summary.
func TestREADME(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "\n## Checkers\n")
	if !ok {
		t.Fatal(`README.md has no "## Checkers" section`)
	}
	table, _, _ = strings.Cut(table, "\n## ")
	rows := map[string][]string{}
	for line := range strings.SplitSeq(table, "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if !strings.HasPrefix(line, "| `") || len(cells) != 4 {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[strings.Trim(cells[0], "`")] = cells[1:]
	}
	for _, c := range All {
		want := []string{yesNo(c.Default), c.Severity.String(), c.Summary()}
		if got, ok := rows[c.Name()]; !ok {
			t.Errorf("README.md checker table lacks %s; add: | `%s` | %s |", c.Name(), c.Name(), strings.Join(want, " | "))
		} else if !slices.Equal(got, want) {
			t.Errorf("README.md row of %s is %q, want %q", c.Name(), got, want)
		}
		delete(rows, c.Name())
	}
	for name := range rows {
		t.Errorf("README.md checker table lists %s, which is not registered", name)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func TestSeverityNamed(t *testing.T) {
	for _, s := range []Severity{Error, Warning, Info} {
		if got := SeverityNamed(s.String()); got != s {
			t.Errorf("SeverityNamed(%q) = %v", s.String(), got)
		}
	}
}
