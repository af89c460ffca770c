package frontend

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
	"github.com/cudavet/cudavet/frontend/lower"
	"github.com/cudavet/cudavet/frontend/shim"
)

// loader holds the state of one Load: the analysed tree, the file set and
// the files met so far (shared by the parsing goroutines).
type loader struct {
	cfg   *Config
	roots []string // directories whose files (and headers) are analysed
	fset  *token.FileSet
	base  []string // the shim's flags
	args  []string // then ClangArgs and the roots

	mu    sync.Mutex
	files map[string]*ir.File // by absolute name; nil value: not analysed
	seen  map[string]bool     // files some parsed unit included
	diags []*ir.Diagnostic
	notes map[string]bool // "lower" notes reported so far (once each)

	// context holds the virtual units of the lone headers that a sibling
	// lends its includes; lonely, those parsed on their own. Both are
	// written before the headers are parsed, read-only after.
	context map[string]headerContext
	lonely  map[string]bool
}

// tuResult is what one parsed file produced.
type tuResult struct {
	name      string
	res       *lower.Result
	parseTime time.Duration
	lowerTime time.Duration
	parseErr  bool
}

func load(cfg *Config, patterns []string) (*ir.Program, error) {
	if cfg == nil {
		cfg = &Config{}
	}
	units, roots, err := expand(cfg.Dir, patterns)
	if err != nil {
		return nil, err
	}
	for _, r := range cfg.Roots {
		if !slices.Contains(roots, r) {
			roots = append(roots, r)
		}
	}
	if cfg.Exclude != nil {
		units = slices.DeleteFunc(units, cfg.Exclude)
	}
	ld := &loader{cfg: cfg, roots: roots, fset: token.NewFileSet(), files: map[string]*ir.File{}, seen: map[string]bool{}}
	ld.base = shim.Args(shim.Options{Arch: cfg.Arch})
	ld.args = append([]string(nil), cfg.ClangArgs...)
	// The roots of the analysed tree are include directories too, after
	// the user's: kernel trees include their headers from the root
	// (#include "core/registration.h" in csrc/), as their builds do.
	for _, r := range roots {
		ld.args = append(ld.args, "-I"+r)
	}
	for _, u := range units {
		ld.file(u) // files of the command line first: stable positions
	}
	// Sources first; a header is parsed on its own only when no source
	// included it (its functions were then lowered in that source's unit,
	// with the includes and macros it relies on).
	var sources, headers []string
	for _, u := range units {
		if IsSource(u) {
			sources = append(sources, u)
		} else {
			headers = append(headers, u)
		}
	}
	results := ld.parseAll(sources)
	var lone []string
	ld.context, ld.lonely = map[string]headerContext{}, map[string]bool{}
	// The sources a lone header may borrow its context from: the Load's,
	// then the run's others.
	siblings := append(slices.Clip(sources), cfg.ContextSources...)
	for _, h := range headers {
		if !ld.included(h) {
			lone = append(lone, h)
			if c, ok := ld.contextFor(h, siblings); ok {
				ld.context[h] = c
			} else {
				ld.lonely[h] = true
			}
		}
	}
	results = append(results, ld.parseAll(lone)...)
	return ld.program(append(sources, lone...), results), nil
}

// included reports whether a unit parsed so far included the header.
func (ld *loader) included(name string) bool {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	return ld.seen[name]
}

// parseAll parses and lowers each unit with Jobs goroutines, one libclang
// index each. Results come back in unit order.
func (ld *loader) parseAll(units []string) []*tuResult {
	jobs := ld.cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	if jobs > len(units) {
		jobs = len(units)
	}
	if len(units) == 0 {
		return nil
	}
	results := make([]*tuResult, len(units))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Declarations from the precompiled preamble are not
			// listed among the unit's: lowering looks only at the
			// analysed files', and listing the preamble's thousands
			// deserialises each of them (a fifth of a small file's
			// parse and lowering).
			idx := clang.NewIndex(1, 0)
			defer idx.Dispose()
			for i := range next {
				results[i] = ld.parseOne(idx, units[i])
			}
		}()
	}
	for i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

