package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
	"github.com/cudavet/cudavet/frontend/lower"
	"github.com/cudavet/cudavet/internal/cache"
	"golang.org/x/tools/go/analysis"
)

// The incremental mode analyses each unit (a .cu file, or a header no
// source of the run includes) on its own and keeps its result in the
// cache under a key of everything it depends on: cudavet's build, the
// options that change results, the file's flags and the content of every
// file its parse included. A second run of an unchanged tree only reads
// and re-prints. It is the command's mode whenever the cache is on or
// -diff is given, except for -dump, -fix and -verdicts, which need the
// whole program.

// unitEntry is one unit's cached result.
type unitEntry struct {
	Deps map[string]string // included file (the unit too) → content hash
	// ContextDeps are the run's sources a lone header's parse borrowed its
	// includes from (one of them, picked by their content), with their
	// content hashes: the entry is stale when one changes, but they are
	// not files the unit analysed (an ignore directive in them is not the
	// unit's to use).
	ContextDeps    map[string]string `json:",omitempty"`
	Diags          []cachedDiag
	Stats          ir.Stats
	Funcs          []funcRow // -stats' function table
	Checkers       []driver.CheckerStats
	Suppressed     int
	Duplicates     int
	SameIR         int
	InternalErrors int
	Stopped        int
	// Imports are the launchers the unit calls and no file of it defines
	// (ir.Program.Unlinked), Exports the launchers and kernels it defines
	// (USRs): they group a .cpp binding with the .cu that defines what it
	// calls or launches.
	Imports, Exports []string
	fromCache        bool
}

// cachedDiag is a driver.Diagnostic with positions as file offsets.
type cachedDiag struct {
	Checker, Category, Message, URL, Function string
	At                                        cachedPos
	End                                       *cachedPos `json:",omitempty"`
	Related                                   []cachedRel
	Fixes                                     []cachedFix `json:",omitempty"`
	Repro                                     string      `json:",omitempty"`
}

type cachedPos struct {
	File   string
	Offset int
}

type cachedRel struct {
	At      cachedPos
	End     *cachedPos `json:",omitempty"`
	Message string
}

type cachedFix struct {
	Message string
	Edits   []cachedEdit
}

type cachedEdit struct {
	At, End cachedPos
	NewText string
}

// incremental runs the analysis unit by unit through the cache.
type incremental struct {
	a         *app
	analyzers []*analysis.Analyzer
	cache     *cache.Cache // nil: -no-cache (with -diff)
	hasher    cache.Hasher
	roots     []string
	// context is the run's sources, which a lone header may borrow its
	// includes from (frontend.Config.ContextSources); set once the sources
	// are analysed, before any header is, read-only after.
	context []string
	optsKey string
	hits    int
	misses  int
}

// useIncremental reports whether the run goes unit by unit. -fix and
// -repro edit or copy sources through the whole program's positions.
// A shard always does (validateShard rejects those flags with -shard).
func (o *options) useIncremental() bool {
	return (o.cacheDir != "" || o.diff != "" || o.shard.n > 0) && o.dump == "" && !o.fix && !o.verdicts && o.repro == ""
}

