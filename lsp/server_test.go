package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	protocol "github.com/sourcegraph/go-lsp"
	"github.com/sourcegraph/jsonrpc2"
)

func TestLifecycle(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.wantError(methodHover, map[string]any{}, codeServerNotInitialized)
	c.notify(methodDidOpen, map[string]any{}) // dropped before initialize
	var res protocol.InitializeResult
	c.result(methodInitialize, map[string]any{"capabilities": map[string]any{}}, &res)
	caps := res.Capabilities
	if o := caps.TextDocumentSync.Options; o == nil || !o.OpenClose || o.Change != protocol.TDSKIncremental || o.Save == nil {
		t.Errorf("textDocumentSync %+v, want openClose, incremental changes and save", caps.TextDocumentSync)
	}
	if !caps.HoverProvider || !caps.CodeActionProvider {
		t.Errorf("capabilities %+v, want hover and code actions", caps)
	}
	c.wantError(methodInitialize, map[string]any{"capabilities": map[string]any{}}, jsonrpc2.CodeInvalidRequest)
	c.result(methodShutdown, nil, nil)
	c.wantError(methodHover, map[string]any{}, jsonrpc2.CodeInvalidRequest)
	c.notify(methodExit, nil)
	if code := c.exitCode(); code != 0 {
		t.Errorf("exit after shutdown: status %d, want 0", code)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(nil)
	c.notify(methodExit, nil)
	if code := c.exitCode(); code != 1 {
		t.Errorf("exit without shutdown: status %d, want 1", code)
	}
}

// TestMalformed sends what a broken client might: each gets an error
// answer (or, for notifications, nothing) and the server goes on.
func TestMalformed(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(nil)

	c.raw("Content-Length: 9\r\n\r\n{not json")
	if m := c.response("null"); m.Error == nil || m.Error.Code != jsonrpc2.CodeParseError {
		t.Errorf("bad JSON: %+v, want a parse error", m)
	}
	c.raw("X-Nonsense\r\n\r\n")
	if m := c.response("null"); m.Error == nil || m.Error.Code != jsonrpc2.CodeParseError {
		t.Errorf("header without Content-Length: %+v, want a parse error", m)
	}
	c.raw("Content-Length: 11\r\n\r\n{\"id\":\"x\"} ")
	if m := c.response(`"x"`); m.Error == nil || m.Error.Code != jsonrpc2.CodeInvalidRequest {
		t.Errorf("neither request nor response: %+v, want invalid request", m)
	}
	c.wantError("textDocument/definition", map[string]any{}, jsonrpc2.CodeMethodNotFound)
	c.notify("$/unknownNotification", map[string]any{}) // ignored
	c.wantError(methodHover, []int{1, 2}, jsonrpc2.CodeInvalidParams)
	c.wantError(methodHover, nil, jsonrpc2.CodeInvalidParams)
	c.wantError(methodCodeAction, map[string]any{"textDocument": map[string]any{"uri": "file:///not/open.cu"}}, jsonrpc2.CodeInvalidParams)
	// Edits of a document that is not open, or beyond its text, are
	// notifications: the error goes to the client's log.
	c.change("file:///not/open.cu", 2, nil, "")
	c.notify(methodDidOpen, map[string]any{"textDocument": map[string]any{"uri": "http://example.com/x.cu", "text": ""}})
	if logs := c.waitLogs(2); !strings.Contains(logs, "not open") || !strings.Contains(logs, "file://") {
		t.Errorf("log messages:\n%s", logs)
	}

	// Still serving.
	c.result(methodShutdown, nil, nil)
}

// waitLogs waits for n window/logMessage notifications and returns them.
func (c *client) waitLogs(n int) string {
	c.t.Helper()
	deadline := time.After(wait)
	for {
		logs := c.notifications(methodLogMessage)
		if len(logs) >= n {
			var b strings.Builder
			for _, l := range logs {
				b.Write(l.Params)
				b.WriteByte('\n')
			}
			return b.String()
		}
		select {
		case <-c.noteCh:
		case <-deadline:
			c.t.Fatalf("%d log messages within %v, want %d", len(logs), wait, n)
		}
	}
}

func TestDiagnostics(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(barrierdiv)
	path, text := kernel(t)
	uri := c.open(path, text, 1)
	p := c.diagnostics(uri, version(1))
	if len(p.Diagnostics) != 1 {
		t.Fatalf("diagnostics %+v, want 1", p.Diagnostics)
	}
	d := p.Diagnostics[0]
	// Byte column 39 (clang) is UTF-16 column 37 (0-based): Σ is two
	// bytes and one code unit.
	want := protocol.Range{Start: protocol.Position{Line: bugLine, Character: 37}, End: protocol.Position{Line: bugLine, Character: 52}}
	if d.Range != want {
		t.Errorf("range %v, want %v", d.Range, want)
	}
	if d.Severity != protocol.Error || d.Source != "cudavet" || d.Code != "barrierdiv" {
		t.Errorf("severity %d source %q code %q, want 1, cudavet, barrierdiv", d.Severity, d.Source, d.Code)
	}
	if !strings.HasPrefix(d.Message, "__syncthreads() is reached only by threads with tid < 32") {
		t.Errorf("message %q", d.Message)
	}
	if len(d.RelatedInformation) == 0 {
		t.Fatal("no related information (witness)")
	}
	r := d.RelatedInformation[0]
	if r.Location.URI != uri || r.Location.Range.Start != (protocol.Position{Line: bugLine, Character: 23}) || r.Message != "condition depends on threadIdx.x via tid" {
		t.Errorf("related %+v", r)
	}
}

// TestUnsavedText checks that the buffer is analysed, not the file: the
// disk holds the fixed kernel, the buffer the buggy one, then the reverse.
func TestUnsavedText(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(barrierdiv)
	path, text := kernel(t)
	if err := os.WriteFile(path, []byte(fixed(t, text)), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := c.open(path, text, 1)
	if p := c.diagnostics(uri, version(1)); len(p.Diagnostics) != 1 {
		t.Errorf("buggy buffer, fixed file: %d diagnostics, want 1", len(p.Diagnostics))
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c.change(uri, 2, nil, fixed(t, text))
	if p := c.diagnostics(uri, version(2)); len(p.Diagnostics) != 0 {
		t.Errorf("fixed buffer, buggy file: %+v, want none", p.Diagnostics)
	}
}

// TestIncrementalSync fixes and breaks the bug with range edits (one
// notification holding two changes, one spanning the non-ASCII
// character), then replaces the whole text.
func TestIncrementalSync(t *testing.T) {
	c := newClient(t, Options{Debounce: time.Millisecond}, nil)
	c.initialize(barrierdiv)
	path, text := kernel(t)
	uri := c.open(path, text, 1)
	c.diagnostics(uri, version(1))

	// Delete "if (tid < 32) " (UTF-16 columns 23 to 37 of the bug line).
	del := protocol.Range{Start: protocol.Position{Line: bugLine, Character: 23}, End: protocol.Position{Line: bugLine, Character: 37}}
	c.change(uri, 2, &del, "")
	if p := c.diagnostics(uri, version(2)); len(p.Diagnostics) != 0 {
		t.Errorf("after the fix: %+v", p.Diagnostics)
	}
	// Two changes in order: put the guard back, then rewrite the comment
	// (Σ → "sum"), which moves the finding two columns right.
	at := protocol.Position{Line: bugLine, Character: 23}
	sigma := protocol.Range{Start: protocol.Position{Line: bugLine, Character: 5}, End: protocol.Position{Line: bugLine, Character: 6}}
	c.notify(methodDidChange, map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 3},
		"contentChanges": []map[string]any{
			changeEvent(&protocol.Range{Start: at, End: at}, "if (tid < 32) "),
			changeEvent(&sigma, "sum"),
		},
	})
	p := c.diagnostics(uri, version(3))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Range.Start != (protocol.Position{Line: bugLine, Character: 39}) {
		t.Errorf("after two edits: %+v, want one finding at %d:39", p.Diagnostics, bugLine)
	}
	if got := string(c.srv.docs.get(uri).text.Content()); got != strings.Replace(text, "Σ", "sum", 1) {
		t.Errorf("server's text after the edits:\n%s", got)
	}
	c.change(uri, 4, nil, fixed(t, text))
	if p := c.diagnostics(uri, version(4)); len(p.Diagnostics) != 0 {
		t.Errorf("after a full change: %+v", p.Diagnostics)
	}
}

// TestNeverSaved: a buffer whose file is not on disk is not analysed (the
// front end needs the file): no diagnostic, no error.
func TestNeverSaved(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(barrierdiv)
	_, text := kernel(t)
	uri := c.open(filepath.Join(t.TempDir(), "new.cu"), text, 1)
	if p := c.diagnostics(uri, version(1)); len(p.Diagnostics) != 0 {
		t.Errorf("%+v", p.Diagnostics)
	}
}

func TestSaveAndClose(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(barrierdiv)
	path, text := kernel(t)
	uri := c.open(path, text, 1)
	c.diagnostics(uri, version(1))
	before := len(c.notifications(methodPublishDiagnostics))
	c.notify(methodDidSave, map[string]any{"textDocument": map[string]any{"uri": uri}})
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
		return len(c.notifications(methodPublishDiagnostics)) > before && p.Version == 1 && len(p.Diagnostics) == 1
	})
	c.notify(methodDidClose, map[string]any{"textDocument": map[string]any{"uri": uri}})
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	if c.srv.docs.get(uri) != nil || c.srv.published(uri) != nil {
		t.Error("the closed document is still held")
	}
	c.wantError(methodHover, hoverParams(uri, bugLine), jsonrpc2.CodeInvalidParams)
}

