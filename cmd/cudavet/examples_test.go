package main

import (
	"strings"
	"testing"
)

// TestExampleSoftmaxNoRace: the bundled softmax publishes s_max and s_sum
// before barriers and reads them many barrier intervals later. Barrier
// epochs after a loop with a barrier count up by the loop's trip count;
// a 64-bit trip count left unbounded let the solver wrap the epoch of the
// later read back onto the store's, a race that cannot happen.
func TestExampleSoftmaxNoRace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, stdout, stderr := realCLI(t, "-checks=race", "-witness=false", "../../testdata/examples/csrc/softmax_kernels.cu")
	wantExit(t, code, exitClean, stdout, stderr)
	if strings.Contains(stdout, "(race)") {
		t.Errorf("race on the bundled softmax:\n%s", stdout)
	}
}
