package main

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/shim"
)

// A memory error ends the kernel that makes it, so a kernel with two
// findings shows only the first one that runs: the second line never
// executes. The isolated variant of a finding's reproducer is the
// kernel's file with the other memory findings of the same kernel
// neutralised, so that the finding's own line is reached:
//   - an overflow finding gets cudavet's own int64_t fix;
//   - a bounds, align or nilptr finding's access goes through
//     cudavet_guard::ok (or cudavet_guard::in for an access into a
//     declared array), which passes the address through when it is
//     valid (aligned, not null, inside one of the harness's buffers or
//     the block's shared memory, inside the declared array) and points
//     the access at a scratch cell otherwise. Valid accesses, and so the
//     threads that make none of those errors, behave as before.
// The finding's own line is left as written.

// guardChecks are the checkers whose findings are accesses the isolated
// variant guards.
var guardChecks = map[string]bool{"bounds": true, "align": true, "nilptr": true}

// isolatedSource returns the kernel's file of target with the other
// memory findings of target's kernel neutralised, and what it
// neutralised (file:line checker), or "" when the kernel has no other
// memory finding. Findings whose access cannot be located in the source
// (a macro expansion, say) are left as they are and listed in skipped.
func isolatedSource(fset *token.FileSet, res *driver.Result, target driver.Diagnostic) (src string, done, skipped []string, err error) {
	file := target.Position.Filename
	var fixes []driver.Diagnostic
	var guards []driver.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Position.Filename != file || d.Position.Line == target.Position.Line || d.Function != target.Function ||
			kindOf(&d) != finding {
			continue
		}
		switch {
		case d.Checker == "overflow" && len(d.SuggestedFixes) > 0:
			fixes = append(fixes, d)
		case guardChecks[d.Checker]:
			guards = append(guards, d)
		}
	}
	if len(fixes)+len(guards) == 0 {
		return "", nil, nil, nil
	}
	text, err := os.ReadFile(file)
	if err != nil {
		return "", nil, nil, err
	}
	byFile, _ := fixEdits(fset, fixes)
	es := byFile[file]
	for _, d := range fixes {
		done = append(done, fmt.Sprintf("%s:%d %s (int64_t fix)", filepath.Base(file), d.Position.Line, d.Checker))
	}
	if len(guards) > 0 {
		ges, gdone, gskipped, err := guardEdits(file, text, guards)
		if err != nil {
			return "", nil, nil, err
		}
		for _, e := range ges {
			if !overlaps(es, []edit{e}) {
				es = append(es, e)
			}
		}
		done = append(done, gdone...)
		skipped = append(skipped, gskipped...)
	}
	if len(es) == 0 {
		return "", nil, skipped, nil
	}
	out, err := applyEdits(file, append([]byte(nil), text...), es)
	if err != nil {
		return "", nil, nil, err
	}
	return string(out), uniqStrings(done), uniqStrings(skipped), nil
}

func uniqStrings(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// guardEdits parses file with the shims and returns, for each finding
// of diags, an edit that routes its access through the guard.
func guardEdits(file string, text []byte, diags []driver.Diagnostic) (es []edit, done, skipped []string, err error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, nil, nil, err
	}
	var unsaved []clang.UnsavedFile
	for _, f := range shim.Files() {
		unsaved = append(unsaved, clang.NewUnsavedFile(f.Path, f.Contents))
	}
	unsaved = append(unsaved, clang.NewUnsavedFile(abs, string(text)))
	args := append(shim.Args(shim.Options{}), "-I"+filepath.Dir(abs))
	idx := clang.NewIndex(0, 0)
	defer idx.Dispose()
	tu, err := idx.Parse(abs, args, unsaved, clang.TranslationUnit_KeepGoing)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("isolate %s: %w", file, err)
	}
	defer tu.Dispose()
	accesses := accessCursors(tu)
	for _, d := range diags {
		name := fmt.Sprintf("%s:%d %s", filepath.Base(file), d.Position.Line, d.Checker)
		e, ok := guardEdit(tu, text, accesses, d.Position.Offset)
		if !ok {
			skipped = append(skipped, name)
			continue
		}
		if overlaps(es, []edit{e}) {
			done = append(done, name+" (guard)") // the same access as an earlier finding
			continue
		}
		es = append(es, e)
		done = append(done, name+" (guard)")
	}
	return es, done, skipped, nil
}

// access is a memory access expression of the main file: its kind and
// byte range, and for a subscript of a declared array, the range of
// the array's expression.
type access struct {
	kind       clang.CursorKind
	start, end int
	arrStart   int // the subscript's base when it is an array lvalue; -1 otherwise
	arrEnd     int
	argStart   int // an atomic's first argument; -1 otherwise
	argEnd     int
	arrayTyped bool // the expression is itself an array (a row of a 2-D array): no access
}