func hoverParams(uri protocol.DocumentURI, line int) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: line, Character: 4}}
}

func TestHover(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(barrierdiv)
	path, text := kernel(t)
	uri := c.open(path, text, 1)
	c.diagnostics(uri, version(1))
	var h hover
	c.result(methodHover, hoverParams(uri, bugLine), &h)
	for _, want := range []string{"**barrierdiv** (error): __syncthreads() is reached only", "Witness:", "- `reduce.cu:18:25: condition depends on threadIdx.x via tid`"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover lacks %q:\n%s", want, h.Contents.Value)
		}
	}
	if h.Contents.Kind != "markdown" || h.Range == nil || h.Range.Start.Line != bugLine {
		t.Errorf("hover %+v", h)
	}
	m := c.call(methodHover, hoverParams(uri, 2))
	if m.Error != nil || string(m.Result) != "null" {
		t.Errorf("hover on a clean line: %s %+v, want null", m.Result, m.Error)
	}
}

func TestCodeAction(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.initialize(barrierdiv)
	path, text := kernel(t)
	uri := c.open(path, text, 1)
	d := c.diagnostics(uri, version(1)).Diagnostics[0]
	line := protocol.Range{Start: protocol.Position{Line: bugLine}, End: protocol.Position{Line: bugLine}}
	check := func(name string, ctx []Diagnostic) {
		t.Helper()
		var actions []CodeAction
		c.result(methodCodeAction, map[string]any{
			"textDocument": map[string]any{"uri": uri},
			"range":        line,
			"context":      map[string]any{"diagnostics": ctx},
		}, &actions)
		if len(actions) != 1 {
			t.Fatalf("%s: %d actions, want 1: %+v", name, len(actions), actions)
		}
		a := actions[0]
		edits := a.Edit.Changes[string(uri)]
		want := protocol.TextEdit{Range: protocol.Range{Start: protocol.Position{Line: bugLine}, End: protocol.Position{Line: bugLine}}, NewText: "  // cudavet:ignore[barrierdiv] \n"}
		if a.Kind != protocol.CAKQuickFix || len(edits) != 1 || edits[0] != want {
			t.Errorf("%s: action %+v, want the edit %+v", name, a, want)
		}
	}
	check("client's diagnostics", []Diagnostic{d})
	check("published diagnostics", nil)

	// Applied and completed with a reason, the comment suppresses the
	// finding.
	c.change(uri, 2, nil, strings.Replace(text, bugText, "  // cudavet:ignore[barrierdiv] only the first warp reads s_warp\n"+bugText, 1))
	if p := c.diagnostics(uri, version(2)); len(p.Diagnostics) != 0 {
		t.Errorf("suppressed: %+v", p.Diagnostics)
	}
	var none []CodeAction
	c.result(methodCodeAction, map[string]any{"textDocument": map[string]any{"uri": uri}, "range": line, "context": map[string]any{"diagnostics": []any{}}}, &none)
	if len(none) != 0 {
		t.Errorf("actions without findings: %+v", none)
	}
}

