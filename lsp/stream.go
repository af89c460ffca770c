package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// maxMessage bounds the Content-Length the server accepts (a buffer of a
// few MB is already a large source file).
const maxMessage = 64 << 20

// stream is a jsonrpc2.ObjectStream for the LSP base protocol
// ("Content-Length: N\r\n\r\n" then N bytes of JSON). Unlike
// jsonrpc2.VSCodeObjectCodec, whose read error ends the connection, it
// answers a malformed message itself and reads the next one:
//
//   - a header block without a usable Content-Length: ParseError, id null;
//   - a body that is not JSON: ParseError, id null;
//   - JSON that is no JSON-RPC message (neither request nor response):
//     InvalidRequest, with the message's id when it has one.
//
// Only the end of the input, or a failure to read it, ends the stream.
type stream struct {
	r    *bufio.Reader
	w    io.Writer
	c    io.Closer
	logf func(string, ...any)
	mu   sync.Mutex // serialises writes: one message at a time
}

func newStream(rwc io.ReadWriteCloser, logf func(string, ...any)) *stream {
	return &stream{r: bufio.NewReader(rwc), w: rwc, c: rwc, logf: logf}
}

// errBadHeader is a header block the stream cannot take a body length from.
var errBadHeader = errors.New("bad header")

// ReadObject implements jsonrpc2.ObjectStream.
func (s *stream) ReadObject(v any) error {
	for {
		body, err := s.readFrame()
		if errors.Is(err, errBadHeader) {
			s.reject(nil, jsonrpc2.CodeParseError, err.Error())
			continue
		}
		if err != nil {
			return err
		}
		if !json.Valid(body) {
			s.reject(nil, jsonrpc2.CodeParseError, "parse error: the message is not JSON")
			continue
		}
		// v is reused after a failed decode: clear what it left.
		rv := reflect.ValueOf(v).Elem()
		rv.SetZero()
		if err := json.Unmarshal(body, v); err != nil {
			rv.SetZero()
			s.reject(idOf(body), jsonrpc2.CodeInvalidRequest, "invalid request: "+err.Error())
			continue
		}
		return nil
	}
}

// readFrame reads one header block and its body. The headers end at an
// empty line; lines may end in "\r\n" or "\n". A line that holds
// "Content-Length:" after other bytes still counts, so that garbage
// before a message does not lose the message.
func (s *stream) readFrame() ([]byte, error) {
	length, sawHeader := -1, false
	var bad string
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			if errors.Is(err, io.EOF) && (line != "" || sawHeader) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if !sawHeader {
				continue // blank lines between messages
			}
			break
		}
		sawHeader = true
		i := indexASCIIFold(line, "content-length:")
		if i < 0 {
			if !strings.Contains(line, ":") {
				bad = fmt.Sprintf("header line %q is not Name: value", truncate(line))
			}
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(line[i+len("content-length:"):]))
		if err != nil || n < 0 || n > maxMessage {
			bad = fmt.Sprintf("invalid Content-Length in %q", truncate(line))
			continue
		}
		length = n
	}
	if length < 0 {
		if bad == "" {
			bad = "no Content-Length header"
		}
		return nil, fmt.Errorf("%w: %s", errBadHeader, bad)
	}
	// The body grows as it arrives: a header that announces 64 MB before
	// the input ends costs what was sent, not the announced length.
	body, err := io.ReadAll(io.LimitReader(s.r, int64(length)))
	if err != nil {
		return nil, err
	}
	if len(body) < length {
		return nil, io.ErrUnexpectedEOF
	}
	return body, nil
}

// reject answers a malformed message with an error response. Responses
// (from the client) are not answered.
func (s *stream) reject(id *json.RawMessage, code int64, msg string) {
	s.logf("cudavet: malformed message: %s", msg)
	if id == nil {
		null := json.RawMessage("null")
		id = &null
	}
	resp := struct {
		JSONRPC string           `json:"jsonrpc"`
		ID      *json.RawMessage `json:"id"`
		Error   *jsonrpc2.Error  `json:"error"`
	}{"2.0", id, &jsonrpc2.Error{Code: code, Message: msg}}
	if err := s.WriteObject(resp); err != nil {
		s.logf("cudavet: answering a malformed message: %v", err)
	}
}

// idOf returns the id of a JSON object that has one, nil otherwise.
func idOf(body []byte) *json.RawMessage {
	var m struct {
		ID *json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &m) != nil || m.ID == nil || bytes.Equal(*m.ID, []byte("null")) {
		return nil
	}
	return m.ID
}

// indexASCIIFold returns the byte index in s of needle (lowercase ASCII),
// ignoring ASCII case, or -1. Unlike strings.ToLower, it keeps s's byte
// offsets: ToLower turns each invalid UTF-8 byte into a 3-byte U+FFFD, and
// an index into the lowered line then overran the line.
func indexASCIIFold(s, needle string) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		j := 0
		for ; j < len(needle); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != needle[j] {
				break
			}
		}
		if j == len(needle) {
			return i
		}
	}
	return -1
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *stream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	_, err = s.w.Write(data)
	return err
}

// Close implements jsonrpc2.ObjectStream.
func (s *stream) Close() error { return s.c.Close() }
