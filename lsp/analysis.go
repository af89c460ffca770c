package lsp

import (
	"bytes"
	"context"
	"fmt"
	"go/token"
	"os"
	"runtime"
	"slices"
	"sort"
	"time"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	project "github.com/cudavet/cudavet/internal/config"
	protocol "github.com/sourcegraph/go-lsp"
	"golang.org/x/tools/go/analysis"
)

// analyse is the server's analyseFunc: it parses the snapshot's file alone,
// with every open buffer as an overlay (this snapshot's text for its own
// file), runs the configured checkers and returns the diagnostics located
// in the file.
//
// The checkers run in two stages over the one parse: first those that do
// not need the symbolic executor (milliseconds per function), whose
// findings are published at once through partial, then the symbolic ones
// (seconds per function, bounded by the solver budgets), whose findings
// join them. A newer edit cancels ctx: the front end finishes its parse,
// but the driver stops the checkers and every solver query of the
// symbolic stage ends at once (its context is the run's, see
// cudair.Unit.Ctx), so a stale stage stops within one query's time.
// After an edit the symbolic stage still starts only after
// Options.SymbolicDelay without a newer one (after an open or a save at
// once), and one at a time (of any document), on all cores
// but one unless the settings say otherwise: the first stage and the
// input keep a core.
func (s *Server) analyse(ctx context.Context, snap *snapshot, partial func([]finding)) ([]finding, error) {
	if _, err := os.Stat(snap.path); err != nil {
		// The front end resolves the file on disk (its directory is the
		// analysed tree): a buffer never saved is not analysed yet.
		s.logf("cudavet: %s is not analysed until it is saved: %v", snap.path, err)
		return nil, nil
	}
	cfg, excluded, err := s.project(s.config(), snap.path)
	if err != nil {
		return nil, err
	}
	if excluded {
		s.logf("cudavet: %s is excluded by its %s: not analysed", snap.path, project.FileName)
		return nil, nil
	}
	overlay := s.docs.files()
	overlay[snap.path] = snap.text.Content()
	fc := cfg.frontend
	fc.Overlay = overlay
	fc.Cache = s.parses
	prog, err := frontend.Load(&fc, snap.path)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", snap.path, err)
	}
	var out []finding
	for i, stage := range stages(cfg.analyzers) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		jobs := cfg.jobs
		if i > 0 {
			// The first stage's findings, and the later stages' of the
			// last publication moved to the edited text: without them
			// every symbolic finding left the editor at each pause in
			// the typing and came back a second or more later.
			partial(union(out, carry(s.published(snap.uri), stage, snap.uri, snap.text)))
			// Wait for a pause in the edits: a symbolic stage started
			// and cancelled at every keystroke would only heat the CPU.
			// An open or a save is no typing: start at once.
			if !snap.settled {
				select {
				case <-time.After(s.symbolicDelay):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
		}
		if requires(stage[0], symbolic) {
			release, err := s.acquireSymbolic(ctx)
			if err != nil {
				return nil, err
			}
			defer release()
			if jobs == 0 {
				jobs = max(1, runtime.GOMAXPROCS(0)-1)
			}
		}
		res, err := driver.Run(prog, driver.Config{
			Context:   ctx,
			Analyzers: stage,
			Debug:     cfg.debug,
			Jobs:      jobs,
			ReadFile:  overlayReader(overlay),

			SkipUnusedIgnores: cfg.skipUnused,
			// The symbolic executor's model, variants and limits of this
			// document's settings travel with the run.
			Options: map[*analysis.Analyzer]any{symexec.Analyzer: symexec.Options{
				Model: cfg.model, Mutate: cfg.mutate, Limits: cfg.limits, Latent: cfg.latent}},
		})
		if err != nil {
			return nil, fmt.Errorf("analyse %s: %w", snap.path, err)
		}
		out = union(out, s.findings(snap, cfg.registry, overlay, prog.Fset, res.Diagnostics))
	}
	return out, ctx.Err()
}

