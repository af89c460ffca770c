package recall

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Near is how many lines a finding may stand from a labelled line and
// still count for the row.
const Near = 3

// Output is the part of cudavet's -json output (schema version 1) the
// corpus reads.
type Output struct {
	Version     int          `json:"version"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Stats       struct {
		Files      int `json:"files"`
		ParseErr   int `json:"parse_errors"`
		Kernels    int `json:"kernels"`
		Statements int `json:"statements"`
		Units      int `json:"units"`
	} `json:"stats"`
	Verdicts []Verdict `json:"verdicts"`
}

// Diagnostic is one entry of Output.Diagnostics.
type Diagnostic struct {
	Checker        string    `json:"checker"`
	Kind           string    `json:"kind"` // finding, incomplete, note
	File           string    `json:"file"`
	Line           int       `json:"line"`
	Message        string    `json:"message"`
	Related        []Related `json:"related"`
	SuggestedFixes []struct {
		Edits []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			EndLine int    `json:"end_line"`
		} `json:"edits"`
	} `json:"suggested_fixes"`
}

// Related is one entry of a Diagnostic's related information.
type Related struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// inlinedFrom is the message of the related entries that name the calls a
// finding's access was inlined through (checkers/symexec).
const inlinedFrom = "inlined from this call"

// Verdict is one entry of Output.Verdicts: a kernel under one launch context.
type Verdict struct {
	File    string `json:"file"`
	Kernel  string `json:"kernel"`
	Verdict string `json:"verdict"` // findings, verified, incomplete
	Reason  string `json:"reason"`
}

// ParseOutput decodes cudavet's -json output.
func ParseOutput(data []byte) (*Output, error) {
	var o Output
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, fmt.Errorf("cudavet -json output: %w", err)
	}
	if o.Version != 1 {
		return nil, fmt.Errorf("cudavet -json output: schema version %d, want 1", o.Version)
	}
	return &o, nil
}

// Hit returns the first finding of o that counts for r: a finding of one
// of r's checkers in a labelled file within Near lines of a labelled line,
// or one whose suggested fix edits a labelled line. Diagnostic files are
// relative to the tree root (cudavet runs there) or absolute under it.
func Hit(r *Row, o *Output, root string) *Diagnostic {
	checkers := r.CheckersOf()
	for i := range o.Diagnostics {
		d := &o.Diagnostics[i]
		if d.Kind != "finding" || !slices.Contains(checkers, d.Checker) {
			continue
		}
		if near(r, rel(root, d.File), d.Line, d.Line) {
			return d
		}
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.Edits {
				if near(r, rel(root, e.File), e.Line, max(e.Line, e.EndLine)) {
					return d
				}
			}
		}
	}
	return nil
}

// HitCallSite returns the first finding of o of one of r's checkers whose
// access was inlined through a call within Near lines of a labelled line,
// and that call: the helper holds the access, the labelled code the call.
func HitCallSite(r *Row, o *Output, root string) (*Diagnostic, *Related) {
	checkers := r.CheckersOf()
	for i := range o.Diagnostics {
		d := &o.Diagnostics[i]
		if d.Kind != "finding" || !slices.Contains(checkers, d.Checker) {
			continue
		}
		for j := range d.Related {
			c := &d.Related[j]
			if c.Message == inlinedFrom && near(r, rel(root, c.File), c.Line, c.Line) {
				return d, c
			}
		}
	}
	return nil, nil
}

// near reports whether [from, to] of file comes within Near lines of a
// labelled line of r.
func near(r *Row, file string, from, to int) bool {
	for _, l := range r.Lines[file] {
		if from-Near <= l && l <= to+Near {
			return true
		}
	}
	return false
}

// rel returns file relative to root when it is under it.
func rel(root, file string) string {
	if !filepath.IsAbs(file) {
		return filepath.Clean(file)
	}
	if r, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return file
}
