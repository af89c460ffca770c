package spec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/annot"
	"github.com/cudavet/cudavet/frontend"
)

// The spec's constraints come in one order whatever the maps of the
// annotation set iterate in: the solver's models, and so the witnesses,
// depend on that order.
func TestFromAnnotationsOrder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "k.cu")
	src := `#include <cuda_runtime.h>
// cudavet:shape out[rows, d]; shape in[toks, d]; shape idx[rows]
// cudavet:user rows <= 4096; user toks <= 1 << 20; user d <= 16384; fixed w in {2, 4}
// cudavet:launch grid=rows block=128
__global__ void k(float* out, const float* in, const int* idx, int rows, int toks, int d, int w) {
  out[blockIdx.x * d + threadIdx.x] = in[idx[blockIdx.x] * d + threadIdx.x] * w;
}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := frontend.Load(&frontend.Config{}, file)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range prog.Kernels() {
		sets, _ := annot.Attach(f.File, prog.Kernels())
		var first string
		for i := 0; i < 20; i++ {
			s, errs := FromAnnotations(f, sets[f])
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			var b strings.Builder
			for _, a := range s.Assume {
				b.WriteString(a.String() + "\n")
			}
			if i == 0 {
				first = b.String()
			} else if b.String() != first {
				t.Fatalf("assumptions in another order:\n%s\nagainst\n%s", b.String(), first)
			}
		}
	}
}
