package frontend

import (
	"testing"

	"github.com/cudavet/cudavet/frontend/clang"
)

// TestClassifyFollowers checks that errors that follow from an absent
// header family are counted for it, also in a library template
// instantiated with a lambda of a file whose errors follow from it, and
// that a header the caller knows to be generated is its own family.
func TestClassifyFollowers(t *testing.T) {
	runner := "/t/csrc/runner.cu"
	header := "/t/include/kernel_runner.h"
	errs := []clang.Diagnostic{
		{File: header, Line: 3, Spelling: "'cutlass/gemm/gemm.h' file not found"},
		{File: runner, Line: 40, Spelling: "use of undeclared identifier 'cutlass'"},
		{File: "/usr/include/c++/12/bits/stl_algo.h", Line: 85, Spelling: "no matching function for call to object of type '__gnu_cxx::__ops::_Iter_comp_iter<(lambda at " + runner + ":41:18)>'"},
		{File: "/usr/include/c++/12/bits/stl_algo.h", Line: 90, Spelling: "no matching function for call to object of type '__gnu_cxx::__ops::_Iter_comp_iter<(lambda at /t/csrc/other.cu:7:1)>'"},
		{File: runner, Line: 50, Spelling: "'module_api.h' file not found"},
	}
	c := classifyErrors(errs, func(_, h string) bool { return h == "module_api.h" })
	if got := c.missing; len(got) != 2 || got[0] != "CUTLASS" || got[1] != familyGenerated {
		t.Errorf("missing = %q, want [CUTLASS generated]", got)
	}
	if n := c.followers["CUTLASS"]; n != 2 {
		t.Errorf("CUTLASS followers = %d, want 2 (the undeclared name, the comparator of runner.cu)", n)
	}
	if len(c.ours) != 1 || c.ours[0].Line != 90 {
		t.Errorf("ours = %v, want the comparator of other.cu alone", c.ours)
	}
}
