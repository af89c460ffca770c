package main

import (
	"go/token"
	"path/filepath"
	"strings"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"github.com/owenrumney/go-sarif/v2/sarif"
	"golang.org/x/tools/go/analysis"
)

// infoURI is the tool's home in SARIF output.
const infoURI = "https://github.com/cudavet/cudavet"

// writeSARIF writes one SARIF 2.1.0 run: a rule per selected checker (and
// per other source of findings present: "annotation", "ignore"), a result
// per finding, and the run's incomplete parts (parse errors, internal
// errors) and notes (lowering) as tool execution notifications.
func (a *app) writeSARIF(prog *ir.Program, res *driver.Result) error {
	report, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	run := sarif.NewRunWithInformationURI("cudavet", infoURI)
	run.Tool.Driver.WithVersion(version())
	for _, c := range res.Stats.Checkers {
		if ch := a.registry.Lookup(c.Name); ch != nil && c.Root {
			addRule(run, ch.Name(), ch.Summary(), ch.Analyzer.Doc, ch.Analyzer.URL, ch.Severity)
		}
	}
	ok := true
	inv := sarif.NewInvocation()
	fp := newFingerprinter()
	if a.lineTexts != nil {
		fp.lines, fp.offline = a.lineTexts, true
	}
	for _, d := range res.Diagnostics {
		level := sarifLevel(a.severity(d))
		switch kindOf(&d) {
		case finding:
			if a.registry.Lookup(d.Checker) == nil {
				addRule(run, d.Checker, otherRules[d.Checker], "", "", a.registry.Severity(d.Checker))
			}
			r := sarifResult(prog.Fset, d, level)
			r.WithPartialFingerPrints(map[string]any{fingerprintKey: fp.of(d)})
			run.AddResult(r)
		case incomplete:
			ok = false
			inv.AddTToolExecutionNotification(sarifNotification(d, level))
		case note:
			inv.AddTToolExecutionNotification(sarifNotification(d, level))
		}
	}
	inv.WithExecutionSuccess(ok)
	run.AddInvocations(inv)
	report.AddRun(run)
	return report.PrettyWrite(a.stdout)
}

// otherRules describes the findings that are not a checker's.
var otherRules = map[string]string{
	"annotation": "malformed // cudavet: annotation",
	"ignore":     "cudavet:ignore directive without a reason, malformed, or suppressing nothing",
}

// addRule adds a rule with its summary, its documentation as help (what
// code review shows beside a finding) and its default level.
func addRule(run *sarif.Run, id, summary, doc, url string, sev checkers.Severity) {
	rule := run.AddRule(id).
		WithShortDescription(sarif.NewMultiformatMessageString(summary)).
		WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarifLevel(sev.String())))
	help := doc
	if help == "" {
		help = summary
	}
	if url != "" {
		help += "\n\nMore: " + url
		rule.WithHelpURI(url)
	}
	rule.WithHelp(sarif.NewMultiformatMessageString(help).WithMarkdown(help))
	if doc != "" {
		rule.WithFullDescription(sarif.NewMultiformatMessageString(doc))
	}
	pb := sarif.NewPropertyBag()
	pb.Add("tags", []string{"cuda", "correctness"})
	pb.AddString("problem.severity", sarifLevel(sev.String()))
	rule.AttachPropertyBag(pb)
}

func sarifLevel(severity string) string {
	if severity == "info" {
		return "note"
	}
	return severity
}

func sarifResult(fset *token.FileSet, d driver.Diagnostic, level string) *sarif.Result {
	loc := sarifLocation(d.Position, d.EndPosition)
	if d.Function != "" {
		loc.WithLogicalLocations([]*sarif.LogicalLocation{sarif.NewLogicalLocation().WithName(d.Function).WithKind("function")})
	}
	r := sarif.NewRuleResult(d.Checker).WithLevel(level).WithMessage(sarif.NewTextMessage(d.Message)).
		WithLocations([]*sarif.Location{loc})
	var witness []string
	for i, rel := range d.Related {
		end := token.Position{}
		if rel.End.IsValid() {
			end = fset.Position(rel.End)
		}
		r.AddRelatedLocation(sarifLocation(fset.Position(rel.Pos), end).WithId(i + 1).WithMessage(sarif.NewTextMessage(rel.Message)))
		if w, ok := strings.CutPrefix(rel.Message, checkers.WitnessPrefix); ok {
			witness = append(witness, w)
		}
	}
	if len(witness) > 0 {
		pb := sarif.NewPropertyBag()
		pb.Add("witness", witness)
		r.AttachPropertyBag(pb)
	}
	if cf := raceFlow(fset, d); cf != nil {
		r.AddCodeFlow(cf)
	}
	for _, f := range d.SuggestedFixes {
		r.AddFix(sarifFix(fset, f))
	}
	return r
}

func sarifLocation(p, end token.Position) *sarif.Location {
	region := sarif.NewRegion().WithStartLine(p.Line).WithStartColumn(p.Column)
	if end.IsValid() {
		region.WithEndLine(end.Line).WithEndColumn(end.Column)
	}
	phys := sarif.NewPhysicalLocation().WithArtifactLocation(sarif.NewSimpleArtifactLocation(sarifURI(p.Filename)))
	if p.IsValid() {
		phys.WithRegion(region)
	}
	return sarif.NewLocationWithPhysicalLocation(phys)
}

func sarifFix(fset *token.FileSet, f analysis.SuggestedFix) *sarif.Fix {
	fix := sarif.NewFix().WithDescriptionText(f.Message)
	for _, e := range f.TextEdits {
		p := fset.Position(e.Pos)
		end := p.Offset
		if e.End.IsValid() {
			end = fset.Position(e.End).Offset
		}
		region := sarif.NewRegion().WithByteOffset(p.Offset).WithByteLength(end - p.Offset)
		repl := sarif.NewReplacement(region).WithInsertedContent(sarif.NewArtifactContent().WithText(string(e.NewText)))
		fix.AddArtifactChanges(sarif.NewArtifactChange(sarif.NewSimpleArtifactLocation(sarifURI(p.Filename))).WithReplacement(repl))
	}
	return fix
}

func sarifNotification(d driver.Diagnostic, level string) *sarif.Notification {
	n := sarif.NewNotification().WithLevel(level).WithTextMessage(d.Message + " (" + d.Checker + ")")
	if d.Position.Filename != "" {
		n.AddLocation(sarifLocation(d.Position, d.EndPosition))
	}
	return n
}

// sarifURI is a file name as a URI reference: relative to the working
// directory when under it, else a file: URI.
func sarifURI(name string) string {
	rel := relName(name)
	if filepath.IsAbs(rel) {
		return "file://" + filepath.ToSlash(rel)
	}
	return filepath.ToSlash(rel)
}
