// Package shim holds the headers that stand in for the NVIDIA CUDA SDK and
// for libtorch when cudavet parses CUDA sources with libclang, and the clang
// arguments that make them take effect.
//
// The headers are embedded (include/) and served to libclang as virtual files
// (CXUnsavedFile) under Dir, so they never exist on disk. Prelude is
// force-included into every translation unit, as nvcc force-includes
// cuda_runtime.h; the other headers (cuda_fp16.h, cub/cub.cuh,
// torch/all.h, ...) are found through -isystem Dir, which searches them
// after every -I directory of the compilation, so a tree's real headers win,
// and before the system directories: Debian's libcub-dev puts the real CUB
// in /usr/include/cub, which needs the SDK this shim replaces
// (cuda_occupancy.h) and would otherwise stop every unit that includes cub.
// The frontend precompiles __cudavet/preamble.h (the prelude and the C++
// standard library that torch/all.h makes visible) once per argument list
// and loads it with -include-pch in place of -include Prelude.
//
// What the headers guarantee, and why:
//   - Types keep their real layout and stay distinct (libclang turns an
//     unknown type into int): __half is a 2-byte struct, not a short;
//     float4 has 16-byte alignment; c10::Half is not __half.
//   - threadIdx, blockIdx, blockDim and gridDim are plain extern variables of
//     plain structs, so threadIdx.x is a MemberRefExpr over a DeclRefExpr.
//   - cudaConfigureCall is declared, which clang 15 needs for <<<...>>>.
//   - AT_DISPATCH_SWITCH and AT_DISPATCH_CASE have ATen's shape, so a launch
//     inside a dispatch lambda is instantiated once per dtype.
//   - TORCH_CHECK(cond, ...) and its relatives expand to
//     __cudavet_assume(cond), a function the prelude declares, so the
//     analyzer sees the condition as an assumption.
//   - Overload sets follow CUDA's (min/max, __shfl_*_sync, __hadd, ...), and
//     __CUDA_NO_HALF_OPERATORS__ and friends remove what they remove in CUDA:
//     code that is ambiguous under nvcc is ambiguous here, and vice versa.
//
// The headers stand in for CUDA 12.9 (runtime and driver API subsets, vector
// types, fp16/bf16/fp8/fp4, cooperative groups, wmma, pipelines, cub, parts
// of libcu++ and cuBLAS(Lt)) and for PyTorch 2.9 (ATen/c10/torch, the
// header-only and stable-ABI spellings, dispatch macros, registration).
// Declarations only, with bodies where parsing needs them: constexpr
// constructors and numeric_limits, __cudavet_assume (constexpr, so checks
// inside constant-evaluated functions still evaluate), and templates that
// take a functor (cub's Reduce and scans, cg::reduce, Library::def), since
// clang rejects a template used with a lambda unless it is defined. Shim
// headers include each other by names relative to Dir, never with "..".
// The headers are original work; none is copied from CUDA or PyTorch.
package shim

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Dir is the virtual directory under which Files serves the headers. It does
// not exist on disk.
const Dir = "/__cudavet__/include"

// Prelude is the header that Args force-includes into every translation unit.
const Prelude = Dir + "/cudavet_shim.h"

//go:embed all:include
var include embed.FS

// File is one shim header as libclang receives it.
type File struct {
	// Path is absolute, under Dir, with forward slashes.
	Path string
	// Contents is the header text.
	Contents string
}

var files = sync.OnceValue(func() []File {
	var out []File
	err := fs.WalkDir(include, "include", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := include.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, "include/")
		out = append(out, File{Path: path.Join(Dir, rel), Contents: string(data)})
		return nil
	})
	if err != nil {
		// The embedded tree is fixed at build time; failing to read it is a
		// broken binary, not bad input.
		panic("shim: reading embedded headers: " + err.Error())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
})

