package main

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
)

// notFoundRE matches the message of an #include no include path
// resolved: clang's own ("'X' file not found"), or the front end's for a
// header of a known third-party family ("CUTLASS headers not found ('X'):
// ..."), which names the family. ROCm files are a statement about the
// file, not a missing path, and stay as they are.
var notFoundRE = regexp.MustCompile(`^(?:'([^']+)' file not found|(\w[\w/ ]*) headers not found \('([^']+)'\): give)`)

// missingHeader is one header no include path had, and the files whose
// parse it stopped.
type missingHeader struct {
	name    string
	family  string            // the third-party family ("CUTLASS"), "" when none is known
	first   driver.Diagnostic // at the #include of the blocked file first by name
	blocked []string          // file names, sorted
}

// missingStats counts what missing headers cost.
type missingStats struct {
	headers, blockedFiles, kernelsAnalysed int
}

// groupMissingHeaders replaces the parse diagnostics that a missing header
// caused, one per file, by one per missing header naming the files it
// blocked and the fix. The functions of those files that libclang could
// recover are still analysed; kernelsIn says how many kernels a file has.
func groupMissingHeaders(res *driver.Result, kernelsIn func(file string) int) missingStats {
	byName := map[string]*missingHeader{}
	var kept []driver.Diagnostic
	for _, d := range res.Diagnostics {
		m := notFoundRE.FindStringSubmatch(d.Message)
		if d.Checker != "parse" || m == nil {
			kept = append(kept, d)
			continue
		}
		file := d.Position.Filename
		name, family := m[1], ""
		if name == "" {
			name, family = m[3], m[2]
		}
		h := byName[name]
		switch {
		case h == nil:
			h = &missingHeader{name: name, family: family, first: d}
			byName[name] = h
		case file < slices.Min(h.blocked):
			h.first = d // the first file's, whatever order units parsed in
		}
		if !slices.Contains(h.blocked, file) {
			h.blocked = append(h.blocked, file)
		}
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
		d := byName[n].first
		d.Message = byName[n].message()
		kept = append(kept, d)
	}
	sortResult(kept)
	res.Diagnostics = kept
	st := missingStats{headers: len(names), blockedFiles: len(blocked)}
	for f := range blocked {
		st.kernelsAnalysed += kernelsIn(f)
	}
	return st
}

// kernelsOf counts the kernels with a body of each file of a program.
func kernelsOf(prog *ir.Program) func(string) int {
	n := map[string]int{}
	for _, f := range prog.Funcs {
		if f.Kind == ir.Kernel && f.Body != nil {
			n[prog.Fset.Position(f.P).Filename]++
		}
	}
	return func(file string) int { return n[file] }
}

func (h *missingHeader) message() string {
	files := make([]string, len(h.blocked))
	for i, f := range h.blocked {
		files[i] = relName(f)
	}
	what := "header"
	if h.family != "" {
		what = h.family + " header"
	}
	return fmt.Sprintf("%s %s not found, blocking %s (%s): add its directory with -I or give the build's "+
		"compile_commands.json with -p; their kernels that do not need it were still analysed",
		what, h.name, plural(len(files), "file"), strings.Join(files, ", "))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
