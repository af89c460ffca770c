// Package lsp is cudavet's language server (`cudavet lsp`): it analyses
// the open buffers of an editor as the user types and publishes the
// findings as diagnostics, with the witness as related information, a
// hover that shows it, and a code action that inserts the suppression
// comment. It speaks JSON-RPC 2 over stdio with the types of
// github.com/sourcegraph/go-lsp and the transport of
// github.com/sourcegraph/jsonrpc2.
//
// Layered like gopls: the protocol and its transport, a store of immutable
// versioned snapshots, a scheduler that debounces and cancels analyses,
// then one file per feature.
//
//	doc.go          this overview
//	protocol.go     protocol types go-lsp lacks (relatedInformation, code action literals), method names, error codes
//	stream.go       base-protocol framing that answers a malformed message and reads on
//	server.go       Server, Options, Serve; lifecycle checks and dispatch, one handler per method
//	lifecycle.go    initialize, initialized, shutdown, exit
//	settings.go     Settings (the command line's options, as JSON), merging, validation, compile_commands.json
//	project.go      the project configuration file (.cudavet.yaml), one more layer of settings per file
//	workspace.go    workspace/didChangeConfiguration
//	overlay.go      the open documents: versioned snapshots, full and incremental edits, URIs
//	text_sync.go    didOpen, didChange, didSave, didClose
//	scheduler.go    per-document debounce, cancellation of stale analyses, timeout, panic recovery
//	analysis.go     one analysis: front end with the buffers as overlay, then the checkers in two stages (fast, symbolic)
//	diagnostics.go  driver diagnostics to protocol diagnostics; publishDiagnostics
//	codeaction.go   textDocument/codeAction: the cudavet:ignore comment for a finding
//	hover.go        textDocument/hover: a flagged line's findings and witnesses
//	mapper.go       the only position conversion (clang 1-based line and byte column ↔ LSP UTF-16)
//
// An analysis parses the buffer's file alone (its includes are read from
// the overlay or the disk) and publishes the diagnostics located in it;
// findings in included headers are published when the header itself is
// open. The file must exist on disk (the front end resolves it there);
// its content is the buffer's.
package lsp
