package main

import (
	"encoding/json"
	"fmt"
	"github.com/cudavet/cudavet/checkers"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// kind sorts diagnostics by what they mean for the run.
type kind string

const (
	// finding: a problem in the analysed code (a checker's finding, a
	// malformed annotation, a cudavet:ignore problem). Exit status 1.
	finding kind = "finding"
	// incomplete: the analysis did not cover everything (an internal
	// error, a file that did not parse cleanly, a -merge of parts that
	// analysed apart what one run analyses together). Exit status 3.
	incomplete kind = "incomplete"
	// note: information about the analysis (a construct the lowering did
	// not understand). No effect on the exit status.
	note kind = "note"
)

func kindOf(d *driver.Diagnostic) kind {
	switch {
	case driver.Incomplete(d.Category) || d.Checker == "parse" || d.Checker == shardChecker:
		return incomplete
	case d.Checker == "lower":
		return note
	}
	return finding
}

// exitStatus is 3 for an incomplete run, else 1 when there are findings,
// else 0.
func exitStatus(res *driver.Result) int {
	status := exitClean
	for i := range res.Diagnostics {
		switch kindOf(&res.Diagnostics[i]) {
		case incomplete:
			return exitIncomplete
		case finding:
			status = exitFindings
		}
	}
	return status
}

// output writes the result in the selected format. In text form, findings
// go to stdout and the rest to stderr; JSON and SARIF carry everything.
func (a *app) output(prog *ir.Program, res *driver.Result) error {
	switch {
	case a.opts.json:
		return a.writeJSON(prog, res)
	case a.opts.sarif:
		return a.writeSARIF(prog, res)
	}
	defer func() {
		if a.opts.verdicts {
			a.printVerdicts(res)
		}
	}()
	for _, d := range res.Diagnostics {
		w := a.stdout
		if kindOf(&d) != finding {
			w = a.stderr
		}
		a.printText(w, d)
		for _, r := range d.Related {
			if !a.opts.witness && strings.HasPrefix(r.Message, checkers.WitnessPrefix) {
				continue
			}
			fmt.Fprintf(w, "\t%s: %s\n", a.pos(prog.Fset.Position(r.Pos)), r.Message)
		}
	}
	return nil
}

// printText writes d as "file:line:col: message (checker)".
func (a *app) printText(w io.Writer, d driver.Diagnostic) {
	msg := d.Message
	if d.Checker == "parse" {
		msg = "parse error: " + msg
	}
	fmt.Fprintf(w, "%s: %s (%s)\n", a.pos(d.Position), msg, d.Checker)
}

// pos formats a position as file:line:col with the file name relative to
// the working directory when it lies under it; "-" for no position.
func (a *app) pos(p token.Position) string {
	if !p.IsValid() {
		if p.Filename != "" {
			return relName(p.Filename)
		}
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", relName(p.Filename), p.Line, p.Column)
}

// relName returns name relative to the working directory when it lies
// under it, else unchanged.
func relName(name string) string {
	if !filepath.IsAbs(name) {
		return name
	}
	wd, err := os.Getwd()
	if err != nil {
		return name
	}
	rel, err := filepath.Rel(wd, name)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return name
	}
	return rel
}

// jsonVersion is the version of the -json schema; it changes only when a
// field is removed or changes meaning (adding fields keeps it).
const jsonVersion = 1

type jsonOutput struct {
	Version     int              `json:"version"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
	Stats       jsonStats        `json:"stats"`
	Verdicts    []jsonVerdict    `json:"verdicts"`
	// Shard is a -shard run's record for -merge (shard.go); absent otherwise.
	Shard *jsonShard `json:"shard,omitempty"`
}

type jsonDiagnostic struct {
	Checker        string        `json:"checker"`
	Category       string        `json:"category"`
	Kind           kind          `json:"kind"`
	Severity       string        `json:"severity"`
	File           string        `json:"file"`
	Line           int           `json:"line"`
	Column         int           `json:"column"`
	EndLine        int           `json:"end_line"`
	EndColumn      int           `json:"end_column"`
	Message        string        `json:"message"`
	Function       string        `json:"function"`
	Related        []jsonRelated `json:"related"`
	SuggestedFixes []jsonFix     `json:"suggested_fixes"`
	// Repro is the witness's launch (kernel, grid, block, shared memory,
	// arguments with buffer lengths), when the finding has one.
	Repro json.RawMessage `json:"repro,omitempty"`
}

type jsonRelated struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
	NewText   string `json:"new_text"`
}

func (a *app) writeJSON(prog *ir.Program, res *driver.Result) error {
	out := jsonOutput{Version: jsonVersion, Diagnostics: []jsonDiagnostic{}, Stats: a.jsonStats(prog, res),
		Verdicts: []jsonVerdict{}}
	for _, d := range res.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, a.jsonDiagnostic(prog.Fset, d))
	}
	for _, v := range res.Verdicts {
		jv := jsonVerdict{File: relName(v.Position.Filename), Line: v.Position.Line, Kernel: v.Func,
			Context: v.Context, Verdict: v.Verdict.Verdict, Reason: v.Reason}
		if v.LaunchPosition.IsValid() {
			jv.LaunchFile, jv.LaunchLine = relName(v.LaunchPosition.Filename), v.LaunchPosition.Line
		}
		out.Verdicts = append(out.Verdicts, jv)
	}
	if a.shardRun != nil {
		out.Shard = a.shardRecord()
	}
	enc := json.NewEncoder(a.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func (a *app) jsonDiagnostic(fset *token.FileSet, d driver.Diagnostic) jsonDiagnostic {
	jd := jsonDiagnostic{
		Checker: d.Checker, Category: d.Category, Kind: kindOf(&d), Severity: a.severity(d),
		File: relName(d.Position.Filename), Line: d.Position.Line, Column: d.Position.Column,
		EndLine: d.EndPosition.Line, EndColumn: d.EndPosition.Column,
		Message: d.Message, Function: d.Function,
		Related: []jsonRelated{}, SuggestedFixes: []jsonFix{},
	}
	if d.Repro != "" {
		jd.Repro = json.RawMessage(d.Repro)
	}
	for _, r := range d.Related {
		p := fset.Position(r.Pos)
		jd.Related = append(jd.Related, jsonRelated{File: relName(p.Filename), Line: p.Line, Column: p.Column, Message: r.Message})
	}
	for _, f := range d.SuggestedFixes {
		jd.SuggestedFixes = append(jd.SuggestedFixes, jsonFixOf(fset, f))
	}
	return jd
}

func jsonFixOf(fset *token.FileSet, f analysis.SuggestedFix) jsonFix {
	jf := jsonFix{Message: f.Message, Edits: []jsonEdit{}}
	for _, e := range f.TextEdits {
		p, end := fset.Position(e.Pos), fset.Position(e.End)
		if !e.End.IsValid() {
			end = p // a pure insertion
		}
		jf.Edits = append(jf.Edits, jsonEdit{
			File: relName(p.Filename), Line: p.Line, Column: p.Column, EndLine: end.Line, EndColumn: end.Column,
			Offset: p.Offset, EndOffset: end.Offset, NewText: string(e.NewText),
		})
	}
	return jf
}

// severity is "error", "warning" or "info": the registry's for a
// checker's findings, error for internal errors and stops.
func (a *app) severity(d driver.Diagnostic) string {
	if driver.Incomplete(d.Category) {
		return "error"
	}
	return a.registry.FindingSeverity(d.Checker, d.Category).String()
}

type jsonStats struct {
	Files              int           `json:"files"`
	ParseErrors        int           `json:"parse_errors"`
	Kernels            int           `json:"kernels"`
	DeviceFunctions    int           `json:"device_functions"`
	HostFunctions      int           `json:"host_functions"`
	Launches           int           `json:"launches"`
	Statements         int           `json:"statements"`
	UnknownStatements  int           `json:"unknown_statements"`
	UnknownExpressions int           `json:"unknown_expressions"`
	Units              int           `json:"units"`
	Findings           int           `json:"findings"`
	Suppressed         int           `json:"suppressed"`
	Duplicates         int           `json:"duplicates"`
	SameIR             int           `json:"same_ir"`
	InternalErrors     int           `json:"internal_errors"`
	Stopped            int           `json:"stopped,omitempty"`
	Checkers           []jsonChecker `json:"checkers"`
	ParseMS            *float64      `json:"parse_ms,omitempty"`
	LowerMS            *float64      `json:"lower_ms,omitempty"`
}

type jsonChecker struct {
	Name           string         `json:"name"`
	Units          int            `json:"units"`
	Skipped        int            `json:"skipped"`
	Findings       int            `json:"findings"`
	Suppressed     int            `json:"suppressed"`
	InternalErrors int            `json:"internal_errors"`
	Stopped        int            `json:"stopped,omitempty"`
	Counters       map[string]int `json:"counters,omitempty"`
	TimeMS         *float64       `json:"time_ms,omitempty"`
}

// jsonStats summarises the run. Times are included only with -stats, so
// that the output is otherwise the same bytes on every run.
func (a *app) jsonStats(prog *ir.Program, res *driver.Result) jsonStats {
	ps, rs := prog.Stats, res.Stats
	js := jsonStats{
		Files: ps.Files, ParseErrors: ps.ParseErrors, Kernels: ps.Kernels, DeviceFunctions: ps.DeviceFuncs,
		HostFunctions: ps.HostFuncs, Launches: ps.Launches, Statements: ps.Stmts,
		UnknownStatements: ps.UnknownStmts, UnknownExpressions: ps.UnknownExprs,
		Units: rs.Units, Suppressed: rs.Suppressed, Duplicates: rs.Duplicates, SameIR: rs.SameIR,
		InternalErrors: rs.InternalErrors, Stopped: rs.Stopped, Checkers: []jsonChecker{},
	}
	for i := range res.Diagnostics {
		if kindOf(&res.Diagnostics[i]) == finding {
			js.Findings++
		}
	}
	ms := func(d time.Duration) *float64 {
		if !a.opts.stats {
			return nil
		}
		v := float64(d.Microseconds()) / 1000
		return &v
	}
	js.ParseMS, js.LowerMS = ms(ps.ParseTime), ms(ps.LowerTime)
	for _, c := range rs.Checkers {
		if !c.Root {
			continue
		}
		js.Checkers = append(js.Checkers, jsonChecker{Name: c.Name, Units: c.Units, Skipped: c.Skipped, Counters: c.Counters,
			Findings: c.Findings, Suppressed: c.Suppressed, InternalErrors: c.InternalErrors, Stopped: c.Stopped, TimeMS: ms(c.Time)})
	}
	return js
}

// jsonVerdict is one kernel's verdict under one context.
type jsonVerdict struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Kernel     string `json:"kernel"`
	Context    string `json:"context"`
	LaunchFile string `json:"launch_file,omitempty"`
	LaunchLine int    `json:"launch_line,omitempty"`
	Verdict    string `json:"verdict"` // findings, verified or incomplete
	Reason     string `json:"reason,omitempty"`
}

// printVerdicts writes the verdict table (text output, -verdicts) and a
// count of each verdict.
func (a *app) printVerdicts(res *driver.Result) {
	w := a.stdout
	fmt.Fprintln(w, "\nVerdicts:")
	count := map[string]int{}
	for _, v := range res.Verdicts {
		count[v.Verdict.Verdict]++
		line := fmt.Sprintf("  %s: %s [%s]: %s", a.pos(v.Position), v.Func, v.Context, v.Verdict.Verdict)
		if v.Reason != "" {
			line += " (" + v.Reason + ")"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "  %d findings, %d verified, %d incomplete\n", count["findings"], count["verified"], count["incomplete"])
}
