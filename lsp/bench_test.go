package lsp

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	protocol "github.com/sourcegraph/go-lsp"

	"github.com/cudavet/cudavet/internal/gctune"
)

// benchKernel returns a kernel file of at least n lines in the style of
// an inference engine's csrc/: per round, the block sum of reduce.cu (its
// barrier bug included), an annotated elementwise kernel and the torch
// launcher of both.
func benchKernel(t testing.TB, n int) string {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "lsp", "reduce.cu"))
	if err != nil {
		t.Fatal(err)
	}
	_, kernel, _ := strings.Cut(string(data), "#include <cuda_runtime.h>\n")
	var b strings.Builder
	b.WriteString("#include <cuda_runtime.h>\n#include <torch/all.h>\n")
	for i := 0; strings.Count(b.String(), "\n") < n; i++ {
		b.WriteString(strings.ReplaceAll(kernel, "block_sum_kernel", fmt.Sprintf("block_sum_kernel_%d", i)))
		fmt.Fprintf(&b, `
// cudavet:shape out[rows, d]; shape in[rows, d]; user rows; fixed d = 4096
// cudavet:launch grid=rows block=256
__global__ void scale_kernel_%[1]d(float* __restrict__ out, const float* __restrict__ in,
                               const int rows, const int d, const float s) {
  const int row = blockIdx.x;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    out[row * d + i] = in[row * d + i] * s;
  }
}

void launch_%[1]d(torch::Tensor& sums, torch::Tensor& out, torch::Tensor& in, double s) {
  const int d = in.size(-1);
  const int rows = in.numel() / d;
  block_sum_kernel_%[1]d<<<rows, 256>>>(sums.data_ptr<float>(), in.data_ptr<float>(), d);
  scale_kernel_%[1]d<<<rows, 256>>>(out.data_ptr<float>(), in.data_ptr<float>(), rows, d, (float)s);
}
`, i)
	}
	return b.String()
}

// BenchmarkDidChangeToDiagnostics measures, on a 1,000-line kernel file,
// the time from a didChange (a one-line edit that fixes or brings back the
// first kernel's barrier bug, in turn) to the first publishDiagnostics of
// the new version, debounce included: what the user waits for before the
// editor reflects the edit. With the default checkers that publication is
// the first stage's (the checkers without the symbolic executor). Edits
// that follow each other closely never start the symbolic stage
// (default-checkers); default-checkers-after-pause pauses before each edit
// (untimed) long enough for the symbolic stage to be running when the
// edit comes, as when the user types again after a pause. It reports the
// median and the slowest edit besides the mean.
func BenchmarkDidChangeToDiagnostics(b *testing.B) {
	for _, bc := range []struct {
		name     string
		settings any
		debounce time.Duration
		pause    time.Duration // untimed, before each edit
	}{
		{"barrierdiv", barrierdiv, 0, 0},
		{"barrierdiv-no-debounce", barrierdiv, -1, 0},
		{"default-checkers", nil, 0, 0},
		// Last: its abandoned symbolic stages run on in the background.
		{"default-checkers-after-pause", nil, 0, 3 * time.Second},
	} {
		b.Run(bc.name, func(b *testing.B) {
			benchDidChange(b, bc.settings, bc.debounce, bc.pause)
		})
	}
}

func benchDidChange(b *testing.B, settings any, debounce, pause time.Duration) {
	text := benchKernel(b, 1000)
	path := filepath.Join(b.TempDir(), "big.cu")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	line := strings.Count(text[:strings.Index(text, bugText)], "\n")
	c := newClient(b, Options{Debounce: debounce, SymbolicDelay: time.Second, Log: io.Discard}, nil)
	c.initialize(settings)
	uri := c.open(path, text, 1)
	c.diagnostics(uri, version(1))
	edit := protocol.Range{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line + 1}}
	var took []time.Duration
	b.ResetTimer()
	for i := range b.N {
		newText := fixedBug
		if i%2 == 1 {
			newText = bugText
		}
		if pause > 0 {
			b.StopTimer()
			time.Sleep(pause)
			b.StartTimer()
		}
		start := time.Now()
		c.change(uri, i+2, &edit, newText+"\n")
		c.diagnostics(uri, version(i+2))
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	reportLatency(b, took)
}

