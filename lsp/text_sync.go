package lsp

import (
	"context"
	"encoding/json"

	protocol "github.com/sourcegraph/go-lsp"
)

// didOpen records the buffer and analyses it at once (no edit to wait for).
func (s *Server) didOpen(_ context.Context, params *json.RawMessage) (any, error) {
	var p protocol.DidOpenTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	snap, err := s.docs.open(p.TextDocument)
	if err != nil {
		return nil, err
	}
	s.sched.schedule(snap, true)
	return nil, nil
}

// didChange applies full or incremental changes and schedules a debounced
// analysis of the new version, which cancels the stale one.
func (s *Server) didChange(_ context.Context, params *json.RawMessage) (any, error) {
	var p protocol.DidChangeTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	snap, err := s.docs.change(p.TextDocument, p.ContentChanges)
	if err != nil {
		return nil, err
	}
	s.sched.schedule(snap, false)
	return nil, nil
}

// didSave analyses the buffer at once: headers it includes may have
// changed on disk.
func (s *Server) didSave(_ context.Context, params *json.RawMessage) (any, error) {
	var p protocol.DidSaveTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if snap := s.docs.get(p.TextDocument.URI); snap != nil {
		s.sched.schedule(snap, true)
	}
	return nil, nil
}

// didClose forgets the buffer, cancels its analysis and clears its
// diagnostics (the file on disk is not analysed).
func (s *Server) didClose(_ context.Context, params *json.RawMessage) (any, error) {
	var p protocol.DidCloseTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if err := s.docs.close(p.TextDocument.URI); err != nil {
		return nil, err
	}
	s.sched.forget(p.TextDocument.URI, func() {
		s.setFindings(p.TextDocument.URI, nil)
		s.publish(p.TextDocument.URI, 0, nil)
	})
	if path, err := uriPath(p.TextDocument.URI); err == nil {
		s.parses.Forget(path)
	}
	return nil, nil
}