// acquireSymbolic waits for the server's one symbolic stage, or for ctx.
func (s *Server) acquireSymbolic(ctx context.Context) (release func(), err error) {
	select {
	case s.symbolic <- struct{}{}:
		return func() { <-s.symbolic }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// symbolic names the helper analyzer of the symbolic executor: the
// checkers that require it are the slow stage.
const symbolic = "symexec"

// stages splits the analyzers into those that do not require the symbolic
// executor and those that do, dropping an empty stage.
func stages(analyzers []*analysis.Analyzer) [][]*analysis.Analyzer {
	var fast, slow []*analysis.Analyzer
	for _, a := range analyzers {
		if requires(a, symbolic) {
			slow = append(slow, a)
		} else {
			fast = append(fast, a)
		}
	}
	var out [][]*analysis.Analyzer
	for _, st := range [][]*analysis.Analyzer{fast, slow} {
		if len(st) > 0 {
			out = append(out, st)
		}
	}
	return out
}

// requires reports whether a requires the named analyzer, transitively.
func requires(a *analysis.Analyzer, name string) bool {
	for _, r := range a.Requires {
		if r.Name == name || requires(r, name) {
			return true
		}
	}
	return false
}

// union returns the findings of a and those of b it does not hold (the
// front end's and the suppression problems come with every stage), sorted
// by position, then code and message, in a new slice: a is not changed (it
// may be a stage's findings that a publication still holds).
func union(a, b []finding) []finding {
	type key struct {
		rng       protocol.Range
		code, msg string
	}
	seen := map[key]bool{}
	for _, f := range a {
		seen[key{f.diag.Range, f.diag.Code, f.diag.Message}] = true
	}
	out := slices.Clone(a)
	for _, f := range b {
		if k := (key{f.diag.Range, f.diag.Code, f.diag.Message}); !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		x, y := out[i].diag, out[j].diag
		if x.Range.Start != y.Range.Start {
			if x.Range.Start.Line != y.Range.Start.Line {
				return x.Range.Start.Line < y.Range.Start.Line
			}
			return x.Range.Start.Character < y.Range.Start.Character
		}
		if x.Code != y.Code {
			return x.Code < y.Code
		}
		return x.Message < y.Message
	})
	return out
}

// overlayReader returns a ReadFile that sees the unsaved buffers: the
// suppression comments of an unsaved edit count.
func overlayReader(overlay map[string][]byte) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if b, ok := overlay[name]; ok {
			return b, nil
		}
		return os.ReadFile(name)
	}
}

// The reports of an analysis in its file, converted for the protocol.
func (s *Server) findings(snap *snapshot, reg checkers.Registry, overlay map[string][]byte, fset *token.FileSet, diags []driver.Diagnostic) []finding {
	files := &fileTexts{overlay: overlay, mappers: map[string]*Mapper{}}
	var out []finding
	for _, d := range diags {
		f, ok := s.convert(snap, reg, files, fset, d)
		if ok {
			out = append(out, f)
		}
	}
	return out
}

// fileTexts gives the mapper of each file a diagnostic mentions: the
// overlay's text for open buffers, the file on disk otherwise, nil when it
// cannot be read.
type fileTexts struct {
	overlay map[string][]byte
	mappers map[string]*Mapper
}

func (ft *fileTexts) mapper(name string) *Mapper {
	if m, ok := ft.mappers[name]; ok {
		return m
	}
	var m *Mapper
	if b, ok := ft.overlay[name]; ok {
		m = NewMapper(b)
	} else if b, err := os.ReadFile(name); err == nil {
		m = NewMapper(b)
	}
	ft.mappers[name] = m
	return m
}

// carry returns the findings of prev that checkers of later report, moved
// to the text now of document uri: a finding on a line the edit left
// alone (in the unchanged lines before or after the edited region) keeps
// its line, or follows it; one on an edited line is dropped, as are its
// related entries there. A carried finding offers no fix (its edits are
// in the old text's positions) until its checker's stage publishes again.
func carry(prev []finding, later []*analysis.Analyzer, uri protocol.DocumentURI, now *Mapper) []finding {
	names := map[string]bool{}
	for _, a := range later {
		names[a.Name] = true
	}
	maps := map[*Mapper]func(int) (int, bool){}
	var out []finding
	for _, f := range prev {
		if !names[f.checker] || f.text == nil {
			continue
		}
		m, ok := maps[f.text]
		if !ok {
			m = lineMap(f.text, now)
			maps[f.text] = m
		}
		start, ok1 := m(f.diag.Range.Start.Line)
		end, ok2 := m(f.diag.Range.End.Line)
		if !ok1 || !ok2 {
			continue
		}
		g := f
		g.diag.Range.Start.Line, g.diag.Range.End.Line = start, end
		g.diag.RelatedInformation = nil
		for _, r := range f.diag.RelatedInformation {
			if r.Location.URI == uri {
				s, ok1 := m(r.Location.Range.Start.Line)
				e, ok2 := m(r.Location.Range.End.Line)
				if !ok1 || !ok2 {
					continue
				}
				r.Location.Range.Start.Line, r.Location.Range.End.Line = s, e
			}
			g.diag.RelatedInformation = append(g.diag.RelatedInformation, r)
		}
		g.fixes, g.text, g.carried = nil, now, true
		out = append(out, g)
	}
	return out
}

// lineMap maps the lines of old to those of now around the one region an
// edit changed: the lines before it keep their numbers, those after it
// shift by the change in length; a line inside it maps to none.
func lineMap(old, now *Mapper) func(int) (int, bool) {
	n, m := old.Lines(), now.Lines()
	pre := 0
	for pre < n && pre < m && bytes.Equal(old.line(pre), now.line(pre)) {
		pre++
	}
	suf := 0
	for suf < n-pre && suf < m-pre && bytes.Equal(old.line(n-1-suf), now.line(m-1-suf)) {
		suf++
	}
	return func(l int) (int, bool) {
		switch {
		case l < pre:
			return l, true
		case l >= n-suf && l < n:
			return l + m - n, true
		}
		return 0, false
	}
}
