package lsp

import (
	protocol "github.com/sourcegraph/go-lsp"
	"github.com/sourcegraph/jsonrpc2"
)

// The types of this file complete github.com/sourcegraph/go-lsp, which
// predates LSP 3.16: its Diagnostic has no relatedInformation and it has
// no CodeAction literal. They follow the specification's names.

// Diagnostic is protocol.Diagnostic with its related information (the
// witness of a finding: the condition, the launch, the other access).
type Diagnostic struct {
	protocol.Diagnostic
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
}

// DiagnosticRelatedInformation is a secondary position of a diagnostic.
type DiagnosticRelatedInformation struct {
	Location protocol.Location `json:"location"`
	Message  string            `json:"message"`
}

// PublishDiagnosticsParams are the parameters of
// textDocument/publishDiagnostics. Diagnostics is never nil: an empty list
// clears the client's diagnostics for the document.
type PublishDiagnosticsParams struct {
	URI         protocol.DocumentURI `json:"uri"`
	Version     int                  `json:"version,omitempty"`
	Diagnostics []Diagnostic         `json:"diagnostics"`
}

// CodeAction is a code action literal (LSP 3.8): an edit the client applies
// when the user picks the action.
type CodeAction struct {
	Title       string                  `json:"title"`
	Kind        protocol.CodeActionKind `json:"kind,omitempty"`
	Diagnostics []Diagnostic            `json:"diagnostics,omitempty"`
	IsPreferred bool                    `json:"isPreferred,omitempty"`
	Edit        *protocol.WorkspaceEdit `json:"edit,omitempty"`
}

// codeActionParams are textDocument/codeAction's parameters with the
// client's diagnostics in their full form (code and source included).
type codeActionParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	} `json:"context"`
}

// markupContent is hover content in markdown (LSP 3.0), which every client
// of this decade renders; go-lsp only has the older MarkedString.
type markupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// hover is textDocument/hover's result.
type hover struct {
	Contents markupContent   `json:"contents"`
	Range    *protocol.Range `json:"range,omitempty"`
}

// LSP error codes beyond JSON-RPC's own (jsonrpc2.CodeParseError and
// friends).
const (
	codeServerNotInitialized = -32002
	codeRequestCancelled     = -32800
)

// Methods the server handles or sends.
const (
	methodInitialize         = "initialize"
	methodInitialized        = "initialized"
	methodShutdown           = "shutdown"
	methodExit               = "exit"
	methodDidOpen            = "textDocument/didOpen"
	methodDidChange          = "textDocument/didChange"
	methodDidSave            = "textDocument/didSave"
	methodDidClose           = "textDocument/didClose"
	methodCodeAction         = "textDocument/codeAction"
	methodHover              = "textDocument/hover"
	methodDidChangeConfig    = "workspace/didChangeConfiguration"
	methodPublishDiagnostics = "textDocument/publishDiagnostics"
	methodLogMessage         = "window/logMessage"
	methodShowMessage        = "window/showMessage"
)

// rpcError returns a JSON-RPC error with the given code.
func rpcError(code int64, msg string) *jsonrpc2.Error {
	return &jsonrpc2.Error{Code: code, Message: msg}
}