func (ld *loader) unsaved() []clang.UnsavedFile {
	var us []clang.UnsavedFile
	for _, f := range shim.Files() {
		us = append(us, clang.NewUnsavedFile(f.Path, f.Contents))
	}
	for _, name := range sortedNames(ld.cfg.Overlay) {
		us = append(us, clang.NewUnsavedFile(name, string(ld.cfg.Overlay[name])))
	}
	return us
}

func (ld *loader) parseOne(idx clang.Index, name string) *tuResult {
	r := &tuResult{name: name}
	start := time.Now()
	var tu clang.TranslationUnit
	var err error
	release := func() { tu.Dispose() }
	args := ld.argsFor(name)
	main, unsaved := name, ld.unsaved()
	ctx, inContext := ld.context[name]
	if inContext {
		main = ctx.main
		unsaved = append(unsaved, clang.NewUnsavedFile(ctx.main, ctx.text))
	}
	text := []byte(ctx.text)
	if !inContext {
		text, _ = ld.content(name) // unreadable: clang says so
	}
	// The arguments with the preamble (asked only when the unit is not
	// reparsed from the cache): the file's lead header decides which.
	fast := func() []string {
		lead := leadInclude(text)
		if ld.cfg.noLead {
			lead = ""
		}
		return preambles.args(args, unsaved, lead)
	}
	if why, line := tooDeep(text); why != "" {
		ld.report(name, token.NoPos, "parse", fmt.Sprintf("line %d: %s", line, why))
		r.parseErr = true
		return r
	}
	if c := ld.cfg.Cache; c != nil {
		tu, release, err = c.parse(idx, main, args, fast, unsaved)
	} else {
		tu, err = idx.Parse(main, fast(), unsaved, clang.TranslationUnit_KeepGoing)
	}
	r.parseTime = time.Since(start)
	if err != nil {
		ld.report(name, token.NoPos, "parse", fmt.Sprintf("libclang could not parse %s: %v", filepath.Base(name), err))
		r.parseErr = true
		return r
	}
	defer release()
	r.parseErr = ld.parseDiagnostics(name, tu)
	ld.markIncluded(name, tu)
	if ld.cfg.parseOnly {
		return r
	}
	start = time.Now()
	r.res = lower.TU(tu, &lower.Config{Fset: ld.fset, File: ld.file})
	r.lowerTime = time.Since(start)
	return r
}

// argsFor returns the clang flags of one unit: the shim's, the file's own
// (Config.FileArgs), then the command line's and the roots.
func (ld *loader) argsFor(name string) []string {
	args := append([]string(nil), ld.base...)
	if ld.cfg.FileArgs != nil {
		args = append(args, ld.cfg.FileArgs(name)...)
	}
	return append(args, ld.args...)
}

// markIncluded records the files the unit included.
func (ld *loader) markIncluded(unit string, tu clang.TranslationUnit) {
	names := tu.IncludedFiles()
	if ld.cfg.Included != nil {
		ld.cfg.Included(unit, names)
	}
	ld.mu.Lock()
	defer ld.mu.Unlock()
	for _, n := range names {
		ld.seen[n] = true
	}
}

