package clang

import (
	"fmt"
	"strings"
	"testing"
)

// shimPath is the virtual path of the CUDA shim, as cudavet uses it.
const shimPath = "/__cudavet__/t.h"

// shim is the minimal CUDA shim of the libclang facts note (section 1).
const shim = `#include <stddef.h>
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __CUDACC__ 1
struct uint3 { unsigned int x, y, z; };
struct dim3 { unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {} };
extern const __device__ uint3 threadIdx, blockIdx; extern const __device__ dim3 blockDim, gridDim; extern const __device__ int warpSize;
typedef struct CUstream_st *cudaStream_t;
extern "C" int cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);
extern "C" { __device__ void *malloc(size_t); __device__ void free(void *); __device__ int printf(const char *, ...); }
`

// mainPath is the virtual path of the main file under test.
const mainPath = "/__cudavet__/main.cu"

// cudaArgs are the compiler arguments cudavet passes to libclang.
var cudaArgs = []string{"-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
	"--cuda-gpu-arch=sm_80", "-std=c++17", "-include", shimPath}

// parse parses src as the virtual main file and disposes the unit and its
// index when the test ends.
func parse(t testing.TB, src string) TranslationUnit {
	t.Helper()
	return parseWith(t, src)
}

// parseWith is parse with extra unsaved files.
func parseWith(t testing.TB, src string, extra ...UnsavedFile) TranslationUnit {
	t.Helper()
	idx := NewIndex(0, 0)
	tu, err := idx.Parse(mainPath, cudaArgs, append(unsaved(src), extra...), TranslationUnit_KeepGoing)
	if err != nil {
		idx.Dispose()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		tu.Dispose()
		idx.Dispose()
	})
	return tu
}

func unsaved(src string) []UnsavedFile {
	return []UnsavedFile{NewUnsavedFile(shimPath, shim), NewUnsavedFile(mainPath, src)}
}

// noErrors fails the test if tu has error diagnostics.
func noErrors(t *testing.T, tu TranslationUnit) {
	t.Helper()
	for _, d := range tu.Diagnostics() {
		if d.Severity >= Diagnostic_Error {
			t.Errorf("unexpected diagnostic: %s", d.Formatted)
		}
	}
}

// find returns the cursors under root, in pre-order, that are in the main
// file and satisfy keep.
func find(root Cursor, keep func(Cursor) bool) []Cursor {
	var out []Cursor
	root.Visit(func(c, _ Cursor) ChildVisitResult {
		if !c.IsFromMainFile() {
			return ChildVisit_Continue
		}
		if keep(c) {
			out = append(out, c)
		}
		return ChildVisit_Recurse
	})
	return out
}

// findKind returns the main-file cursors of kind k named name ("" for any).
func findKind(root Cursor, k CursorKind, name string) []Cursor {
	return find(root, func(c Cursor) bool {
		return c.Kind() == k && (name == "" || c.Spelling() == name)
	})
}

// dump prints the main-file part of the tree under c, one cursor a line.
func dump(tu TranslationUnit, c Cursor) string {
	var b strings.Builder
	var walk func(c Cursor, depth int)
	walk = func(c Cursor, depth int) {
		_, line, col, _ := c.Location().ExpansionLocation()
		extra := ""
		switch c.Kind() {
		case Cursor_BinaryOperator, Cursor_CompoundAssignOperator:
			extra = " op=" + tu.BinaryOperator(c)
		case Cursor_UnaryOperator:
			op, post := tu.UnaryOperator(c)
			extra = fmt.Sprintf(" op=%s post=%v", op, post)
		}
		fmt.Fprintf(&b, "%s%v %q type=%q %d:%d%s toks=%q\n", strings.Repeat("  ", depth), c.Kind(), c.Spelling(),
			c.Type().Spelling(), line, col, extra, tu.TokenSpellings(c.Extent()))
		for _, k := range c.Children() {
			walk(k, depth+1)
		}
	}
	for _, k := range c.Children() {
		if k.IsFromMainFile() {
			walk(k, 0)
		}
	}
	return b.String()
}