// analyseIncremental is analyse's unit-by-unit path.
func (a *app) analyseIncremental(analyzers []*analysis.Analyzer) (*ir.Program, *driver.Result, error) {
	o := a.opts
	in := &incremental{a: a, analyzers: analyzers, optsKey: o.resultKey()}
	if o.cacheDir != "" {
		c, err := cache.Open(o.cacheDir)
		if err != nil {
			return nil, nil, err
		}
		in.cache = c
		loaded := in.loadAnswers()
		defer in.saveAnswers(loaded)
	}
	units, roots, err := frontend.Expand("", o.patterns...)
	if err != nil {
		return nil, nil, err
	}
	in.roots = roots
	for _, r := range o.projectIncludes() {
		if !slices.Contains(in.roots, r) {
			in.roots = append(in.roots, r)
		}
	}
	units = slices.DeleteFunc(units, o.excluded)
	if o.diff != "" {
		if units, err = in.changedUnits(units, o.diff); err != nil {
			return nil, nil, err
		}
	}
	all := units
	if o.shard.n > 0 {
		units = o.shard.filter(units)
	}
	var sources, headers []string
	for _, u := range units {
		if frontend.IsSource(u) {
			sources = append(sources, u)
		} else {
			headers = append(headers, u)
		}
	}
	bar := a.newProgress(len(units))
	entries := in.runAll(sources, bar)
	nSources := len(sources)
	// A lone header borrows its context from any source of the run, so a
	// shard's lone headers are parsed as the whole run parses them.
	in.context = slices.DeleteFunc(slices.Clone(all), func(u string) bool { return !frontend.IsSource(u) })
	sources, entries = in.linkGroups(sources, entries)
	included := map[string]bool{}
	for _, e := range entries {
		for dep := range e.Deps {
			included[dep] = true
		}
	}
	var lone []string
	for _, h := range headers {
		if !included[h] {
			lone = append(lone, h)
		}
	}
	bar.skip(len(headers) - len(lone))
	entries = append(entries, in.runAll(lone, bar)...)
	bar.finish()
	a.cacheHits, a.cacheMisses, a.unitsRun = in.hits, in.misses, nSources+len(lone)
	a.unitKernels = map[string]int{}
	var rows [][]funcRow
	for i, e := range entries {
		a.unitKernels[append(sources, lone...)[i]] = e.Stats.Kernels
		rows = append(rows, e.Funcs)
	}
	a.funcRows = mergeRows(rows)
	if o.shard.n > 0 {
		a.shardRun = &shardRun{all: all, names: append(sources, lone...), sources: len(sources), entries: entries}
	}
	prog, res := merge(newFileSet(), entries)
	return prog, res, nil
}

// answersKey is the cache key of the solver answers: they are the
// executable's (its solver and its encoding of queries).
func answersKey() string { return cache.Key(cache.Executable(), "solver answers") }

// loadAnswers reads the solver answers an earlier run left in the cache
// into the symbolic executor's table (symexec.LoadAnswers) and returns
// the table's size after. A file a unit's entry does not cover (edited, or
// including an edited header) is analysed again, and its kernels' queries
// that did not change are answered without the solver. An unreadable
// table is a cache miss.
func (in *incremental) loadAnswers() int {
	data, ok := in.cache.Get(answersKey())
	if ok {
		n, err := symexec.LoadAnswers(bytes.NewReader(data))
		if err != nil && in.a.opts.stats {
			fmt.Fprintf(in.a.stderr, "cudavet: cached solver answers not used: %v\n", err)
		}
		in.a.answersLoaded = n
	}
	return symexec.Answers()
}

// saveAnswers writes the table back when the run added answers to the
// loaded ones.
func (in *incremental) saveAnswers(loaded int) {
	in.a.answersLeft = symexec.Answers()
	if in.a.answersLeft <= loaded {
		return
	}
	var b bytes.Buffer
	if _, err := symexec.SaveAnswers(&b); err != nil {
		return
	}
	if err := in.cache.Put(answersKey(), b.Bytes()); err != nil && in.a.opts.stats {
		fmt.Fprintf(in.a.stderr, "cudavet: solver answers not cached: %v\n", err)
	}
}

// linkGroups joins the units that call each other's launchers (a .cpp
// binding filling a params struct and the .cu defining the launcher it
// calls, through their shared header) into one unit each, analysed as the
// whole-program run analyses them: the launcher from the binding, with the
// tensors' sizes. The members' own entries give way to the group's, which
// is cached under the names of all its files. It returns the units and
// entries, a group under the name of its first file.
func (in *incremental) linkGroups(units []string, entries []*unitEntry) ([]string, []*unitEntry) {
	exporter := map[string]int{} // USR → first unit defining it
	for i, e := range entries {
		for _, u := range e.Exports {
			if _, ok := exporter[u]; !ok {
				exporter[u] = i
			}
		}
	}
	// Union-find over the units an import links.
	parent := make([]int, len(units))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	linked := false
	for i, e := range entries {
		for _, u := range e.Imports {
			if j, ok := exporter[u]; ok && j != i {
				if a, b := find(i), find(j); a != b {
					parent[max(a, b)] = min(a, b)
				}
				linked = true
			}
		}
	}
	if !linked {
		return units, entries
	}
	members := map[int][]string{}
	for i := range units {
		members[find(i)] = append(members[find(i)], units[i])
	}
	var groups [][]string
	var slots []int // each group's index in out
	var outUnits []string
	var out []*unitEntry
	seen := map[int]bool{} // group roots met
	for i := range units {
		r := find(i)
		if len(members[r]) == 1 {
			outUnits, out = append(outUnits, units[i]), append(out, entries[i])
			continue
		}
		if !seen[r] {
			seen[r] = true
			slots = append(slots, len(out))
			outUnits, out = append(outUnits, units[i]), append(out, nil)
			groups = append(groups, members[r])
		}
	}
	for k, e := range in.runGroups(groups) {
		out[slots[k]] = e
	}
	return outUnits, out
}

