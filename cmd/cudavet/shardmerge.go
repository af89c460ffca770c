package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
)

// mergeShards implements -merge: it reads the -json outputs of the N
// parts of a -shard run and prints what the whole run prints, in the
// selected format, with its exit status. The whole run merges its units'
// results in its order of units (sources, then the headers no source
// included); so does -merge, with the units of every part, after
// dropping the headers a part analysed alone that a source of another
// part includes. Positions come from the parts' line tables: the sources
// need not be present.
func (a *app) mergeShards() int {
	o := a.opts
	shards, err := readShards(o.patterns)
	if err != nil {
		fmt.Fprintf(a.stderr, "cudavet: -merge: %v\n", err)
		return exitUsage
	}
	j, err := join(shards)
	if err != nil {
		fmt.Fprintf(a.stderr, "cudavet: -merge: %v\n", err)
		return exitUsage
	}
	a.registry = withSeverities(a.registry, shards[0].Severities)
	a.lineTexts, a.unitKernels = j.texts, map[string]int{}
	var rows [][]funcRow
	for i, e := range j.entries {
		a.unitKernels[j.names[i]] = e.Stats.Kernels
		rows = append(rows, e.Funcs)
	}
	a.funcRows = mergeRows(rows)
	o.flagsOf = nil // the parts' compile databases are not this run's
	var took float64
	for _, s := range shards {
		if w := s.Work; w != nil {
			a.unitsRun, a.cacheHits, a.cacheMisses = a.unitsRun+w.Units, a.cacheHits+w.CacheHits, a.cacheMisses+w.CacheMisses
			took = max(took, w.TimeMS)
		}
	}
	prog, res := merge(j.files, j.entries)
	res.Diagnostics = append(res.Diagnostics, j.split...)
	sortResult(res.Diagnostics)
	a.missing = groupMissingHeaders(res, func(f string) int { return a.unitKernels[f] })
	res.Diagnostics = slices.DeleteFunc(res.Diagnostics, func(d driver.Diagnostic) bool { return j.excluded[d.Position.Filename] })
	if err := a.output(prog, res); err != nil {
		fmt.Fprintf(a.stderr, "cudavet: writing output: %v\n", err)
		return exitIncomplete
	}
	if o.stats {
		// The analysis time is the longest part's: they ran side by side.
		a.printStats(prog, res, time.Duration(took*float64(time.Millisecond)))
	}
	return exitStatus(res)
}

// shardChecker names the diagnostics of a merge that is not the whole
// run: they make it incomplete (kindOf).
const shardChecker = "shard"

// shardFile is one part's record, with the file it came from.
type shardFile struct {
	*jsonShard
	path string
}

// readShards reads the parts and checks that they are the N distinct
// parts of one run: same version, options, files and severities.
func readShards(paths []string) ([]shardFile, error) {
	var shards []shardFile
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var out struct {
			Version int        `json:"version"`
			Shard   *jsonShard `json:"shard"`
		}
		if err := json.Unmarshal(data, &out); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if out.Shard == nil || out.Version != jsonVersion {
			return nil, fmt.Errorf("%s: not the -json output of a cudavet -shard run", p)
		}
		shards = append(shards, shardFile{out.Shard, p})
	}
	slices.SortStableFunc(shards, func(x, y shardFile) int { return cmp.Compare(x.Shard, y.Shard) })
	first := shards[0]
	for i, s := range shards {
		why := ""
		switch {
		case s.Shard < 1 || s.Shard > s.Of:
			why = fmt.Sprintf("is part %d of %d", s.Shard, s.Of)
		case s.Of != first.Of:
			why = fmt.Sprintf("is part %d/%d, %s part %d/%d", s.Shard, s.Of, first.path, first.Shard, first.Of)
		case s.Cudavet != first.Cudavet:
			why = fmt.Sprintf("was written by cudavet %s, %s by %s", s.Cudavet, first.path, first.Cudavet)
		case s.Options != first.Options:
			why = "ran with other options than " + first.path
		case !slices.Equal(s.Files, first.Files):
			why = "analysed another set of files than " + first.path + " (run every part from the same directory, with the same patterns)"
		case !maps.Equal(s.Severities, first.Severities):
			why = "has other severities than " + first.path
		case i > 0 && s.Shard == shards[i-1].Shard:
			why = fmt.Sprintf("is part %d/%d, as %s is", s.Shard, s.Of, shards[i-1].path)
		}
		if why != "" {
			return nil, fmt.Errorf("%s %s", s.path, why)
		}
	}
	if len(shards) != first.Of {
		var missing []string
		for k := 1; k <= first.Of; k++ {
			if !slices.ContainsFunc(shards, func(s shardFile) bool { return s.Shard == k }) {
				missing = append(missing, fmt.Sprintf("%d/%d", k, first.Of))
			}
		}
		return nil, fmt.Errorf("part %s missing", strings.Join(missing, ", "))
	}
	return shards, nil
}

// joined is the whole run rebuilt from its parts.
type joined struct {
	entries  []*unitEntry // in the whole run's order
	names    []string     // each entry's unit
	files    *fileSet     // offline: the parts' line tables
	texts    map[string][]string
	excluded map[string]bool
	split    []driver.Diagnostic // the links between parts (splitLinks)
}

// shardUnit is a unit of one part.
type shardUnit struct {
	jsonUnit
	part int
}

