module github.com/cudavet/cudavet

go 1.26.8

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/google/shlex v0.0.0-20191202100458-e7afc7fbc510
	github.com/owenrumney/go-sarif/v2 v2.3.3
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/sourcegraph/go-lsp v0.0.0-20240223163137-f80c5dd31dfd
	github.com/sourcegraph/jsonrpc2 v0.2.3
	golang.org/x/term v0.44.0
	golang.org/x/tools v0.52.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
