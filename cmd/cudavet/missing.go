package main

import (
	"fmt"
	"go/token"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// notFoundRE matches clang's message for an #include it could not resolve.
var notFoundRE = regexp.MustCompile(`^'([^']+)' file not found`)

// missingHeader is one header no include path had, and the files whose
// parse it stopped.
type missingHeader struct {
	name    string
	pos     token.Pos // the #include of the blocked file first by name
	blocked []string  // file names, sorted
}

// missingStats counts what missing headers cost.
type missingStats struct {
	headers, blockedFiles, kernelsAnalysed int
}

// groupMissingHeaders replaces the parse diagnostics that a missing header
// caused, one per file, by one per missing header naming the files it
// blocked and the fix. The functions of those files that libclang could
// recover are still analysed; the stats say how many kernels.
func groupMissingHeaders(prog *ir.Program) missingStats {
	byName := map[string]*missingHeader{}
	var kept []*ir.Diagnostic
	for _, d := range prog.Diagnostics {
		m := notFoundRE.FindStringSubmatch(d.Message)
		if d.Category != "parse" || m == nil {
			kept = append(kept, d)
			continue
		}
		h := byName[m[1]]
		if h == nil {
			h = &missingHeader{name: m[1], pos: d.Pos}
			byName[m[1]] = h
		}
		file := prog.Fset.Position(d.Pos).Filename
		if len(h.blocked) > 0 && file < slices.Min(h.blocked) {
			h.pos = d.Pos // the first file's, whatever order units parsed in
		}
		h.blocked = append(h.blocked, file)
	}
	if len(byName) == 0 {
		return missingStats{}
	}
	blocked := map[string]bool{}
	names := make([]string, 0, len(byName))
	for n, h := range byName {
		names = append(names, n)
		sort.Strings(h.blocked)
		for _, f := range h.blocked {
			blocked[f] = true
		}
	}
	sort.Strings(names)
	for _, n := range names {
		kept = append(kept, &ir.Diagnostic{Pos: byName[n].pos, Category: "parse", Message: byName[n].message()})
	}
	prog.Diagnostics = kept
	st := missingStats{headers: len(names), blockedFiles: len(blocked)}
	for _, f := range prog.Funcs {
		if f.Kind == ir.Kernel && f.Body != nil && blocked[prog.Fset.Position(f.P).Filename] {
			st.kernelsAnalysed++
		}
	}
	return st
}

func (h *missingHeader) message() string {
	files := make([]string, len(h.blocked))
	for i, f := range h.blocked {
		files[i] = relName(f)
	}
	what := "1 file"
	if len(files) > 1 {
		what = fmt.Sprintf("%d files", len(files))
	}
	return fmt.Sprintf("header %s not found, blocking %s (%s): add its directory with -I or give the build's "+
		"compile_commands.json with -p; their kernels that do not need it were still analysed",
		h.name, what, strings.Join(files, ", "))
}