// join orders the parts' units as the whole run orders them and drops
// the lone headers that the whole run would not have analysed alone.
func join(shards []shardFile) (*joined, error) {
	var units []shardUnit
	for _, s := range shards {
		for _, u := range s.Units {
			if u.Result == nil || u.Index < 0 || u.Index >= len(s.Files) || s.Files[u.Index] != u.File {
				return nil, fmt.Errorf("%s: unit %s: no result or a wrong index", s.path, u.File)
			}
			units = append(units, shardUnit{u, s.Shard})
		}
	}
	slices.SortFunc(units, func(x, y shardUnit) int {
		return cmp.Or(cmp.Compare(b2i(x.Header), b2i(y.Header)), cmp.Compare(x.Index, y.Index))
	})
	included := map[string]bool{}
	for i, u := range units {
		if i > 0 && u.Index == units[i-1].Index && u.Header == units[i-1].Header {
			return nil, fmt.Errorf("unit %s is in parts %d and %d", u.File, units[i-1].part, u.part)
		}
		if !u.Header {
			for f := range u.Result.Deps {
				included[f] = true
			}
		}
	}
	j := &joined{excluded: map[string]bool{}}
	for _, u := range units {
		if u.Header && included[u.File] {
			continue // a source of another part includes it
		}
		j.entries = append(j.entries, mapEntry(u.Result, local, true))
		j.names = append(j.names, local(u.File))
	}
	j.split = splitLinks(units, shards[0].Of)
	var err error
	if j.files, j.texts, err = lineTables(shards); err != nil {
		return nil, err
	}
	for _, s := range shards {
		for _, f := range s.Excluded {
			j.excluded[local(f)] = true
		}
	}
	return j, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// splitLinks returns an incomplete-run diagnostic for each unit calling
// a launcher that a unit of another part defines: the whole run analyses
// the two as one unit (linkGroups), the launcher with the caller's sizes;
// the parts analysed them apart, and the merge cannot join what was never
// analysed together. The run is then not the whole run, and says so.
func splitLinks(units []shardUnit, n int) []driver.Diagnostic {
	exporter := map[string]shardUnit{}
	for _, u := range units {
		for _, usr := range u.Result.Exports {
			if _, ok := exporter[usr]; !ok && !u.Header {
				exporter[usr] = u
			}
		}
	}
	seen := map[[2]string]bool{}
	var out []driver.Diagnostic
	for _, u := range units {
		for _, usr := range u.Result.Imports {
			d, ok := exporter[usr]
			if !ok || d.part == u.part || u.Header || seen[[2]string{u.File, d.File}] {
				continue
			}
			seen[[2]string{u.File, d.File}] = true
			out = append(out, driver.Diagnostic{Checker: shardChecker, Category: shardChecker,
				Position: token.Position{Filename: local(u.File)},
				Message: fmt.Sprintf("calls a launcher that %s defines: parts %d/%d and %d/%d analysed them apart, where one run analyses them together (the launcher with this file's sizes), so their findings may differ from one run's",
					d.File, u.part, n, d.part, n)})
		}
	}
	return out
}

// lineTables rebuilds, offline, the files the parts' positions fall in:
// each known line starts where the parts saw it start, and the lines
// between are packed just before the next known one (a real line holds
// at least its newline, so no known position moves to another line).
func lineTables(shards []shardFile) (*fileSet, map[string][]string, error) {
	type file struct {
		size  int
		lines map[int]jsonLine
	}
	files := map[string]*file{}
	for _, s := range shards {
		for _, src := range s.Sources {
			name := local(src.File)
			f := files[name]
			if f == nil {
				f = &file{size: src.Size, lines: map[int]jsonLine{}}
				files[name] = f
			}
			if f.size != src.Size {
				return nil, nil, fmt.Errorf("%s: the parts saw %s with sizes %d and %d: did it change between them?", s.path, src.File, f.size, src.Size)
			}
			for _, l := range src.Lines {
				if old, ok := f.lines[l.Line]; ok && old.Offset != l.Offset {
					return nil, nil, fmt.Errorf("%s: the parts saw line %d of %s at offsets %d and %d: did it change between them?", s.path, l.Line, src.File, old.Offset, l.Offset)
				}
				if l.Text != "" || f.lines[l.Line].Text == "" {
					f.lines[l.Line] = l
				}
			}
		}
	}
	fs := &fileSet{fset: token.NewFileSet(), files: map[string]*token.File{}, offline: true}
	texts := map[string][]string{}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		f := files[name]
		tf := fs.fset.AddFile(name, -1, f.size)
		last := 0
		for l := range f.lines {
			last = max(last, l)
		}
		starts := make([]int, last)
		text := make([]string, last)
		next := 0
		for l := last; l >= 1; l-- {
			if known, ok := f.lines[l]; ok {
				next = known.Offset
				text[l-1] = known.Text
			} else {
				next--
			}
			starts[l-1] = next
		}
		switch {
		case f.size == 0:
			tf.SetLines([]int{}) // as SetLinesForContent leaves an empty file
		case last > 0:
			starts[0] = 0
			if !tf.SetLines(starts) {
				return nil, nil, fmt.Errorf("the line table of %s is not one of a file", name)
			}
		}
		fs.files[name] = tf
		texts[name] = text
	}
	return fs, texts, nil
}

// withSeverities returns a copy of reg with the parts' severities (their
// configuration's), which the output reports.
func withSeverities(reg checkers.Registry, sev map[string]string) checkers.Registry {
	out := make(checkers.Registry, len(reg))
	for i, c := range reg {
		cp := *c
		if s, ok := sev[c.Name()]; ok {
			cp.Severity = checkers.SeverityNamed(s)
		}
		out[i] = &cp
	}
	return out
}