// Files returns every shim header, sorted by Path. The headers are read once;
// each call returns a fresh slice.
func Files() []File {
	return append([]File(nil), files()...)
}

// Options selects the compilation that Args describes.
type Options struct {
	// Host parses as the host side (--cuda-host-only, __CUDA_ARCH__ undefined)
	// instead of the device side (--cuda-device-only). Clang parses both host
	// and device function bodies in either mode; the difference is which
	// preprocessor branches are taken.
	Host bool
	// Arch is the value of __CUDA_ARCH__ on the device side, e.g. 800 or 900;
	// 0 means 800. A value below 100 is read as a compute capability times ten
	// (90 means 900). Clang 15 targets at most sm_86, so clang always targets
	// sm_80 and a different Arch only redefines __CUDA_ARCH__. Ignored when
	// Host is set.
	Arch int
	// Std is the C++ dialect, as after -std= (e.g. "c++20"); "" means gnu++17,
	// the dialect nvcc gives its host compiler (g++ accepts GNU extensions).
	Std string
}

// Args returns the clang arguments that parse a CUDA source against the
// shim: the CUDA language mode without an SDK (-nocudainc -nocudalib), the
// dialect, __CUDA_ARCH__, -isystem Dir, -include Prelude, and the
// suppression of warnings and spell-checking (cudavet reports only parse
// errors, and a typo correction would invent code that is not there), and
// an error limit of 1000 (past it clang stops parsing the unit). The
// caller appends the source's own flags (-I, -D) and serves Files as
// unsaved files.
func Args(opts Options) []string {
	mode := "--cuda-device-only"
	if opts.Host {
		mode = "--cuda-host-only"
	}
	std := strings.TrimPrefix(opts.Std, "-std=")
	if std == "" {
		std = "gnu++17"
	}
	args := []string{
		"-x", "cuda", mode,
		"-nocudainc", "-nocudalib",
		"--cuda-gpu-arch=sm_80",
		"-std=" + std,
		// C-style variadic device functions, as nvcc allows them
		// (CuTe's is_valid_impl(...) overloads, cutlass's functional.h).
		// The clang driver passes this itself when it finds a CUDA SDK;
		// -nocudalib makes it skip that step, so it is given here.
		"-Xclang", "-fcuda-allow-variadic-functions",
		// C++17's matching of template template arguments (P0522), which
		// g++ and nvcc apply and clang 15 leaves off: vLLM's epilogues
		// pass cutlass::multiply_add (two defaulted parameters) where
		// CUTLASS's Sm90Compute expects template <class> class.
		"-frelaxed-template-template-args",
	}
	if arch := normalizeArch(opts.Arch); !opts.Host && arch != 800 {
		args = append(args, "-U__CUDA_ARCH__", "-D__CUDA_ARCH__="+strconv.Itoa(arch))
	}
	if !opts.Host {
		// The device side inherits the host's predefined macros, among them
		// __SIZEOF_FLOAT128__, but NVPTX has no __float128: a host library
		// that declares it when the macro says so (fmt, bundled in spdlog:
		// `using float128 = __float128;`) stops clang 15's device parse
		// with "__float128 is not supported on this target", where nvcc
		// accepts the host-only declaration. Libraries test the macros.
		args = append(args, "-U__SIZEOF_FLOAT128__", "-U__FLOAT128__")
	}
	return append(args,
		"-isystem", Dir,
		"-include", Prelude,
		"-Wno-everything",
		"-fno-spell-checking",
		// A high error limit: past clang's default 20 the rest of the
		// unit would not be parsed, and its kernels would be lost; some
		// limit stays, as an error cascade can exhaust libclang.
		"-ferror-limit=1000",
	)
}

// normalizeArch maps Options.Arch to a __CUDA_ARCH__ value.
func normalizeArch(arch int) int {
	switch {
	case arch <= 0:
		return 800
	case arch < 100:
		return arch * 10
	default:
		return arch
	}
}
