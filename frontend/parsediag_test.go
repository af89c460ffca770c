package frontend

import (
	"fmt"
	"os"
	"path/filepath"
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

// TestIncluderCauses checks the two causes of a lone header's errors that
// are its includer's: its own #error (then every error of the unit is),
// and a family's namespace named in a file that does not include it.
func TestIncluderCauses(t *testing.T) {
	dir := t.TempDir()
	binding := filepath.Join(dir, "binding.cuh")
	tma := filepath.Join(dir, "tma.cuh")
	own := filepath.Join(dir, "own.cuh")
	write := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(binding, "#pragma once\n#ifndef TILE\n#error \"TILE must be defined by the binding unit\"\n#endif\nconstexpr int kTile = TILE;\n")
	write(tma, "#pragma once\n__device__ void load() { cute::copy(); }\n")
	write(own, "#pragma once\n#include <cute/tensor.hpp>\n__device__ void load() { cute::copy(); }\n")

	configured := []clang.Diagnostic{
		{File: binding, Line: 3, Spelling: `"TILE must be defined by the binding unit"`},
		{File: binding, Line: 5, Spelling: "use of undeclared identifier 'TILE'"},
	}
	for i, c := range includerCauses(configured) {
		if c != causeConfigured {
			t.Errorf("configured[%d]: cause %q, want %q", i, c, causeConfigured)
		}
	}
	brings := []clang.Diagnostic{
		{File: tma, Line: 2, Spelling: "use of undeclared identifier 'cute'"},
		{File: tma, Line: 2, Spelling: "use of undeclared identifier 'kTile'"},
		{File: own, Line: 3, Spelling: "use of undeclared identifier 'cute'"},
	}
	got := includerCauses(brings)
	if want := fmt.Sprintf(causeBrings, "CuTe"); got[0] != want {
		t.Errorf("cute in a file not including it: cause %q, want %q", got[0], want)
	}
	if got[1] != "" || got[2] != "" {
		t.Errorf("causes %q, want the other name and the file including CuTe to stay ours", got[1:])
	}
}
