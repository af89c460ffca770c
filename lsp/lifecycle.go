package lsp

import (
	"context"
	"encoding/json"

	protocol "github.com/sourcegraph/go-lsp"
	"github.com/sourcegraph/jsonrpc2"
)

// initialize applies the client's initializationOptions over the default
// settings and announces the capabilities: open/close and incremental
// change sync, save notifications, code actions and hover. Invalid
// settings fail the request: the client shows why, and may initialize
// again.
func (s *Server) initialize(_ context.Context, params *json.RawMessage) (any, error) {
	var p struct {
		InitializationOptions json.RawMessage `json:"initializationOptions"`
	}
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if err := s.applySettings(p.InitializationOptions); err != nil {
		return nil, rpcError(jsonrpc2.CodeInvalidParams, "initializationOptions: "+err.Error())
	}
	s.mu.Lock()
	s.state = stateInitialized
	s.mu.Unlock()
	incremental := protocol.TDSKIncremental
	return protocol.InitializeResult{Capabilities: protocol.ServerCapabilities{
		TextDocumentSync: &protocol.TextDocumentSyncOptionsOrKind{Options: &protocol.TextDocumentSyncOptions{
			OpenClose: true,
			Change:    incremental,
			Save:      &protocol.SaveOptions{IncludeText: false},
		}},
		HoverProvider:      true,
		CodeActionProvider: true,
	}}, nil
}

// initialized needs nothing: the server registers no capability later.
func (s *Server) initialized(context.Context, *json.RawMessage) (any, error) { return nil, nil }

// shutdown stops the analyses; after it only exit is accepted.
func (s *Server) shutdown(context.Context, *json.RawMessage) (any, error) {
	s.sched.stop()
	s.mu.Lock()
	s.state = stateShutdown
	s.mu.Unlock()
	return nil, nil
}

// exit ends the session: Serve returns 0 when shutdown came first, 1
// otherwise.
func (s *Server) exit() {
	s.sched.stop()
	s.parses.Close()
	s.mu.Lock()
	if s.state == stateShutdown {
		s.exitCode = 0
	}
	conn := s.conn
	s.mu.Unlock()
	conn.Close()
}
