package lsp

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"

	protocol "github.com/sourcegraph/go-lsp"
)

// didChangeConfiguration applies new client settings over the defaults and
// analyses the open documents again. Invalid settings are shown to the
// user and the current ones kept. Some clients send their whole
// configuration: an object with neither a "cudavet" section nor a key of
// Settings is not for this server and changes nothing.
func (s *Server) didChangeConfiguration(_ context.Context, params *json.RawMessage) (any, error) {
	var p struct {
		Settings json.RawMessage `json:"settings"`
	}
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if foreign(p.Settings) {
		s.logf("cudavet: didChangeConfiguration without cudavet settings: ignored")
		return nil, nil
	}
	if err := s.applySettings(p.Settings); err != nil {
		s.notifyClient(methodShowMessage, protocol.ShowMessageParams{Type: protocol.MTError, Message: "cudavet: settings not applied: " + err.Error()})
		return nil, err
	}
	for _, snap := range s.docs.all() {
		s.sched.schedule(snap, true)
	}
	return nil, nil
}

// applySettings parses client settings, merges them over the defaults and
// makes them current if they are valid.
func (s *Server) applySettings(raw json.RawMessage) error {
	client, err := ParseSettings(raw)
	if err != nil {
		return err
	}
	merged := s.defaults.Merge(client)
	cfg, err := merged.config(s.registry)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settings, s.cfg = merged, cfg
	return nil
}

// foreign reports whether settings are a non-empty JSON object without a
// "cudavet" key or any key of Settings.
func foreign(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || len(m) == 0 {
		return false
	}
	if _, ok := m["cudavet"]; ok {
		return false
	}
	t := reflect.TypeFor[Settings]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if _, ok := m[name]; ok {
			return false
		}
	}
	return true
}
