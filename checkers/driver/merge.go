package driver

import (
	"cmp"
	"go/token"
	"slices"

	"github.com/cudavet/cudavet/frontend/ir"
)

// frontEndDiagnostic converts a parse, annotation or lowering problem; its
// category doubles as its checker name.
func frontEndDiagnostic(fset *token.FileSet, d *ir.Diagnostic) Diagnostic {
	return Diagnostic{
		Checker:  d.Category,
		Category: d.Category,
		Pos:      d.Pos,
		Position: position(fset, d.Pos),
		Message:  d.Message,
	}
}

// dedupKey identifies a finding for merging: template instantiations and
// headers included by several files report the same finding more than
// once, possibly through different token.Files of one file name, so the
// key uses the resolved file name and offset rather than the token.Pos.
type dedupKey struct {
	checker, file string
	offset        int
	message       string
}

// merger collects diagnostics, keeping the first of each dedupKey, and
// of each position's reports by one checker, those of the first function
// (unit) that reported there: another instantiation words the same
// finding with its own witness (float's sizes, half's), and units arrive
// in program order, so the choice does not depend on scheduling.
type merger struct {
	fset       *token.FileSet
	seen       map[dedupKey]bool
	first      map[dedupKey]string // message-less key → the function that reported there first
	diags      []Diagnostic
	duplicates int
}

func newMerger(fset *token.FileSet) *merger {
	return &merger{fset: fset, seen: map[dedupKey]bool{}, first: map[dedupKey]string{}}
}

func (m *merger) add(d Diagnostic) {
	k := dedupKey{d.Checker, d.Position.Filename, d.Position.Offset, d.Message}
	if !d.Position.IsValid() {
		k.offset = -1
	}
	at := k
	at.message = ""
	if f, ok := m.first[at]; ok && f != d.Function && k.offset >= 0 {
		m.duplicates++
		return
	}
	if m.seen[k] {
		m.duplicates++
		return
	}
	m.seen[k] = true
	if _, ok := m.first[at]; !ok {
		m.first[at] = d.Function
	}
	m.diags = append(m.diags, d)
}

func (m *merger) list() []Diagnostic { return m.diags }

// sortDiagnostics orders diagnostics by file name, line, column, checker,
// then message: the order of the output, whatever the order of the units
// or of the analyzers' reports.
func sortDiagnostics(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Position.Filename, b.Position.Filename),
			cmp.Compare(a.Position.Line, b.Position.Line),
			cmp.Compare(a.Position.Column, b.Position.Column),
			cmp.Compare(a.Checker, b.Checker),
			cmp.Compare(a.Message, b.Message),
		)
	})
}
