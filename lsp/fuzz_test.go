package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// fuzzConn is a connection whose input is fixed bytes and whose output is
// collected.
type fuzzConn struct {
	r  io.Reader
	mu sync.Mutex
	w  bytes.Buffer
}

func (p *fuzzConn) Read(b []byte) (int, error) { return p.r.Read(b) }
func (p *fuzzConn) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.w.Write(b)
}
func (p *fuzzConn) Close() error { return nil }

func (p *fuzzConn) output() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return bytes.Clone(p.w.Bytes())
}

// FuzzReadMessage feeds arbitrary bytes to the message reader inside a
// real jsonrpc2 connection whose handler answers every request. Whatever
// the input, the connection must end when the input does (no hang, no
// panic), and everything written back must be well-framed JSON-RPC:
// Content-Length headers that match their bodies, and JSON bodies. The
// corpus is below and in testdata/fuzz/FuzzReadMessage; `make fuzz` runs
// it.
func FuzzReadMessage(f *testing.F) {
	frame := func(body string) string { return "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body }
	for _, s := range []string{
		"",
		frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`),
		frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) + frame(`{"jsonrpc":"2.0","id":"a","method":"shutdown"}`),
		frame(`{"jsonrpc":"2.0","id":2,"result":null}`),
		frame(`[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"}]`),
		frame(`{"jsonrpc":"2.0","id":3}`),
		frame(`not json`),
		"Content-Length: 5\r\n\r\n{}",
		"Content-Length: -1\r\n\r\n",
		"Content-Length: 99999999999999999999\r\n\r\n{}",
		"Content-Length: 60000000\r\n\r\n{}", // announced, never sent: must not allocate 60 MB
		"Content-Type: application/json\n\n" + frame(`{"jsonrpc":"2.0","id":4,"method":"x"}`),
		"garbage Content-Length: 2\r\n\r\n{}",
		"\r\n\r\n\n" + frame(`{"id":null,"method":"m"}`),
		"Content-Length: 2\nContent-Length: 3\n\n{} ",
		"no colon here\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		rwc := &fuzzConn{r: bytes.NewReader(input)}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		handler := jsonrpc2.HandlerWithError(func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) {
			return map[string]string{"ok": "yes"}, nil
		})
		conn := jsonrpc2.NewConn(ctx, newStream(rwc, func(string, ...any) {}), handler)
		select {
		case <-conn.DisconnectNotify():
		case <-time.After(10 * time.Second):
			t.Fatalf("the connection did not end at the end of %d bytes of input", len(input))
		}
		checkFrames(t, rwc.output())
	})
}

// checkFrames fails t unless out is a sequence of Content-Length frames
// with JSON bodies.
func checkFrames(t *testing.T, out []byte) {
	t.Helper()
	r := bufio.NewReader(bytes.NewReader(out))
	for {
		line, err := r.ReadString('\n')
		if errors.Is(err, io.EOF) && line == "" {
			return
		}
		n, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "Content-Length: ")
		length, aerr := strconv.Atoi(n)
		if err != nil || !ok || aerr != nil {
			t.Fatalf("output header %q is no Content-Length (output %q)", line, out)
		}
		if blank, _ := r.ReadString('\n'); blank != "\r\n" {
			t.Fatalf("output header not ended by a blank line: %q", blank)
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			t.Fatalf("output body shorter than its Content-Length %d: %v", length, err)
		}
		if !json.Valid(body) {
			t.Fatalf("output body is not JSON: %q", body)
		}
	}
}

// TestHeaderInvalidUTF8 is FuzzReadMessage's first crasher: invalid UTF-8
// bytes before "Content-Length:" made the reader index past the header
// line (a panic on the connection's goroutine, which ended the server).
// The header must still be found, and the body read.
func TestHeaderInvalidUTF8(t *testing.T) {
	s := newStream(&fuzzConn{r: strings.NewReader("\xb5\xb5Content-Length: 2\r\n\r\n{}")}, func(string, ...any) {})
	body, err := s.readFrame()
	if err != nil || string(body) != "{}" {
		t.Fatalf("readFrame = %q, %v; want {}", body, err)
	}
	s = newStream(&fuzzConn{r: strings.NewReader("\xb5\xb5Content-Length:244\n\r\n")}, func(string, ...any) {})
	if _, err := s.readFrame(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("readFrame of a cut body: %v, want io.ErrUnexpectedEOF", err)
	}
}
