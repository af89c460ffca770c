package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"time"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/frontend"
	protocol "github.com/sourcegraph/go-lsp"
	"github.com/sourcegraph/jsonrpc2"
)

// Options configure a Server.
type Options struct {
	// Registry is the checkers the settings choose from (nil: checkers.All).
	Registry checkers.Registry
	// Defaults are the settings before the client's (the command line's).
	Defaults Settings
	// Debounce is how long an edit waits for the next before its analysis
	// starts (0: 150 ms; negative: no wait).
	Debounce time.Duration
	// Timeout bounds one analysis (0: one minute).
	Timeout time.Duration
	// SymbolicDelay is how long after the first stage's publication the
	// symbolic checkers wait for a newer edit before they start (0: one
	// second; negative: no wait).
	SymbolicDelay time.Duration
	// Log receives the server's log (nil: discarded). With stdio it must
	// not be stdout, which carries the protocol.
	Log io.Writer
}

// Default timings.
const (
	DefaultDebounce = 150 * time.Millisecond
	DefaultTimeout  = time.Minute
	// DefaultSymbolicDelay is a pause in typing.
	DefaultSymbolicDelay = time.Second
)

// state is where the server is in the protocol's lifecycle.
type state int

const (
	stateNew         state = iota // before initialize
	stateInitialized              // initialize answered
	stateShutdown                 // shutdown answered: only exit is accepted
)

// Server is one language-server session over one connection.
type Server struct {
	registry checkers.Registry
	defaults Settings
	log      *log.Logger
	docs     *overlays
	sched    *scheduler
	symbolic chan struct{} // holds a token while a symbolic stage runs
	// parses keeps each open file's translation unit, so an edit reparses
	// it with a precompiled preamble instead of parsing the headers again.
	parses *frontend.ParseCache
	// symbolicDelay: see Options.SymbolicDelay.
	symbolicDelay time.Duration
	// projects are the project configuration files read (project.go).
	projects projectFiles

	mu       sync.Mutex
	conn     *jsonrpc2.Conn // set by Serve (or its first message)
	state    state
	cfg      *config                            // from the current settings; never nil
	settings Settings                           // the client's, over defaults
	results  map[protocol.DocumentURI][]finding // last published per document
	exitCode int                                // 0 after shutdown then exit, else 1
}

// NewServer returns a server with the options; Serve runs it. The default
// settings must be valid.
func NewServer(opts Options) (*Server, error) {
	if opts.Registry == nil {
		opts.Registry = checkers.Registry(checkers.All)
	}
	if opts.Debounce == 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.SymbolicDelay == 0 {
		opts.SymbolicDelay = DefaultSymbolicDelay
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	cfg, err := opts.Defaults.config(opts.Registry)
	if err != nil {
		return nil, err
	}
	s := &Server{
		registry:      opts.Registry,
		defaults:      opts.Defaults,
		settings:      opts.Defaults,
		cfg:           cfg,
		log:           log.New(opts.Log, "", log.LstdFlags),
		docs:          newOverlays(),
		results:       map[protocol.DocumentURI][]finding{},
		symbolic:      make(chan struct{}, 1),
		parses:        frontend.NewParseCache(),
		symbolicDelay: opts.SymbolicDelay,
		exitCode:      1,
	}
	s.sched = newScheduler(opts.Debounce, opts.Timeout, s.analyse, s.publishOutcome)
	return s, nil
}

// Serve runs the session over rwc (stdin and stdout for `cudavet lsp`)
// until the exit notification or the end of the input, and returns the
// exit status the protocol asks for: 0 when shutdown came before exit, 1
// otherwise.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) int {
	conn := jsonrpc2.NewConn(ctx, newStream(rwc, s.logf), jsonrpc2.HandlerWithError(s.handle),
		jsonrpc2.SetLogger(s.log))
	s.setConn(conn)
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.sched.stop()
	s.parses.Close() // a client gone without exit leaves nothing behind
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exitCode
}