func TestConfiguration(t *testing.T) {
	c := newClient(t, Options{}, nil)
	c.wantError(methodInitialize, map[string]any{"capabilities": map[string]any{}, "initializationOptions": map[string]any{"checks": "nosuch"}}, jsonrpc2.CodeInvalidParams)
	c.wantError(methodInitialize, map[string]any{"capabilities": map[string]any{}, "initializationOptions": map[string]any{"chekcs": "barrierdiv"}}, jsonrpc2.CodeInvalidParams)
	c.initialize(map[string]any{"cudavet": barrierdiv}) // VS Code's section form
	path, text := kernel(t)
	uri := c.open(path, text, 1)
	if p := c.diagnostics(uri, version(1)); len(p.Diagnostics) != 1 {
		t.Fatalf("%+v", p)
	}
	// Another checker: barrierdiv's finding goes.
	c.notify(methodDidChangeConfig, map[string]any{"settings": map[string]any{"checks": []string{"annotation"}, "model": "llama-3-8b", "defines": []string{"X=1"}}})
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	c.srv.mu.Lock()
	s := c.srv.settings
	c.srv.mu.Unlock()
	if s.Model != "llama-3-8b" || len(s.Checks) != 1 || s.Checks[0] != "annotation" {
		t.Errorf("settings %+v", s)
	}
	// Another tool's settings change nothing.
	c.notify(methodDidChangeConfig, map[string]any{"settings": map[string]any{"glspc": map[string]any{"server": "x"}}})
	// Invalid settings are shown and not applied.
	c.notify(methodDidChangeConfig, map[string]any{"settings": map[string]any{"arch": 5}})
	deadline := time.After(wait)
	for len(c.notifications(methodShowMessage)) == 0 {
		select {
		case <-c.noteCh:
		case <-deadline:
			t.Fatal("no showMessage for invalid settings")
		}
	}
	var show protocol.ShowMessageParams
	json.Unmarshal(c.notifications(methodShowMessage)[0].Params, &show)
	if !strings.Contains(show.Message, "arch 5") {
		t.Errorf("showMessage %q", show.Message)
	}
	if c.srv.config().frontend.Arch != 0 {
		t.Error("invalid settings applied")
	}
}

