package lsp

import (
	"context"
	"encoding/json"
	"fmt"

	protocol "github.com/sourcegraph/go-lsp"
)

// codeAction offers, for each cudavet finding in the range, its checker's
// suggested fixes (overflow's "compute token * hidden_size in int64_t"),
// the first one preferred, while the document is still at the version the
// finding was computed for; then the comment that suppresses the finding,
// inserted on its own line above the finding's line:
//
//	// cudavet:ignore[checker]
//
// The comment has no reason: the user writes why the finding is safe, as
// the suppression rules require (until then the directive suppresses
// nothing and is itself reported). The findings are those the client sends
// in the context, else those last published on the range's lines.
func (s *Server) codeAction(_ context.Context, params *json.RawMessage) (any, error) {
	var p codeActionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	snap := s.docs.get(p.TextDocument.URI)
	if snap == nil {
		return nil, notOpen(methodCodeAction, p.TextDocument.URI)
	}
	published := s.published(snap.uri)
	diags := p.Context.Diagnostics
	if len(diags) == 0 {
		for _, f := range published {
			if overlaps(f.diag.Range, p.Range) {
				diags = append(diags, f.diag)
			}
		}
	}
	actions := []CodeAction{}
	for _, d := range diags {
		if d.Source != source && d.Source != "" {
			continue
		}
		for _, f := range published {
			if f.version != snap.version || f.diag.Range != d.Range || f.diag.Message != d.Message {
				continue
			}
			for i, x := range f.fixes {
				actions = append(actions, CodeAction{
					Title:       x.title,
					Kind:        protocol.CAKQuickFix,
					Diagnostics: []Diagnostic{d},
					IsPreferred: i == 0,
					Edit:        &protocol.WorkspaceEdit{Changes: map[string][]protocol.TextEdit{string(snap.uri): x.edits}},
				})
			}
			break
		}
	}
	seen := map[string]bool{}
	for _, d := range diags {
		// Some clients drop the source (Neovim 0.7 keeps the code).
		if (d.Source != source && d.Source != "") || !s.suppressible(d.Code) {
			continue
		}
		line := d.Range.Start.Line
		key := fmt.Sprintf("%s:%d", d.Code, line)
		if seen[key] {
			continue
		}
		seen[key] = true
		at := protocol.Position{Line: line}
		text := fmt.Sprintf("%s// cudavet:ignore[%s] \n", snap.text.Indent(line), d.Code)
		actions = append(actions, CodeAction{
			Title:       fmt.Sprintf("Suppress %s here with // cudavet:ignore (then write the reason)", d.Code),
			Kind:        protocol.CAKQuickFix,
			Diagnostics: []Diagnostic{d},
			Edit: &protocol.WorkspaceEdit{Changes: map[string][]protocol.TextEdit{
				string(snap.uri): {{Range: protocol.Range{Start: at, End: at}, NewText: text}},
			}},
		})
	}
	return actions, nil
}

// suppressible reports whether a diagnostic code is a registered checker,
// whose findings a cudavet:ignore comment hides (internal errors, parse
// errors and ignore problems have other codes).
func (s *Server) suppressible(code string) bool {
	return code != "" && s.registry.Lookup(code) != nil
}

// overlaps reports whether the line spans of two ranges meet.
func overlaps(a, b protocol.Range) bool {
	return a.Start.Line <= b.End.Line && b.Start.Line <= a.End.Line
}
