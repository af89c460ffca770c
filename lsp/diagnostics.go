package lsp

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	protocol "github.com/sourcegraph/go-lsp"
	"golang.org/x/tools/go/analysis"
)

// source is every diagnostic's source.
const source = "cudavet"

// Codes of the diagnostics that are not a checker's.
const (
	codeInternal = "internal error" // the analysis failed (panic, error)
	codeTimeout  = "timeout"        // the analysis ran out of time
	codeConfig   = "config"         // the project configuration file is malformed
)

// A finding is one published diagnostic with what hover and code actions
// need besides.
type finding struct {
	diag Diagnostic
	// checker is the driver's checker name (also the diagnostic's code);
	// suppressible is set when a cudavet:ignore comment can hide it: a
	// registered checker's finding, not an internal error.
	checker      string
	suppressible bool
	// witness lists the related entries as the command line prints them,
	// "file:line:col: message" (file relative to the document's directory).
	witness []string
	// fixes are the checker's suggested fixes whose edits all lie in the
	// document, in the positions of version, the text analysed (code
	// actions offer them while the document is at that version).
	fixes   []fix
	version int
	// text is the text the finding's positions are in (the analysed
	// version's, or the edited one's for a carried finding).
	text *Mapper
	// carried is set on a finding of the symbolic stage kept over an
	// edit until that stage publishes again (see carry).
	carried bool
}

// fix is a checker's suggested fix as edits of the document.
type fix struct {
	title string
	edits []protocol.TextEdit
}

// convert turns a driver diagnostic into a finding of snap's document,
// with the severities of reg (the project file may change them). It
// keeps the diagnostics located in the document; of those located in other
// files (headers), only parse errors, which make the document's analysis
// incomplete, are kept, at the top of the document.
func (s *Server) convert(snap *snapshot, reg checkers.Registry, files *fileTexts, fset *token.FileSet, d driver.Diagnostic) (finding, bool) {
	f := finding{checker: d.Checker}
	msg := d.Message
	var rng protocol.Range
	switch name := d.Position.Filename; {
	case name == snap.path:
		rng = diagRange(snap.text, d.Position, d.EndPosition)
	case d.Category == "parse" || name == "":
		if name != "" {
			msg = fmt.Sprintf("%s: %s", relPosition(snap, d.Position), msg)
		}
	default:
		return f, false
	}
	f.suppressible = s.registry.Lookup(d.Checker) != nil && !driver.Incomplete(d.Category)
	code, sev := d.Checker, severity(reg.FindingSeverity(d.Checker, d.Category))
	switch d.Category {
	case driver.InternalError:
		code = codeInternal
	case driver.Stopped:
		// Work the analysis's time limit cut short, as a failure() that
		// ran out of time is: a warning, not a finding or a crash.
		code, sev = codeTimeout, protocol.Warning
	}
	f.diag = Diagnostic{Diagnostic: protocol.Diagnostic{
		Range:    rng,
		Severity: sev,
		Code:     code,
		Source:   source,
		Message:  msg,
	}}
	f.version, f.text = snap.version, snap.text
	for _, sf := range d.SuggestedFixes {
		if x, ok := docFix(snap, fset, sf); ok {
			f.fixes = append(f.fixes, x)
		}
	}
	for _, r := range d.Related {
		posn := d.Position
		if r.Pos.IsValid() {
			posn = fset.Position(r.Pos)
		}
		f.diag.RelatedInformation = append(f.diag.RelatedInformation, relatedInfo(snap, files, posn, r.Message))
		f.witness = append(f.witness, fmt.Sprintf("%s: %s", relPosition(snap, posn), r.Message))
	}
	return f, true
}