// accessCursors lists the subscripts, dereferences, arrow member
// accesses and atomics written in the main file.
func accessCursors(tu clang.TranslationUnit) []access {
	var out []access
	offsets := func(c clang.Cursor) (int, int, bool) {
		r := c.Extent()
		fs, _, _, s := r.Start().FileLocation()
		fe, _, _, e := r.End().FileLocation()
		if fs.IsNil() || !r.Start().IsFromMainFile() || !fs.Equal(fe) {
			return 0, 0, false
		}
		// A range inside a macro expansion has its expansion's
		// location: its text is not the access.
		_, _, _, so := r.Start().SpellingLocation()
		_, _, _, eo := r.End().SpellingLocation()
		if so != s || eo != e {
			return 0, 0, false
		}
		return int(s), int(e), true
	}
	tu.TranslationUnitCursor().Visit(func(c, _ clang.Cursor) clang.ChildVisitResult {
		if !c.Location().IsFromMainFile() {
			return clang.ChildVisit_Continue
		}
		a := access{kind: c.Kind(), arrStart: -1, argStart: -1}
		switch c.Kind() {
		case clang.Cursor_ArraySubscriptExpr:
			kids := c.Children()
			if len(kids) == 2 {
				// The base decays to a pointer through an implicit cast;
				// the array is beneath it.
				base := kids[0]
				for base.Kind() == clang.Cursor_UnexposedExpr && base.Type().CanonicalType().Kind() != clang.Type_ConstantArray {
					inner := base.Children()
					if len(inner) != 1 {
						break
					}
					base = inner[0]
				}
				if k := base.Type().CanonicalType().Kind(); k == clang.Type_ConstantArray {
					if s, e, ok := offsets(base); ok {
						a.arrStart, a.arrEnd = s, e
					}
				}
			}
		case clang.Cursor_UnaryOperator:
			if op, _ := tu.UnaryOperator(c); op != "*" {
				return clang.ChildVisit_Recurse
			}
		case clang.Cursor_MemberRefExpr:
			if !strings.Contains(tokenText(tu, c), "->") {
				return clang.ChildVisit_Recurse
			}
		case clang.Cursor_CallExpr:
			if !strings.HasPrefix(c.Spelling(), "atomic") {
				return clang.ChildVisit_Recurse
			}
			if c.NumArguments() < 1 {
				return clang.ChildVisit_Recurse
			}
			s, e, ok := offsets(c.Argument(0))
			if !ok {
				return clang.ChildVisit_Recurse
			}
			a.argStart, a.argEnd = s, e
		default:
			return clang.ChildVisit_Recurse
		}
		s, e, ok := offsets(c)
		if !ok {
			return clang.ChildVisit_Recurse
		}
		a.start, a.end = s, e
		a.arrayTyped = c.Type().CanonicalType().Kind() == clang.Type_ConstantArray
		out = append(out, a)
		return clang.ChildVisit_Recurse
	})
	return out
}

// tokenText is the text of c's tokens between its first child's end and
// its own end: for a member expression, "->x" or ".x".
func tokenText(tu clang.TranslationUnit, c clang.Cursor) string {
	kids := c.Children()
	if len(kids) == 0 {
		return ""
	}
	f, _, _, from := kids[0].Extent().End().FileLocation()
	_, _, _, to := c.Extent().End().FileLocation()
	text := tu.FileContents(f)
	if int(to) > len(text) || from > to {
		return ""
	}
	return text[from:to]
}

// guardEdit is the edit that guards the access a finding at offset
// names: the smallest access expression around it that is not itself
// an array.
func guardEdit(tu clang.TranslationUnit, text []byte, accesses []access, offset int) (edit, bool) {
	best := -1
	for i, a := range accesses {
		if a.arrayTyped || offset < a.start || offset >= a.end {
			continue
		}
		if best < 0 || a.end-a.start < accesses[best].end-accesses[best].start {
			best = i
		}
	}
	if best < 0 {
		return edit{}, false
	}
	a := accesses[best]
	if a.kind == clang.Cursor_CallExpr {
		arg := string(text[a.argStart:a.argEnd])
		return edit{a.argStart, a.argEnd, []byte("cudavet_guard::ok(" + arg + ")")}, true
	}
	expr := string(text[a.start:a.end])
	if a.arrStart >= 0 {
		arr := string(text[a.arrStart:a.arrEnd])
		return edit{a.start, a.end, []byte("(*cudavet_guard::in(&(" + expr + "), " + arr + "))")}, true
	}
	return edit{a.start, a.end, []byte("(*cudavet_guard::ok(&(" + expr + ")))")}, true
}