// parseDiagnostics reports the unit's errors by cause and says whether the
// unit failed to parse: one "parse" diagnostic per absent header family
// (naming the fix), one "parse" diagnostic at the first other error
// (counting the rest), and one "lower" note per construct that nvcc
// accepts and clang rejects — those alone do not fail the unit.
func (ld *loader) parseDiagnostics(name string, tu clang.TranslationUnit) bool {
	var errs []clang.Diagnostic
	for _, d := range tu.Diagnostics() {
		if d.Severity >= clang.Diagnostic_Error {
			errs = append(errs, d)
		}
	}
	if ld.cfg.observe != nil {
		ld.cfg.observe(name, errs)
	}
	if len(errs) == 0 {
		return false
	}
	c := classifyErrors(errs, generated)
	for _, n := range c.nvcc {
		pos, where := ld.position(n.diag)
		msg := fmt.Sprintf("nvcc accepts what clang rejects here: %s; analysed without it%s", n.construct, where)
		if k := c.nvccFollowers[n.construct]; k > 0 {
			msg += fmt.Sprintf(" (and without the %d calls of the functions holding it)", k)
		}
		ld.report(name, pos, "lower", msg)
	}
	for i, fam := range c.missing {
		pos, where := ld.position(c.first[fam])
		msg := missingMessage(fam, c.first[fam], c.followers[fam]) + where
		if i == len(c.missing)-1 && len(c.ours) > 0 {
			// Not provably caused by the absent headers, but a unit
			// without them says little else: counted, not listed.
			msg += fmt.Sprintf("; %d other errors in this unit may follow from it", len(c.ours))
		}
		ld.report(name, pos, "parse", msg)
	}
	if len(c.missing) > 0 {
		return true
	}
	if len(c.ours) == 0 {
		return false
	}
	pos, where := ld.position(c.ours[0])
	msg := c.ours[0].Spelling + where
	if len(c.ours) > 1 {
		msg = fmt.Sprintf("%s (and %d more errors)", msg, len(c.ours)-1)
	}
	if ld.lonely[name] {
		msg += "; the header is not included by any file of the run and was parsed on its own"
	}
	ld.report(name, pos, "parse", msg)
	return true
}

// position maps a clang diagnostic to a position in an analysed file, or
// says where it lies when that file is not analysed (a shim, a system
// header).
func (ld *loader) position(d clang.Diagnostic) (token.Pos, string) {
	if f := ld.file(d.File); f != nil && f.Tok != nil && int(d.Offset) <= f.Tok.Size() {
		return f.Tok.Pos(int(d.Offset)), ""
	}
	if d.File != "" {
		return token.NoPos, fmt.Sprintf(" (in %s:%d)", d.File, d.Line)
	}
	return token.NoPos, ""
}

// report records a front-end diagnostic; without a position it is placed
// at the start of the named file.
func (ld *loader) report(name string, pos token.Pos, category, msg string) {
	if !pos.IsValid() {
		if f := ld.file(name); f != nil && f.Tok != nil {
			pos = f.Tok.Pos(0)
		}
	}
	ld.mu.Lock()
	if category == "lower" {
		// A note on a header is made by every unit including it: once.
		key := fmt.Sprint(pos, msg)
		if ld.notes[key] {
			ld.mu.Unlock()
			return
		}
		if ld.notes == nil {
			ld.notes = map[string]bool{}
		}
		ld.notes[key] = true
	}
	ld.diags = append(ld.diags, &ir.Diagnostic{Pos: pos, Category: category, Message: msg})
	ld.mu.Unlock()
}

// file returns the analysed file of that name, adding it to the file set
// on first use, or nil for files outside the analysed tree.
func (ld *loader) file(name string) *ir.File {
	if name == "" || strings.HasPrefix(name, lower.ShimPrefix) {
		return nil
	}
	// libclang names a header found through a relative include directory
	// (-I include, as FlashInfer's build passes it) relative to the
	// working directory; the roots are absolute. Without this, no header
	// of include/ was ever analysed, and csrc/'s launchers, which reach
	// their kernels only through those headers, were dropped.
	if !filepath.IsAbs(name) {
		if abs, err := filepath.Abs(name); err == nil {
			name = abs
		}
	}
	name = filepath.Clean(name)
	ld.mu.Lock()
	defer ld.mu.Unlock()
	if f, ok := ld.files[name]; ok {
		return f
	}
	if !ld.inTree(name) {
		ld.files[name] = nil
		return nil
	}
	content, ok := ld.cfg.Overlay[name]
	if !ok {
		var err error
		if content, err = os.ReadFile(name); err != nil {
			ld.files[name] = nil
			return nil
		}
	}
	tf := ld.fset.AddFile(name, -1, len(content))
	tf.SetLinesForContent(content)
	f := &ir.File{Name: name, Tok: tf, Directives: scanDirectives(tf, content)}
	ld.files[name] = f
	return f
}

func (ld *loader) inTree(name string) bool {
	for _, r := range ld.roots {
		if name == r || strings.HasPrefix(name, r+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func sortedNames(m map[string][]byte) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