// docFix maps a suggested fix to edits of snap's document; false when
// an edit lies in another file (a header: the fix is the command's -fix,
// not one document's action).
func docFix(snap *snapshot, fset *token.FileSet, sf analysis.SuggestedFix) (fix, bool) {
	x := fix{title: sf.Message}
	for _, e := range sf.TextEdits {
		start := fset.Position(e.Pos)
		if start.Filename != snap.path {
			return fix{}, false
		}
		r := protocol.Range{Start: snap.text.Position(start.Line, start.Column)}
		r.End = r.Start
		if e.End.IsValid() {
			end := fset.Position(e.End)
			if end.Filename != snap.path {
				return fix{}, false
			}
			r.End = snap.text.Position(end.Line, end.Column)
		}
		x.edits = append(x.edits, protocol.TextEdit{Range: r, NewText: string(e.NewText)})
	}
	return x, len(x.edits) > 0
}

// diagRange returns the range of a diagnostic: its end when it has one in
// the same file, else the rest of the start's line.
func diagRange(m *Mapper, start, end token.Position) protocol.Range {
	r := protocol.Range{Start: m.Position(start.Line, start.Column)}
	if end.Line > 0 && end.Filename == start.Filename && (end.Line > start.Line || end.Column > start.Column) {
		r.End = m.Position(end.Line, end.Column)
	} else {
		r.End = m.LineEnd(r.Start.Line)
	}
	return r
}

// relatedInfo places a related entry in its file (the document itself, or
// another file read from the overlay or the disk).
func relatedInfo(snap *snapshot, files *fileTexts, posn token.Position, msg string) DiagnosticRelatedInformation {
	uri, m := snap.uri, snap.text
	if posn.Filename != snap.path {
		uri, m = pathURI(posn.Filename), files.mapper(posn.Filename)
	}
	var p protocol.Position
	if m != nil {
		p = m.Position(posn.Line, posn.Column)
	} else {
		p = protocol.Position{Line: max(posn.Line-1, 0), Character: max(posn.Column-1, 0)}
	}
	return DiagnosticRelatedInformation{Location: protocol.Location{URI: uri, Range: protocol.Range{Start: p, End: p}}, Message: msg}
}

// relPosition formats a position as file:line:col with the file relative
// to the document's directory when under it.
func relPosition(snap *snapshot, p token.Position) string {
	name := p.Filename
	if rel, err := filepath.Rel(filepath.Dir(snap.path), name); err == nil && !strings.HasPrefix(rel, "..") {
		name = rel
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

// severity maps the registry's severities to the protocol's.
func severity(s checkers.Severity) protocol.DiagnosticSeverity {
	switch s {
	case checkers.Error:
		return protocol.Error
	case checkers.Warning:
		return protocol.Warning
	}
	return protocol.Information
}

// failure is the one diagnostic published for an analysis that failed:
// at the top of the document, so that the failure is seen where the
// findings would be.
func failure(err error) finding {
	code, sev := codeInternal, protocol.DiagnosticSeverity(protocol.Error)
	switch {
	case strings.HasPrefix(err.Error(), "analysis stopped after"):
		code, sev = codeTimeout, protocol.Warning
	case strings.HasPrefix(err.Error(), configPrefix):
		code = codeConfig
	}
	msg, _, _ := strings.Cut(err.Error(), "\n") // the stack goes to the log
	return finding{checker: code, diag: Diagnostic{Diagnostic: protocol.Diagnostic{
		Severity: sev, Code: code, Source: source, Message: msg,
	}}}
}

// publishOutcome sends an analysis's diagnostics for the document (with a
// failure, those of the stages done and one diagnostic for the failure)
// and keeps them for hover and code actions.
func (s *Server) publishOutcome(o outcome) {
	fs := o.findings
	if o.err != nil {
		s.logf("cudavet: %s (version %d): %v", o.snap.path, o.snap.version, o.err)
		fs = append(append([]finding(nil), fs...), failure(o.err))
	}
	s.setFindings(o.snap.uri, fs)
	s.publish(o.snap.uri, o.snap.version, fs)
}

// publish sends textDocument/publishDiagnostics (an empty list clears).
func (s *Server) publish(uri protocol.DocumentURI, version int, fs []finding) {
	p := PublishDiagnosticsParams{URI: uri, Version: version, Diagnostics: []Diagnostic{}}
	for _, f := range fs {
		p.Diagnostics = append(p.Diagnostics, f.diag)
	}
	s.notifyClient(methodPublishDiagnostics, p)
}