// BenchmarkDidOpenToSymbolic measures, for bundled example files, the
// time from didOpen to the publication of the symbolic stage (the second
// publishDiagnostics of the version; the first is the fast checkers'):
// the overflow finding of gemm_epilogue.cu, and everything on the largest
// example file. The parse cache is cold only on the first iteration; each
// iteration opens the file as a new version of a fresh server.
func BenchmarkDidOpenToSymbolic(b *testing.B) {
	// The collector's settings of `cudavet lsp` (the command sets them
	// in main), so the latency is the one an editor sees.
	defer gctune.Apply()()
	for _, name := range []string{"gemm_epilogue.cu", "layernorm_kernels.cu", "activation_kernels.cu"} {
		b.Run(name, func(b *testing.B) {
			path, err := filepath.Abs(filepath.Join("..", "testdata", "examples", "csrc", name))
			if err != nil {
				b.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			var took []time.Duration
			for range b.N {
				c := newClient(b, Options{Log: io.Discard}, nil)
				c.initialize(nil)
				start := time.Now()
				uri := c.open(path, string(data), 1)
				c.diagnostics(uri, func(PublishDiagnosticsParams) bool {
					n := 0
					for _, m := range c.notifications(methodPublishDiagnostics) {
						if strings.Contains(string(m.Params), string(uri)) {
							n++
						}
					}
					return n >= 2
				})
				took = append(took, time.Since(start))
				b.StopTimer()
				c.stop() // as an editor's one server: no other server's work left running
				b.StartTimer()
			}
			reportLatency(b, took)
		})
	}
}

// BenchmarkSaveToOverflow measures, on the 1,000-line kernel file of
// BenchmarkDidChangeToDiagnostics, the time from an edit saved at once
// (didChange then didSave, as an editor that saves on each change) to
// the publication of that version's overflow findings: the symbolic
// stage's, which starts on a save without Options.SymbolicDelay. The
// edit alternates one scale kernel's factor, so each version has the
// same findings and the result cache of the last version does not
// answer it.
func BenchmarkSaveToOverflow(b *testing.B) {
	defer gctune.Apply()()
	text := benchKernel(b, 1000)
	path := filepath.Join(b.TempDir(), "big.cu")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	const stmt = "    out[row * d + i] = in[row * d + i] * s;"
	line := strings.Count(text[:strings.Index(text, stmt)], "\n")
	hasOverflow := func(v int) func(PublishDiagnosticsParams) bool {
		return func(p PublishDiagnosticsParams) bool {
			if p.Version != v {
				return false
			}
			for _, d := range p.Diagnostics {
				if d.Code == "overflow" {
					return true
				}
			}
			return false
		}
	}
	c := newClient(b, Options{Log: io.Discard}, nil)
	c.initialize(nil)
	uri := c.open(path, text, 1)
	c.diagnostics(uri, hasOverflow(1))
	edit := protocol.Range{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line + 1}}
	var took []time.Duration
	b.ResetTimer()
	for i := range b.N {
		newText := stmt
		if i%2 == 0 {
			newText = strings.Replace(stmt, "* s;", "* (2.0f * s);", 1)
		}
		start := time.Now()
		c.change(uri, i+2, &edit, newText+"\n")
		c.notify(methodDidSave, map[string]any{"textDocument": map[string]any{"uri": uri}})
		c.diagnostics(uri, hasOverflow(i+2))
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	c.stop()
	reportLatency(b, took)
}

// reportLatency reports the median and the slowest of took besides the
// benchmark's mean.
func reportLatency(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2])/float64(time.Millisecond), "ms-median")
	b.ReportMetric(float64(took[len(took)-1])/float64(time.Millisecond), "ms-max")
}
