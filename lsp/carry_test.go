package lsp

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/overflow"
	protocol "github.com/sourcegraph/go-lsp"
	"golang.org/x/tools/go/analysis"
)

// TestLineMap: lines before the edited region keep their numbers, lines
// after it follow the change in length, lines inside it map to none.
func TestLineMap(t *testing.T) {
	old := NewMapper([]byte("a\nb\nc\nd\ne\n"))
	now := NewMapper([]byte("a\nb\nX\nY\nd\ne\n")) // c became X, Y
	m := lineMap(old, now)
	for _, c := range []struct {
		line, want int
		ok         bool
	}{{0, 0, true}, {1, 1, true}, {2, 0, false}, {3, 4, true}, {4, 5, true}, {5, 6, true}} {
		if got, ok := m(c.line); got != c.want || ok != c.ok {
			t.Errorf("line %d: %d, %v; want %d, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

// TestCarry: the later stages' findings of the last publication move to
// the edited text, without their fixes; one on an edited line, and the
// first stage's, are not carried.
func TestCarry(t *testing.T) {
	uri := protocol.DocumentURI("file:///w/k.cu")
	old := NewMapper([]byte("l0\nl1\nl2\nl3\n"))
	now := NewMapper([]byte("l0\nl1\nl2 edited\nadded\nl3\n"))
	at := func(line int) protocol.Range {
		return protocol.Range{Start: protocol.Position{Line: line, Character: 1}, End: protocol.Position{Line: line, Character: 2}}
	}
	f := func(checker string, line int) finding {
		d := Diagnostic{Diagnostic: protocol.Diagnostic{Range: at(line), Code: checker, Source: source}}
		d.RelatedInformation = []DiagnosticRelatedInformation{
			{Location: protocol.Location{URI: uri, Range: at(3)}, Message: "launched here"},
			{Location: protocol.Location{URI: uri, Range: at(2)}, Message: "on the edited line"},
			{Location: protocol.Location{URI: "file:///w/h.cuh", Range: at(2)}, Message: "in a header"},
		}
		return finding{diag: d, checker: checker, fixes: []fix{{title: "fix"}}, version: 1, text: old}
	}
	prev := []finding{f("overflow", 1), f("overflow", 2), f("overflow", 3), f("barrierdiv", 1)}
	got := carry(prev, []*analysis.Analyzer{overflow.Analyzer}, uri, now)
	if len(got) != 2 {
		t.Fatalf("carried %d findings, want 2 (overflow's on lines 1 and 3)", len(got))
	}
	for i, want := range []int{1, 4} {
		g := got[i]
		if g.diag.Range != at(want) || !g.carried || g.fixes != nil || g.text != now {
			t.Errorf("carried %+v: want line %d, carried, no fixes, the new text", g, want)
		}
		if r := g.diag.RelatedInformation; len(r) != 2 || r[0].Location.Range != at(4) || r[1].Location.URI != "file:///w/h.cuh" || r[1].Location.Range != at(2) {
			t.Errorf("related %+v: want the launch on line 4 and the header's entry as it was", r)
		}
	}
}

// TestNoFlickerAfterEdit: after an edit away from its findings, every
// publication of the new version keeps the symbolic findings (the first
// stage's publication carries them); before, the first stage published
// none, and every symbolic squiggle left the editor at each pause in the
// typing.
func TestNoFlickerAfterEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	path, data := tokenScale(t)
	c := newClient(t, Options{}, nil)
	c.initialize(map[string]any{"checks": "overflow,barrierdiv", "config": "off", "model": "llama-3-8b"})
	uri := c.open(path, string(data), 1)
	if p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version == 1 && len(p.Diagnostics) == 2 }); len(p.Diagnostics) != 2 {
		t.Fatalf("%s", summary(p))
	}
	c.change(uri, 2, nil, string(data)+"\n// an edit below the kernel\n")
	// Two publications of version 2: the first stage's, then the
	// symbolic stage's (after its pause for typing).
	var pubs []PublishDiagnosticsParams
	deadline := time.After(wait)
	for len(pubs) < 2 {
		pubs = nil
		c.mu.Lock()
		for _, n := range c.notes {
			var p PublishDiagnosticsParams
			if n.Method == methodPublishDiagnostics && json.Unmarshal(n.Params, &p) == nil && p.URI == uri && p.Version == 2 {
				pubs = append(pubs, p)
			}
		}
		c.mu.Unlock()
		if len(pubs) >= 2 {
			break
		}
		select {
		case <-c.noteCh:
		case <-deadline:
			t.Fatalf("%d publications of version 2 within %v, want 2:\n%s", len(pubs), wait, c.dump())
		}
	}
	for i, p := range pubs {
		if len(p.Diagnostics) != 2 {
			t.Errorf("publication %d of version 2: %s; want the 2 overflow findings in each", i+1, summary(p))
		}
	}
}

// TestUnionKeepsItsInput: union does not write into its first argument's
// array. The first stage's findings are published (and kept for an error)
// while the analysis goes on; union sorted the combined findings in place,
// so with spare capacity a carried finding could take a stage finding's
// place in the caller's slice.
func TestUnionKeepsItsInput(t *testing.T) {
	at := func(line int) Diagnostic {
		return Diagnostic{Diagnostic: protocol.Diagnostic{Range: protocol.Range{Start: protocol.Position{Line: line}}, Code: "c"}}
	}
	a := make([]finding, 1, 4)
	a[0] = finding{diag: at(5), checker: "barrierdiv"}
	got := union(a, []finding{{diag: at(1), checker: "overflow"}})
	if a[0].checker != "barrierdiv" || a[:2][1].checker != "" {
		t.Errorf("union changed its input: %+v", a[:2])
	}
	if len(got) != 2 || got[0].checker != "overflow" || got[1].checker != "barrierdiv" {
		t.Errorf("union = %+v, want overflow (line 1) then barrierdiv (line 5)", got)
	}
}
