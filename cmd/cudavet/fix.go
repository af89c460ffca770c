package main

import (
	"fmt"
	"go/token"
	"os"
	"sort"

	"github.com/cudavet/cudavet/checkers/driver"
)

// edit is one text edit in byte offsets of a file.
type edit struct {
	start, end int
	text       []byte
}

// applyFixes applies the first suggested fix of each finding, as go vet
// -fix does: edits are grouped by file and applied from the end; a fix
// whose edits overlap an already chosen one is skipped. It returns the
// number of fixes applied.
func applyFixes(fset *token.FileSet, diags []driver.Diagnostic) (int, error) {
	byFile, applied := fixEdits(fset, diags)
	names := make([]string, 0, len(byFile))
	for n := range byFile {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := rewrite(name, byFile[name]); err != nil {
			return 0, err
		}
	}
	return applied, nil
}

// fixEdits groups the first suggested fix of each finding by file,
// leaving out fixes that span files or overlap a chosen one, and returns
// them with the number of fixes chosen.
func fixEdits(fset *token.FileSet, diags []driver.Diagnostic) (map[string][]edit, int) {
	byFile := map[string][]edit{}
	applied := 0
	for _, d := range diags {
		if len(d.SuggestedFixes) == 0 {
			continue
		}
		var es []edit
		file := ""
		ok := true
		for _, te := range d.SuggestedFixes[0].TextEdits {
			p, e := fset.Position(te.Pos), fset.Position(te.End)
			if te.End == token.NoPos {
				e = p
			}
			if file != "" && p.Filename != file {
				ok = false // fixes spanning files are not applied
			}
			file = p.Filename
			es = append(es, edit{p.Offset, e.Offset, te.NewText})
		}
		if !ok || file == "" || overlaps(byFile[file], es) {
			continue
		}
		byFile[file] = append(byFile[file], es...)
		applied++
	}
	return byFile, applied
}

func overlaps(have, add []edit) bool {
	for _, a := range add {
		for _, h := range have {
			if a.start < h.end && h.start < a.end || a.start == h.start {
				return true
			}
		}
	}
	return false
}

func rewrite(name string, es []edit) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if src, err = applyEdits(name, src, es); err != nil {
		return err
	}
	st, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, src, st.Mode())
}

// applyEdits returns src with es applied (es is reordered).
func applyEdits(name string, src []byte, es []edit) ([]byte, error) {
	sort.Slice(es, func(i, j int) bool { return es[i].start > es[j].start })
	for _, e := range es {
		if e.start < 0 || e.end > len(src) || e.start > e.end {
			return nil, fmt.Errorf("%s: edit out of range", name)
		}
		src = append(src[:e.start], append(append([]byte(nil), e.text...), src[e.end:]...)...)
	}
	return src, nil
}
