package lsp

import (
	"go/token"
	"testing"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	protocol "github.com/sourcegraph/go-lsp"
)

// TestConvertStopped: work the analysis's time limit cut short (driver
// category Stopped) is a warning with the timeout code, as a failure()
// past the limit is, not an internal error; a checker's failure stays
// one. Neither can be suppressed.
func TestConvertStopped(t *testing.T) {
	s := &Server{registry: checkers.Registry(checkers.All)}
	snap := &snapshot{path: "/w/k.cu", text: NewMapper([]byte("__global__ void k() {}\n"))}
	at := token.Position{Filename: "/w/k.cu", Line: 1, Column: 17}
	for _, c := range []struct {
		d    driver.Diagnostic
		code string
		sev  protocol.DiagnosticSeverity
	}{
		{driver.Diagnostic{Checker: "bounds", Category: driver.Stopped, Position: at, Message: "stopped: bounds on kernel k: the run's time limit passed"}, codeTimeout, protocol.Warning},
		{driver.Diagnostic{Checker: "bounds", Category: driver.InternalError, Position: at, Message: "internal error: bounds on kernel k: boom"}, codeInternal, protocol.Error},
	} {
		f, ok := s.convert(snap, s.registry, nil, token.NewFileSet(), c.d)
		if !ok {
			t.Fatalf("%s: not converted", c.d.Message)
		}
		if f.diag.Code != c.code || f.diag.Severity != c.sev || f.suppressible {
			t.Errorf("%s: code %v, severity %v, suppressible %v; want %s, %v, false", c.d.Message, f.diag.Code, f.diag.Severity, f.suppressible, c.code, c.sev)
		}
	}
}
