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

// TestNestedCTAD checks that a failed deduction is clang 15's own only when
// the class is a member declaring a constructor and clang tried no
// constructor, and that a call failing for it follows it.
func TestNestedCTAD(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "epi.hpp")
	text := "template <class T> struct Epi {\n" + // 1
		"  template <class P> struct Cb {\n" + // 2
		"    __device__ Cb(P&& p) : p(p) {}\n" + // 3
		"    P p;\n" + // 4
		"  };\n" + // 5
		"  template <class... A> __device__ auto cb(A... a) {\n" + // 6
		"    return Cb(static_cast<T*&&>(nullptr));\n" + // 7
		"  }\n" + // 8
		"};\n" + // 9
		"template <class P> struct Top { P p; };\n" + // 10
		"struct Out {\n" + // 11
		"  template <class P> struct NoCtor { P p; };\n" + // 12
		"};\n" // 13
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	guide := func(line uint32) []clang.Diagnostic {
		return []clang.Diagnostic{
			{File: src, Line: 9, Spelling: "in instantiation of function template specialization 'Epi<float>::cb<>' requested here"},
			{File: src, Line: line, Spelling: "candidate function template not viable: requires 1 argument, but 2 were provided"},
			{File: src, Line: line, Spelling: "candidate function template not viable: requires 0 arguments, but 2 were provided"},
		}
	}
	ctad := func(class string, line uint32) clang.Diagnostic {
		return clang.Diagnostic{File: src, Line: 7, Notes: guide(line),
			Spelling: "no viable constructor or deduction guide for deduction of template arguments of '" + class + "'"}
	}
	call := clang.Diagnostic{File: src, Line: 40, Spelling: "no matching member function for call to 'cb'",
		Notes: []clang.Diagnostic{{File: src, Line: 6, Spelling: "candidate template ignored: substitution failure [with A = <>]"}}}

	c := classifyErrors([]clang.Diagnostic{ctad("Cb", 2), call}, func(_, _ string) bool { return false })
	if len(c.nvcc) != 1 || len(c.ours) != 0 || c.nvccFollowers[c.nvcc[0].construct] != 1 {
		t.Errorf("member template: nvcc %v, followers %v, ours %v; want one construct, its call following", c.nvcc, c.nvccFollowers, c.ours)
	}
	// A class at namespace scope (lines 1 and 10), or a member without a
	// constructor (12), is the code's own error, and so is the call.
	for _, e := range []clang.Diagnostic{ctad("Top", 10), ctad("Epi", 1), ctad("NoCtor", 12)} {
		c := classifyErrors([]clang.Diagnostic{e, call}, func(_, _ string) bool { return false })
		if len(c.nvcc) != 0 || len(c.ours) != 2 {
			t.Errorf("%s: nvcc %v, ours %d; want both errors ours", e.Spelling, c.nvcc, len(c.ours))
		}
	}
}
