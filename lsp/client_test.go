package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	protocol "github.com/sourcegraph/go-lsp"
)

// The tests talk to a Server over pipes with client, a raw LSP client: it
// writes any bytes (malformed messages included) and collects the
// server's responses by id and its notifications in order.

// wait bounds every wait of the tests: generous, since an analysis on a
// loaded machine may take seconds. No test asserts a duration.
const wait = 2 * time.Minute

type client struct {
	t    testing.TB
	srv  *Server
	w    *io.PipeWriter // the server's input
	done chan struct{}  // closed when Serve returns
	code int            // Serve's exit status, once done

	mu      sync.Mutex
	nextID  int
	waiting map[string]chan message // by response id
	notes   []message               // notifications, in order
	noteCh  chan struct{}           // signalled on each notification
}

// message is a message from the server.
type message struct {
	ID     *json.RawMessage `json:"id"`
	Method string           `json:"method"`
	Params json.RawMessage  `json:"params"`
	Result json.RawMessage  `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// newClient starts a server with the options (Log defaults to the test
// log) and returns its client; edit may adjust the server before it
// serves (the tests replace its analysis).
func newClient(t testing.TB, opts Options, edit func(*Server)) *client {
	t.Helper()
	if opts.Log == nil {
		opts.Log = testWriter{t}
	}
	srv, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(srv)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, srv: srv, w: inW, done: make(chan struct{}), waiting: map[string]chan message{}, noteCh: make(chan struct{}, 1)}
	go func() {
		c.code = srv.Serve(context.Background(), pipeRWC{inR, outW})
		outW.Close()
		close(c.done)
	}()
	go c.read(bufio.NewReader(outR))
	t.Cleanup(c.stop)
	return c
}

// stop ends the server's input and waits for Serve to return (again: a
// no-op).
func (c *client) stop() {
	c.w.Close() // end of input: Serve returns
	select {
	case <-c.done:
	case <-time.After(wait):
		c.t.Error("server did not stop at the end of its input")
	}
}

type pipeRWC struct {
	*io.PipeReader
	*io.PipeWriter
}

func (p pipeRWC) Close() error {
	p.PipeReader.Close()
	return p.PipeWriter.Close()
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

// read parses the server's output until it ends.
func (c *client) read(r *bufio.Reader) {
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("server sent invalid JSON %q: %v", body, err)
			return
		}
		c.mu.Lock()
		if m.Method != "" {
			c.notes = append(c.notes, m)
			select {
			case c.noteCh <- struct{}{}:
			default:
			}
		} else {
			id := "null"
			if m.ID != nil {
				id = string(*m.ID)
			}
			ch := c.waiting[id]
			if ch == nil {
				ch = make(chan message, 8)
				c.waiting[id] = ch
			}
			ch <- m
		}
		c.mu.Unlock()
	}
}

// exitCode waits for Serve to return and returns its status.
func (c *client) exitCode() int {
	c.t.Helper()
	select {
	case <-c.done:
		return c.code
	case <-time.After(wait):
		c.t.Fatal("the server did not stop")
		return -1
	}
}

// raw writes bytes to the server as they are.
func (c *client) raw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, s); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// send frames a JSON value.
func (c *client) send(v any) {
	c.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.raw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(data), data))
}

// notify sends a notification.
func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and returns its response.
func (c *client) call(method string, params any) message {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	c.mu.Unlock()
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return c.response(strconv.Itoa(id))
}

// response waits for the response with the given id (JSON text).
func (c *client) response(id string) message {
	c.t.Helper()
	c.mu.Lock()
	ch := c.waiting[id]
	if ch == nil {
		ch = make(chan message, 8)
		c.waiting[id] = ch
	}
	c.mu.Unlock()
	select {
	case m := <-ch:
		return m
	case <-time.After(wait):
		c.t.Fatalf("no response %s within %v", id, wait)
		return message{}
	}
}

// result calls and decodes a successful result into v.
func (c *client) result(method string, params, v any) {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
	}
	if v != nil {
		if err := json.Unmarshal(m.Result, v); err != nil {
			c.t.Fatalf("%s: result %s: %v", method, m.Result, err)
		}
	}
}

// wantError calls and checks the error code.
func (c *client) wantError(method string, params any, code int64) {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error == nil || m.Error.Code != code {
		c.t.Errorf("%s: got result %s error %+v, want error code %d", method, m.Result, m.Error, code)
	}
}

// initialize performs the handshake with the given initializationOptions.
func (c *client) initialize(opts any) {
	c.t.Helper()
	c.result(methodInitialize, map[string]any{"processId": 1, "rootUri": nil, "capabilities": map[string]any{}, "initializationOptions": opts}, nil)
	c.notify(methodInitialized, map[string]any{})
}

// diagnostics waits for a publication for uri that satisfies ok, and
// returns it. Publications before it are skipped.
func (c *client) diagnostics(uri protocol.DocumentURI, ok func(PublishDiagnosticsParams) bool) PublishDiagnosticsParams {
	c.t.Helper()
	deadline := time.After(wait)
	seen := 0
	for {
		c.mu.Lock()
		notes := c.notes[seen:]
		seen = len(c.notes)
		c.mu.Unlock()
		for _, n := range notes {
			if n.Method != methodPublishDiagnostics {
				continue
			}
			var p PublishDiagnosticsParams
			if err := json.Unmarshal(n.Params, &p); err != nil {
				c.t.Fatal(err)
			}
			if p.URI == uri && ok(p) {
				return p
			}
		}
		select {
		case <-c.noteCh:
		case <-deadline:
			c.t.Fatalf("no matching diagnostics for %s within %v; notifications:\n%s", uri, wait, c.dump())
		}
	}
}

// notifications returns the notifications of a method received so far.
func (c *client) notifications(method string) []message {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []message
	for _, n := range c.notes {
		if n.Method == method {
			out = append(out, n)
		}
	}
	return out
}

func (c *client) dump() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	for _, n := range c.notes {
		fmt.Fprintf(&b, "%s %s\n", n.Method, n.Params)
	}
	return b.String()
}

// version matches a publication of that document version.
func version(v int) func(PublishDiagnosticsParams) bool {
	return func(p PublishDiagnosticsParams) bool { return p.Version == v }
}

// open sends didOpen for a file with the given text.
func (c *client) open(path, text string, version int) protocol.DocumentURI {
	uri := pathURI(path)
	c.notify(methodDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "cuda", Version: version, Text: text,
	}})
	return uri
}

// change sends didChange with one change (range nil: full text).
func (c *client) change(uri protocol.DocumentURI, version int, rng *protocol.Range, text string) {
	c.notify(methodDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []map[string]any{changeEvent(rng, text)},
	})
}

func changeEvent(rng *protocol.Range, text string) map[string]any {
	if rng == nil {
		return map[string]any{"text": text}
	}
	return map[string]any{"range": rng, "text": text}
}

// kernel copies testdata/lsp/reduce.cu into a temporary directory and
// returns its name and text.
func kernel(t *testing.T) (string, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "lsp", "reduce.cu"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "reduce.cu")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, string(data)
}

// The bug of reduce.cu, its fix, and where they are (0-based line).
const (
	bugLine  = 17
	bugText  = "  /* Σ of the warps */ if (tid < 32) __syncthreads();"
	fixedBug = "  /* Σ of the warps */ __syncthreads();"
)

// fixed returns the kernel's text with the bug fixed.
func fixed(t *testing.T, text string) string {
	t.Helper()
	if !strings.Contains(text, bugText) {
		t.Fatalf("reduce.cu no longer holds %q", bugText)
	}
	return strings.Replace(text, bugText, fixedBug, 1)
}

// barrierdiv are the initializationOptions of most tests: the fast
// checker that reduce.cu's bug is for.
var barrierdiv = map[string]any{"checks": "barrierdiv"}
