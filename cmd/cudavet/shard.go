package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A run splits over machines with -shard K/N: each shard analyses its
// part of the run's files unit by unit, as the whole run does, and its
// -json output records every unit's result as the cache keeps it (which
// the whole run merges), with the lines its positions fall on; -merge
// (shardmerge.go) joins the records of the N parts into the whole run's
// output.

// shardSpec is -shard K/N: part K of N (1 <= K <= N); n is 0 without it.
type shardSpec struct{ k, n int }

func (s *shardSpec) String() string {
	if s == nil || s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.k, s.n)
}

func (s *shardSpec) Set(v string) error {
	ks, ns, ok := strings.Cut(v, "/")
	k, kerr := strconv.Atoi(strings.TrimSpace(ks))
	n, nerr := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || kerr != nil || nerr != nil || k < 1 || k > n {
		return errors.New("want K/N with 1 <= K <= N, such as 2/4")
	}
	s.k, s.n = k, n
	return nil
}

// shardOf returns the part (1 to n) a file belongs to: an FNV-1a hash of
// its name relative to the working directory, so a file keeps its part
// when others are added or removed, on any machine that runs from the
// same directory of the checkout.
func shardOf(name string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(portable(name)))
	return int(h.Sum64()%uint64(n)) + 1
}

// filter returns the files of part s.k.
func (s shardSpec) filter(files []string) []string {
	return slices.DeleteFunc(slices.Clone(files), func(f string) bool { return shardOf(f, s.n) != s.k })
}

// validateShard rejects what -shard and -merge cannot do: the flags that
// need the whole program in one run.
func (o *options) validateShard() error {
	if o.shard.n == 0 && !o.merge {
		return nil
	}
	name := "-shard"
	if o.merge {
		name = "-merge"
	}
	switch {
	case o.merge && o.shard.n > 0:
		return errors.New("-shard and -merge exclude each other")
	case o.fix || o.repro != "" || o.verdicts || o.dump != "":
		return fmt.Errorf("%s excludes -fix, -repro, -verdicts and -dump: they need the whole program in one run", name)
	case o.merge && o.diff != "":
		return errors.New("-merge excludes -diff: give -diff to the shards")
	case o.merge && len(o.patterns) == 0:
		return errors.New("-merge: name the -json outputs of the shards")
	}
	return nil
}

// portable is a file name as a shard record holds it: relative to the
// working directory when under it, with slashes.
func portable(name string) string { return filepath.ToSlash(relName(name)) }

// local is portable's inverse under -merge's working directory, which may
// be another machine's.
func local(name string) string {
	n := filepath.FromSlash(name)
	if n == "" || filepath.IsAbs(n) {
		return n
	}
	wd, err := os.Getwd()
	if err != nil {
		return n
	}
	return filepath.Join(wd, n)
}

// shardRun is what a -shard run keeps for its record.
type shardRun struct {
	all     []string // the whole run's files (every part), sorted
	names   []string // each entry's unit: a file, or a linked group's first
	sources int      // entries[:sources] are sources and linked groups, the rest lone headers
	entries []*unitEntry
}

// jsonShard is the "shard" field of a -shard run's -json output.
type jsonShard struct {
	Shard   int    `json:"shard"`   // K
	Of      int    `json:"of"`      // N
	Cudavet string `json:"cudavet"` // the version that wrote it
	// Options is a hash of the options that change results: the parts of
	// one run agree on it.
	Options string `json:"options"`
	// Files are the whole run's files (every part's), sorted, by portable
	// name; Severities, each checker's.
	Files      []string          `json:"files"`
	Severities map[string]string `json:"severities"`
	Units      []jsonUnit        `json:"units"`
	// Sources are the files the units' positions fall in; Excluded, those
	// of them the configuration excludes from the output.
	Sources  []jsonSource `json:"sources"`
	Excluded []string     `json:"excluded"`
	// Work is what the shard did, with -stats only (it varies by run).
	Work *jsonWork `json:"work,omitempty"`
}

// jsonUnit is one unit's result.
type jsonUnit struct {
	File  string `json:"file"`
	Index int    `json:"index"` // File's position in Files
	// Header is set on a header that no source of this part included,
	// analysed alone; -merge drops it when a source of another part
	// includes it, as the whole run would not have analysed it alone.
	Header bool `json:"header"`
	// Result is the unit's entry as the result cache keeps it, file names
	// portable (its form is the writing version's).
	Result *unitEntry `json:"result"`
}

// jsonSource is a file's size and the start and text of the lines that
// positions fall on: enough to turn offsets into lines and columns, and
// for SARIF's fingerprints, without the file.
type jsonSource struct {
	File  string     `json:"file"`
	Size  int        `json:"size"`
	Lines []jsonLine `json:"lines"`
}

type jsonLine struct {
	Line   int `json:"line"`
	Offset int `json:"offset"` // of the line's first byte
	// Text is the line, trimmed and its spaces collapsed, on the lines
	// of diagnostics' own positions.
	Text string `json:"text,omitempty"`
}

type jsonWork struct {
	Units       int     `json:"units"`
	CacheHits   int     `json:"cache_hits"`
	CacheMisses int     `json:"cache_misses"`
	TimeMS      float64 `json:"time_ms"`
}