// runGroups analyses the linked groups with -j workers; results in order.
// A group the stopped run did not start is counted on its own.
func (in *incremental) runGroups(groups [][]string) []*unitEntry {
	out := make([]*unitEntry, len(groups))
	stopped := in.each(len(groups), func(k int) { out[k] = in.unit(groups[k]...) })
	for k := stopped; k < len(groups); k++ {
		in.notStarted(groups[k][:1], out[k:k+1], 0)
	}
	return out
}

// jobs is the number of units analysed at once.
func (in *incremental) jobs() int {
	if j := in.a.opts.jobs; j > 0 {
		return j
	}
	return max(1, runtimeCPUs())
}

// each calls do(i) for i from 0 up to n on -j workers, starting none once
// the run's context has ended, and returns the first i it did not start
// (n when it started all).
func (in *incremental) each(n int, do func(i int)) int {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < min(in.jobs(), n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	stopped := n
	for i := range n {
		if in.a.ctx != nil && in.a.ctx.Err() != nil {
			stopped = i
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return stopped
}

// runAll runs the units with -j workers; results in unit order.
func (in *incremental) runAll(units []string, bar *progress) []*unitEntry {
	out := make([]*unitEntry, len(units))
	var mu sync.Mutex
	stopped := in.each(len(units), func(i int) {
		e := in.unit(units[i])
		mu.Lock()
		if e.fromCache {
			in.hits++
		} else {
			in.misses++
		}
		mu.Unlock()
		out[i] = e
		bar.add()
	})
	if stopped < len(units) {
		in.notStarted(units, out, stopped)
	}
	return out
}

// notStarted fills the entries of the units from first on, which the run
// did not start because its context ended (-timeout, -memlimit): one
// internal error at the first of them counts them, as the driver counts
// the functions it did not start, and none is cached. Without it a stopped
// run would go on parsing every remaining file (libclang cannot be
// interrupted) past the grace period and end with nothing printed.
func (in *incremental) notStarted(units []string, out []*unitEntry, first int) {
	for i := first; i < len(units); i++ {
		out[i] = &unitEntry{Deps: map[string]string{}}
	}
	out[first].Stopped = 1
	out[first].Diags = []cachedDiag{{
		Checker:  "driver",
		Category: driver.Stopped,
		Message: fmt.Sprintf("stopped: %s before %d of %d files were analysed (the first: %s)",
			driver.StopCause(in.a.ctx), len(units)-first, len(units), units[first]),
		At: cachedPos{File: units[first]},
	}}
}

// unitKey is the key of a unit's entry, without its included files (those
// are checked against the entry's Deps).
func (in *incremental) unitKey(names ...string) string {
	var fileArgs []string
	if r := in.a.opts.flagsOf; r != nil {
		for _, name := range names {
			fileArgs = append(fileArgs, r.Args(name)...)
			fileArgs = append(fileArgs, "\x01")
		}
	}
	return cache.Key(cache.Executable(), in.optsKey, strings.Join(names, "\x00"), strings.Join(fileArgs, "\x00"), strings.Join(in.roots, "\x00"))
}

// unit returns a unit's result: from the cache when every file it
// included is unchanged, else analysed afresh and stored.
func (in *incremental) unit(names ...string) *unitEntry {
	key := in.unitKey(names...)
	if in.cache != nil {
		if data, ok := in.cache.Get(key); ok {
			var e unitEntry
			if json.Unmarshal(data, &e) == nil && in.fresh(&e) {
				e.fromCache = true
				return &e
			}
		}
	}
	e := in.analyse(names...)
	// A unit that did not parse cleanly is not kept: the header it missed
	// may appear without any of its dependencies changing.
	// Nor is one whose checks the -timeout wind-down cut short.
	if in.cache != nil && e.InternalErrors == 0 && e.Stopped == 0 && e.Stats.ParseErrors == 0 && timeLimited(e.Checkers) == 0 {
		if data, err := json.Marshal(e); err == nil {
			_ = in.cache.Put(key, data) // a cache that cannot be written is only slower
		}
	}
	return e
}

// fresh reports whether every dependency of e still has its content.
func (in *incremental) fresh(e *unitEntry) bool {
	for _, deps := range []map[string]string{e.Deps, e.ContextDeps} {
		for f, h := range deps {
			if in.hasher.File(f) != h {
				return false
			}
		}
	}
	return len(e.Deps) > 0
}

// analyse loads and checks one unit (a file, or the files of a linked
// group).
func (in *incremental) analyse(names ...string) *unitEntry {
	o := in.a.opts
	cfg := o.frontendConfig()
	cfg.Jobs, cfg.Roots = 1, in.roots
	var included []string
	var mu sync.Mutex
	cfg.Included = func(unit string, files []string) {
		if slices.Contains(names, unit) {
			mu.Lock()
			included = append(included, files...)
			mu.Unlock()
		}
	}
	e := &unitEntry{Deps: map[string]string{}}
	for _, name := range names {
		e.Deps[name] = in.hasher.File(name)
	}
	if len(names) == 1 && !frontend.IsSource(names[0]) {
		// A lone header is parsed as one Load of the whole run parses it:
		// with the includes of a source of the run that uses its
		// namespace. Which one, and its includes, depend on every source,
		// so each is a dependency of the header's entry.
		cfg.ContextSources = in.context
		e.ContextDeps = map[string]string{}
		for _, s := range in.context {
			e.ContextDeps[s] = in.hasher.File(s)
		}
	}
	prog, err := frontend.Load(cfg, names...)
	if err != nil {
		e.Diags = []cachedDiag{{Checker: "parse", Category: "parse", Message: err.Error(), At: cachedPos{File: names[0]}}}
		e.InternalErrors = 1 // not cached
		return e
	}
	e.Imports = prog.Unlinked
	for _, f := range prog.Funcs {
		if (f.Kind == ir.Host || f.Kind == ir.Kernel) && f.USR != "" && f.Body != nil {
			e.Exports = append(e.Exports, f.USR)
		}
	}
	for _, f := range included {
		if !strings.HasPrefix(f, lower.ShimPrefix) {
			e.Deps[f] = in.hasher.File(f)
		}
	}
	res, err := driver.Run(prog, driver.Config{Analyzers: in.analyzers, Debug: o.debug, Jobs: 1, SkipUnusedIgnores: !o.unusedIgnores, Context: in.a.ctx, PassTimeout: passTimeout,
		Options: o.engineOptions(nil)})
	if err != nil {
		e.Diags = []cachedDiag{{Checker: driver.InternalError, Category: driver.InternalError, Message: err.Error(), At: cachedPos{File: names[0]}}}
		e.InternalErrors = 1
		return e
	}
	e.Stats, e.Funcs, e.Checkers = prog.Stats, funcRows(prog), res.Stats.Checkers
	e.Suppressed, e.Duplicates, e.InternalErrors, e.Stopped = res.Stats.Suppressed, res.Stats.Duplicates, res.Stats.InternalErrors, res.Stats.Stopped
	e.SameIR = res.Stats.SameIR
	for _, d := range res.Diagnostics {
		e.Diags = append(e.Diags, toCached(prog.Fset, d))
	}
	return e
}

func toCached(fset *token.FileSet, d driver.Diagnostic) cachedDiag {
	c := cachedDiag{Checker: d.Checker, Category: d.Category, Message: d.Message, URL: d.URL, Function: d.Function, Repro: d.Repro,
		At: posOf(fset, d.Pos, d.Position), End: endOf(fset, d.End)}
	for _, r := range d.Related {
		c.Related = append(c.Related, cachedRel{At: posOf(fset, r.Pos, token.Position{}), End: endOf(fset, r.End), Message: r.Message})
	}
	for _, f := range d.SuggestedFixes {
		cf := cachedFix{Message: f.Message}
		for _, te := range f.TextEdits {
			end := te.End
			if !end.IsValid() {
				end = te.Pos
			}
			cf.Edits = append(cf.Edits, cachedEdit{At: posOf(fset, te.Pos, token.Position{}), End: posOf(fset, end, token.Position{}), NewText: string(te.NewText)})
		}
		c.Fixes = append(c.Fixes, cf)
	}
	return c
}

func posOf(fset *token.FileSet, p token.Pos, resolved token.Position) cachedPos {
	if !p.IsValid() {
		return cachedPos{File: resolved.Filename, Offset: -1}
	}
	pp := fset.Position(p)
	return cachedPos{File: pp.Filename, Offset: pp.Offset}
}

func endOf(fset *token.FileSet, p token.Pos) *cachedPos {
	if !p.IsValid() {
		return nil
	}
	c := posOf(fset, p, token.Position{})
	return &c
}

// merge joins the units' results into one program (fs, holding the files
// the diagnostics name, and summed statistics) and one driver result, its
// diagnostics sorted as the driver sorts them and identical ones merged:
// of those, the first unit's is kept, so entries come in the run's order.
func merge(fs *fileSet, entries []*unitEntry) (*ir.Program, *driver.Result) {
	prog := &ir.Program{Fset: fs.fset}
	res := &driver.Result{}
	byName := map[string]int{}
	seen := map[string]bool{}
	unused := unusedEverywhere(entries)
	for _, e := range entries {
		prog.Stats.Add(e.Stats)
		res.Stats.Suppressed += e.Suppressed
		res.Stats.Duplicates += e.Duplicates
		res.Stats.SameIR += e.SameIR
		res.Stats.InternalErrors += e.InternalErrors
		res.Stats.Stopped += e.Stopped
		for _, c := range e.Checkers {
			i, ok := byName[c.Name]
			if !ok {
				byName[c.Name] = len(res.Stats.Checkers)
				res.Stats.Checkers = append(res.Stats.Checkers, driver.CheckerStats{Name: c.Name, Root: c.Root, Counters: map[string]int{}})
				i = len(res.Stats.Checkers) - 1
			}
			addCheckerStats(&res.Stats.Checkers[i], c)
		}
		for _, c := range e.Diags {
			if isUnusedIgnore(c) && !unused[c.At] {
				continue // another unit that includes the file used it
			}
			d := fs.diagnostic(c)
			k := fmt.Sprintf("%s:%d:%d\x00%s\x00%s", d.Position.Filename, d.Position.Line, d.Position.Column, d.Checker, d.Message)
			if seen[k] {
				continue // the same finding in a header two units include
			}
			seen[k] = true
			res.Diagnostics = append(res.Diagnostics, d)
		}
	}
	sortResult(res.Diagnostics)
	return prog, res
}

// isUnusedIgnore reports whether c says an ignore directive suppresses
// nothing.
func isUnusedIgnore(c cachedDiag) bool {
	return c.Checker == driver.Ignore && strings.HasSuffix(c.Message, "directive suppresses nothing")
}

// unusedEverywhere returns the ignores that suppress nothing in every unit
// that includes their file: a header's ignore may serve the findings of
// one includer only (a template it instantiates), and a whole-program run
// would not report it.
func unusedEverywhere(entries []*unitEntry) map[cachedPos]bool {
	reported := map[cachedPos]int{}
	for _, e := range entries {
		for _, c := range e.Diags {
			if isUnusedIgnore(c) {
				reported[c.At]++
			}
		}
	}
	out := map[cachedPos]bool{}
	for at, n := range reported {
		including := 0
		for _, e := range entries {
			if _, ok := e.Deps[at.File]; ok {
				including++
			}
		}
		out[at] = n >= including
	}
	return out
}

// sortResult sorts diagnostics as the driver does: file, line, column,
// checker, message.
func sortResult(ds []driver.Diagnostic) {
	slices.SortStableFunc(ds, func(a, b driver.Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Position.Filename, b.Position.Filename), cmp.Compare(a.Position.Line, b.Position.Line),
			cmp.Compare(a.Position.Column, b.Position.Column), cmp.Compare(a.Checker, b.Checker), cmp.Compare(a.Message, b.Message))
	})
}

func addCheckerStats(dst *driver.CheckerStats, c driver.CheckerStats) {
	dst.Units += c.Units
	dst.Skipped += c.Skipped
	dst.Findings += c.Findings
	dst.Suppressed += c.Suppressed
	dst.InternalErrors += c.InternalErrors
	dst.Stopped += c.Stopped
	dst.Time += c.Time
	for k, v := range c.Counters {
		dst.Counters[k] += v
	}
}

// fileSet rebuilds token positions from cached offsets, reading each file
// once for its lines; an offline one (-merge) knows only the files its
// shards recorded and reads none.
type fileSet struct {
	fset    *token.FileSet
	files   map[string]*token.File // nil value: unreadable
	offline bool
}

func newFileSet() *fileSet {
	return &fileSet{fset: token.NewFileSet(), files: map[string]*token.File{}}
}

func (fs *fileSet) pos(c cachedPos) token.Pos {
	if c.Offset < 0 || c.File == "" {
		return token.NoPos
	}
	f, ok := fs.files[c.File]
	if !ok && !fs.offline {
		if data, err := os.ReadFile(c.File); err == nil {
			f = fs.fset.AddFile(c.File, -1, len(data))
			f.SetLinesForContent(data)
		}
		fs.files[c.File] = f
	}
	if f == nil || c.Offset > f.Size() {
		return token.NoPos
	}
	return f.Pos(c.Offset)
}

func (fs *fileSet) end(c *cachedPos) token.Pos {
	if c == nil {
		return token.NoPos
	}
	return fs.pos(*c)
}

func (fs *fileSet) diagnostic(c cachedDiag) driver.Diagnostic {
	d := driver.Diagnostic{Checker: c.Checker, Category: c.Category, Message: c.Message, URL: c.URL, Function: c.Function, Repro: c.Repro,
		Pos: fs.pos(c.At), End: fs.end(c.End)}
	d.Position = fs.fset.Position(d.Pos)
	if !d.Pos.IsValid() {
		d.Position = token.Position{Filename: c.At.File}
	}
	if d.End.IsValid() {
		d.EndPosition = fs.fset.Position(d.End)
	}
	for _, r := range c.Related {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: fs.pos(r.At), End: fs.end(r.End), Message: r.Message})
	}
	for _, f := range c.Fixes {
		sf := analysis.SuggestedFix{Message: f.Message}
		for _, e := range f.Edits {
			sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{Pos: fs.pos(e.At), End: fs.pos(e.End), NewText: []byte(e.NewText)})
		}
		d.SuggestedFixes = append(d.SuggestedFixes, sf)
	}
	return d
}

// resultKey is the part of every key that the options make: the flags
// given (but those that only change how results are printed), -I, -D and
// the clang flags, and the configuration's effect.
func (o *options) resultKey() string {
	printOnly := map[string]bool{"json": true, "sarif": true, "stats": true, "witness": true, "j": true, "cache": true,
		"no-cache": true, "diff": true, "progress": true, "config": true, "p": true, "shard": true, "merge": true}
	var parts []string
	for name, value := range o.flagValues {
		if !printOnly[name] {
			parts = append(parts, name+"="+value)
		}
	}
	sort.Strings(parts)
	return fmt.Sprintf("flags=%q checks=%q model=%q mutate=%v latent=%v limits=%q arch=%d unused=%v args=%q",
		parts, o.checks, o.model, o.mutate, o.latent, o.limits, o.arch, o.unusedIgnores, o.frontendConfig().ClangArgs)
}
