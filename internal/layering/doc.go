// Package layering holds the test that enforces the dependency direction
// of STYLE.md with `go list`: imports only point down the layer list
// (cmd, lsp → checkers → frontend → frontend/ir), checkers never see the
// front end but through its IR, and only the libclang and libz3 bindings
// use cgo. A second test keeps the file lists of the packages' doc.go
// (the map a newcomer reads first) in step with their files. It has no
// code of its own.
package layering