// shardRecord builds the "shard" field of a -shard run's -json output.
func (a *app) shardRecord() *jsonShard {
	r, o := a.shardRun, a.opts
	rec := &jsonShard{Shard: o.shard.k, Of: o.shard.n, Cudavet: version(), Options: hashOf(o.resultKey()),
		Files: []string{}, Severities: map[string]string{}, Units: []jsonUnit{}, Sources: []jsonSource{}, Excluded: []string{}}
	index := map[string]int{}
	for i, f := range r.all {
		index[f] = i
		rec.Files = append(rec.Files, portable(f))
	}
	for _, c := range a.registry {
		rec.Severities[c.Name()] = c.Severity.String()
	}
	for i, e := range r.entries {
		rec.Units = append(rec.Units, jsonUnit{File: portable(r.names[i]), Index: index[r.names[i]],
			Header: i >= r.sources, Result: mapEntry(e, portable, o.stats)})
	}
	rec.Sources, rec.Excluded = sourceLines(r.entries, o.excluded)
	if o.stats {
		rec.Work = &jsonWork{Units: a.unitsRun, CacheHits: a.cacheHits, CacheMisses: a.cacheMisses,
			TimeMS: float64(time.Since(a.start).Microseconds()) / 1000}
	}
	return rec
}

func hashOf(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:16])
}

// mapEntry returns a copy of e with its file names mapped, without the
// context sources (cache freshness only), and without times unless
// times is set (the output is otherwise the same bytes on every run).
func mapEntry(e *unitEntry, name func(string) string, times bool) *unitEntry {
	c := *e
	c.ContextDeps = nil
	c.Deps = make(map[string]string, len(e.Deps))
	for f, h := range e.Deps {
		c.Deps[name(f)] = h
	}
	pos := func(p cachedPos) cachedPos { return cachedPos{File: name(p.File), Offset: p.Offset} }
	end := func(p *cachedPos) *cachedPos {
		if p == nil {
			return nil
		}
		q := pos(*p)
		return &q
	}
	c.Diags = make([]cachedDiag, len(e.Diags))
	for i, d := range e.Diags {
		d.At, d.End = pos(d.At), end(d.End)
		d.Related = slices.Clone(d.Related)
		for j, r := range d.Related {
			d.Related[j].At, d.Related[j].End = pos(r.At), end(r.End)
		}
		d.Fixes = slices.Clone(d.Fixes)
		for j, f := range d.Fixes {
			f.Edits = slices.Clone(f.Edits)
			for k, ed := range f.Edits {
				f.Edits[k].At, f.Edits[k].End = pos(ed.At), pos(ed.End)
			}
			d.Fixes[j] = f
		}
		c.Diags[i] = d
	}
	c.Funcs = slices.Clone(e.Funcs)
	for i := range c.Funcs {
		c.Funcs[i].File = name(c.Funcs[i].File)
	}
	c.Checkers = slices.Clone(e.Checkers)
	if !times {
		c.Stats.ParseTime, c.Stats.LowerTime = 0, 0
		for i := range c.Checkers {
			c.Checkers[i].Time = 0
		}
	}
	return &c
}

// sourceLines returns the lines the entries' positions fall on, file by
// file, resolved as merge resolves them (fileSet.pos), and the files of
// diagnostics that excluded drops from the output. A file that cannot
// be read is left out: its positions stay unresolved under -merge too.
func sourceLines(entries []*unitEntry, excluded func(string) bool) ([]jsonSource, []string) {
	lr := &lineRecorder{fs: newFileSet(), files: map[string]*recordedFile{}}
	excl := []string{}
	seen := map[string]bool{}
	for _, e := range entries {
		for _, d := range e.Diags {
			if !seen[d.At.File] {
				seen[d.At.File] = true
				if excluded(d.At.File) {
					excl = append(excl, portable(d.At.File))
				}
			}
			lr.add(d.At, true)
			lr.addEnd(d.End)
			for _, r := range d.Related {
				lr.add(r.At, false)
				lr.addEnd(r.End)
			}
			for _, fx := range d.Fixes {
				for _, ed := range fx.Edits {
					lr.add(ed.At, false)
					lr.add(ed.End, false)
				}
			}
		}
	}
	out := []jsonSource{}
	for _, name := range slices.Sorted(maps.Keys(lr.files)) {
		src := jsonSource{File: portable(name), Size: lr.fs.files[name].Size(), Lines: []jsonLine{}}
		for _, l := range lr.files[name].lines {
			src.Lines = append(src.Lines, *l)
		}
		slices.SortFunc(src.Lines, func(x, y jsonLine) int { return x.Line - y.Line })
		out = append(out, src)
	}
	slices.Sort(excl)
	return out, excl
}

// lineRecorder collects the lines positions fall on.
type lineRecorder struct {
	fs    *fileSet
	files map[string]*recordedFile
}

type recordedFile struct {
	lines map[int]*jsonLine
	text  []string // the file's lines, for the texts
}

// add records p's line, with its text when text is set (the lines of
// diagnostics' own positions, which SARIF's fingerprints read).
func (lr *lineRecorder) add(p cachedPos, text bool) {
	tp := lr.fs.pos(p)
	if !tp.IsValid() {
		return
	}
	f := lr.files[p.File]
	if f == nil {
		data, _ := os.ReadFile(p.File) // lr.fs.pos has just read it
		f = &recordedFile{lines: map[int]*jsonLine{}, text: strings.Split(string(data), "\n")}
		lr.files[p.File] = f
	}
	pp := lr.fs.fset.Position(tp)
	l := f.lines[pp.Line]
	if l == nil {
		l = &jsonLine{Line: pp.Line, Offset: pp.Offset - pp.Column + 1}
		f.lines[pp.Line] = l
	}
	if text && pp.Line <= len(f.text) {
		l.Text = strings.Join(strings.Fields(f.text[pp.Line-1]), " ")
	}
}

func (lr *lineRecorder) addEnd(p *cachedPos) {
	if p != nil {
		lr.add(*p, false)
	}
}
