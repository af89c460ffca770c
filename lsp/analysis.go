package lsp

import (
	"context"
	"fmt"
	"go/token"
	"os"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend"
)

// analyse is the server's analyseFunc: it parses the snapshot's file alone,
// with every open buffer as an overlay (this snapshot's text for its own
// file), runs the configured checkers and returns the diagnostics located
// in the file. Cancellation is checked between the stages: the front end
// and the driver do not take a context.
func (s *Server) analyse(ctx context.Context, snap *snapshot) ([]finding, error) {
	cfg := s.config()
	overlay := s.docs.files()
	overlay[snap.path] = snap.text.Content()
	fc := cfg.frontend
	fc.Overlay = overlay
	prog, err := frontend.Load(&fc, snap.path)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", snap.path, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res, err := driver.Run(prog, driver.Config{
		Analyzers: cfg.analyzers,
		Debug:     cfg.debug,
		Jobs:      cfg.jobs,
		ReadFile:  overlayReader(overlay),
	})
	if err != nil {
		return nil, fmt.Errorf("analyse %s: %w", snap.path, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.findings(snap, overlay, prog.Fset, res.Diagnostics), nil
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
func (s *Server) findings(snap *snapshot, overlay map[string][]byte, fset *token.FileSet, diags []driver.Diagnostic) []finding {
	files := &fileTexts{overlay: overlay, mappers: map[string]*Mapper{}}
	var out []finding
	for _, d := range diags {
		f, ok := s.convert(snap, files, fset, d)
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