// TestCodeActionFix: a finding's suggested fix (overflow's int64_t cast)
// is a preferred quick fix before the suppression, while the document is
// at the version analysed; applied, it fixes the line, and on a later
// version not yet analysed the stale edit is not offered.
func TestCodeActionFix(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	path, data := tokenScale(t)
	c := newClient(t, Options{SymbolicDelay: -1}, nil)
	c.initialize(map[string]any{"checks": "overflow", "config": "off", "model": "llama-3-8b"})
	uri := c.open(path, string(data), 1)
	p := c.diagnostics(uri, version(1))
	if len(p.Diagnostics) != 2 {
		t.Fatalf("%s", summary(p))
	}
	d := p.Diagnostics[0] // out[token * hidden_size + i], line 14
	actions := func() []CodeAction {
		var as []CodeAction
		c.result(methodCodeAction, map[string]any{
			"textDocument": map[string]any{"uri": uri},
			"range":        d.Range,
			"context":      map[string]any{"diagnostics": []Diagnostic{d}},
		}, &as)
		return as
	}
	as := actions()
	if len(as) != 2 || as[0].Title != "compute token * hidden_size in int64_t" || !as[0].IsPreferred ||
		!strings.HasPrefix(as[1].Title, "Suppress overflow here") || as[1].IsPreferred {
		t.Fatalf("actions %+v", as)
	}
	edits := as[0].Edit.Changes[string(uri)]
	at := protocol.Position{Line: 13, Character: 8}
	if want := (protocol.TextEdit{Range: protocol.Range{Start: at, End: at}, NewText: "(int64_t)"}); len(edits) != 1 || edits[0] != want {
		t.Fatalf("edits %+v, want %+v", edits, want)
	}
	// The edit is in version 1's positions: once the text changes, d's fix is
	// no longer offered (analysed or not, version 2 has no finding there).
	fixed := strings.Replace(string(data), "out[token * hidden_size", "out[(int64_t)token * hidden_size", 1)
	c.change(uri, 2, nil, fixed)
	if as := actions(); len(as) != 1 || !strings.HasPrefix(as[0].Title, "Suppress") {
		t.Errorf("actions at version 2 before its analysis: %+v", as)
	}
	if p := c.diagnostics(uri, version(2)); len(p.Diagnostics) != 1 || p.Diagnostics[0].Range.Start.Character != 47 {
		t.Errorf("after the fix: %s", summary(p))
	}
}
