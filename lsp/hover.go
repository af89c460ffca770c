package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	protocol "github.com/sourcegraph/go-lsp"
)

// hover shows, on a line with findings, each finding with its checker,
// severity and witness (the related entries: the condition, the launch,
// the thread and sizes, the other access). Elsewhere the result is null.
func (s *Server) hover(_ context.Context, params *json.RawMessage) (any, error) {
	var p protocol.TextDocumentPositionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if s.docs.get(p.TextDocument.URI) == nil {
		return nil, notOpen(methodHover, p.TextDocument.URI)
	}
	var b strings.Builder
	var rng *protocol.Range
	for _, f := range s.published(p.TextDocument.URI) {
		r := f.diag.Range
		if p.Position.Line < r.Start.Line || p.Position.Line > r.End.Line {
			continue
		}
		if rng == nil {
			rng = &r
		} else {
			b.WriteString("\n---\n\n")
		}
		writeHover(&b, f)
	}
	if rng == nil {
		return nil, nil
	}
	return hover{Contents: markupContent{Kind: "markdown", Value: b.String()}, Range: rng}, nil
}

// writeHover writes one finding in markdown.
func writeHover(b *strings.Builder, f finding) {
	fmt.Fprintf(b, "**%s** (%s): %s\n", f.diag.Code, severityName(f.diag.Severity), f.diag.Message)
	if len(f.witness) == 0 {
		return
	}
	b.WriteString("\nWitness:\n")
	for _, w := range f.witness {
		fmt.Fprintf(b, "- `%s`\n", w)
	}
}

func severityName(s protocol.DiagnosticSeverity) string {
	switch s {
	case protocol.Error:
		return "error"
	case protocol.Warning:
		return "warning"
	}
	return "info"
}