// handler handles one method; params may be nil.
type handler func(ctx context.Context, params *json.RawMessage) (any, error)

// handle dispatches a message after checking the lifecycle: requests
// before initialize fail with ServerNotInitialized (notifications are
// dropped), after shutdown with InvalidRequest; unknown requests fail with
// MethodNotFound and unknown notifications are ignored.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	s.setConn(conn) // the first message may come before NewConn returns
	if req.Method == methodExit {
		s.exit()
		return nil, nil
	}
	st := s.lifecycle()
	switch {
	case st == stateNew && req.Method != methodInitialize:
		if req.Notif {
			return nil, nil
		}
		return nil, rpcError(codeServerNotInitialized, req.Method+" before initialize")
	case st == stateInitialized && req.Method == methodInitialize:
		return nil, rpcError(jsonrpc2.CodeInvalidRequest, "initialize sent twice")
	case st == stateShutdown:
		return nil, rpcError(jsonrpc2.CodeInvalidRequest, req.Method+" after shutdown: only exit is accepted")
	}
	h := s.handlers()[req.Method]
	if h == nil {
		if req.Notif {
			return nil, nil // $/cancelRequest, $/setTrace, ...: optional
		}
		return nil, rpcError(jsonrpc2.CodeMethodNotFound, "method not found: "+req.Method)
	}
	res, err := h(ctx, req.Params)
	var rpcErr *jsonrpc2.Error
	if err != nil && !errors.As(err, &rpcErr) {
		err = rpcError(jsonrpc2.CodeInternalError, err.Error())
	}
	if err != nil && req.Notif {
		// Nobody waits for a notification's error: say it in the log
		// the client shows.
		s.logf("cudavet: %s: %v", req.Method, err)
		s.notifyClient(methodLogMessage, protocol.LogMessageParams{Type: protocol.MTError, Message: fmt.Sprintf("cudavet: %s: %v", req.Method, err)})
	}
	return res, err
}

// handlers lists the methods, one file per feature.
func (s *Server) handlers() map[string]handler {
	return map[string]handler{
		methodInitialize:      s.initialize,
		methodInitialized:     s.initialized,
		methodShutdown:        s.shutdown,
		methodDidOpen:         s.didOpen,
		methodDidChange:       s.didChange,
		methodDidSave:         s.didSave,
		methodDidClose:        s.didClose,
		methodDidChangeConfig: s.didChangeConfiguration,
		methodCodeAction:      s.codeAction,
		methodHover:           s.hover,
	}
}

// notOpen is the error of a request about a document that is not open.
func notOpen(method string, uri protocol.DocumentURI) error {
	return rpcError(jsonrpc2.CodeInvalidParams, fmt.Sprintf("%s for %s, which is not open", method, uri))
}

// decode unmarshals a method's parameters; failure is InvalidParams.
func decode(params *json.RawMessage, v any) error {
	if params == nil {
		return rpcError(jsonrpc2.CodeInvalidParams, "missing params")
	}
	if err := json.Unmarshal(*params, v); err != nil {
		return rpcError(jsonrpc2.CodeInvalidParams, "invalid params: "+err.Error())
	}
	return nil
}

func (s *Server) lifecycle() state {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// config returns the analysis configuration of the current settings.
func (s *Server) config() *config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

func (s *Server) setFindings(uri protocol.DocumentURI, fs []finding) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if fs == nil {
		delete(s.results, uri)
		return
	}
	s.results[uri] = fs
}

// published returns the findings last published for the document.
func (s *Server) published(uri protocol.DocumentURI) []finding {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.results[uri]
}

func (s *Server) logf(format string, args ...any) { s.log.Printf(format, args...) }

func (s *Server) setConn(c *jsonrpc2.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conn = c
}

// notifyClient sends a notification, logging a failure to send.
func (s *Server) notifyClient(method string, params any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if err := conn.Notify(context.Background(), method, params); err != nil {
		s.logf("cudavet: sending %s: %v", method, err)
	}
}
