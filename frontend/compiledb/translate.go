package compiledb

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/google/shlex"
)

// Flags is what Translate keeps of a command line.
type Flags struct {
	// Args are clang flags, in command-line order: -I, -isystem, -iquote,
	// -idirafter (absolute directories), -D, -U, -include and -std=.
	Args []string
	// Arch is the highest __CUDA_ARCH__ the command compiles for (-arch,
	// -gencode, --cuda-gpu-arch, --offload-arch); 0 when it names none.
	Arch int
	// Unknown are the flags Translate neither kept nor knows to be
	// irrelevant to parsing, as written.
	Unknown []string
}

// maxResponseDepth bounds response files that name response files, and
// maxResponseWords the arguments they expand to in all: a file that
// names itself k times would otherwise expand to k^8 of them.
const (
	maxResponseDepth = 8
	maxResponseWords = 1 << 20
)

// Translate turns a compiler command line (nvcc, clang or gcc; args[0] is
// the compiler) run in dir into the clang flags that make the preprocessor
// and the parser see what that compilation saw. Response files (@file) are
// read with readFile (nil: os.ReadFile), relative to dir. The only error is
// an unreadable or malformed response file.
func Translate(args []string, dir string, readFile func(string) ([]byte, error)) (Flags, error) {
	if readFile == nil {
		readFile = os.ReadFile
	}
	t := &translator{dir: dir, readFile: readFile}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && !strings.HasPrefix(args[0], "@") {
		args = args[1:] // the compiler
	}
	err := t.run(args, 0)
	return t.out, err
}

type translator struct {
	dir      string
	readFile func(string) ([]byte, error)
	out      Flags
	words    int // arguments read from response files so far
}

// pathFlags take a directory; the value may be joined (-Idir, -I=dir) or
// the next argument. The map gives clang's spelling.
var pathFlags = map[string]string{
	"-I": "-I", "--include-path": "-I", "-isystem": "-isystem", "--system-include": "-isystem",
	"-iquote": "-iquote", "-idirafter": "-idirafter",
}

// valueFlags take a value kept as is; the map gives clang's spelling.
var valueFlags = map[string]string{
	"-D": "-D", "--define-macro": "-D", "-U": "-U", "--undefine-macro": "-U",
	"-include": "-include", "--pre-include": "-include",
}

// skipValue are flags irrelevant to parsing that take a value.
var skipValue = map[string]bool{
	"-o": true, "--output-file": true, "-MF": true, "-MT": true, "-MQ": true, "-ccbin": true, "--compiler-bindir": true,
	"--threads": true, "-t": true, "-Xptxas": true, "--ptxas-options": true, "-Xnvlink": true, "--nvlink-options": true,
	"-Xlinker": true, "--linker-options": true, "-Xcudafe": true, "-Xarchive": true, "-Xfatbin": true,
	"-maxrregcount": true, "--maxrregcount": true, "-x": true, "--x": true, "-l": true, "-L": true, "-odir": true,
	"--keep-dir": true, "-rdc": true, "--relocatable-device-code": true, "-cudart": true, "--cudart": true,
	"--diag-suppress": true, "-diag-suppress": true, "--diag-error": true, "--diag-warn": true, "-MJ": true,
	"--default-stream": true, "-default-stream": true, "-ftz": true, "-prec-div": true, "-prec-sqrt": true,
	"-fmad": true, "--ftz": true, "--prec-div": true, "--prec-sqrt": true, "--fmad": true,
	"-Xclang": true, "-target": true, "--target": true, "--split-compile": true, "-split-compile": true,
	"-code": true, "--gpu-code": true, "-dopt": true, "--dopt": true,
}

// skipPrefix are flag families irrelevant to parsing, one argument each.
var skipPrefix = []string{
	"-O", "-W", "-f", "-m", "-g", "-G", "--expt-", "--extended-lambda", "-extended-lambda", "-expt-",
	"-forward-unknown-", "--forward-unknown-", "-lineinfo", "--generate-line-info", "--use_fast_math",
	"-use_fast_math", "--use-fast-math", "--resource-usage", "--display-error-number",
	"-c", "-E", "-MD", "-MMD", "-MP", "-M", "-shared", "-pthread", "-pedantic", "-w", "-v", "--keep", "-keep",
	"-dc", "-dlink", "-dw", "--device-c", "--device-w", "--compile", "--shared", "-static", "-rdynamic",
	"-pipe", "-nostdinc", "--no-host-device", "-nocudainc", "-nocudalib", "--cuda-", "--offload-",
	"--source-in-ptx", "-src-in-ptx", "--restrict", "-restrict", "--std", "-std",
}

// fastMath are nvcc's spellings of --use_fast_math, which clang calls
// -fcuda-approx-transcendentals (it defines a macro code may test).
var fastMath = map[string]bool{"--use_fast_math": true, "-use_fast_math": true, "--use-fast-math": true}

// xcompiler are the flags whose value goes to the host compiler.
var xcompiler = map[string]bool{"-Xcompiler": true, "--compiler-options": true}

// archFlags name a GPU architecture.
var archFlags = map[string]bool{
	"-arch": true, "--gpu-architecture": true, "--cuda-gpu-arch": true, "--offload-arch": true,
	"-gencode": true, "--generate-code": true,
}

func (t *translator) run(args []string, depth int) error {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		next := func() (string, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return "", false
		}
		if strings.HasPrefix(arg, "@") {
			if err := t.response(arg[1:], depth); err != nil {
				return err
			}
			continue
		}
		if !strings.HasPrefix(arg, "-") {
			continue // the source file, an object, a library
		}
		name, value, joined := splitFlag(arg)
		switch {
		case pathFlags[name] != "":
			if !joined {
				value, _ = next()
			}
			t.addPath(pathFlags[name], value)
		case valueFlags[name] != "":
			if !joined {
				value, _ = next()
			}
			t.addValue(valueFlags[name], value)
		case name == "-std" || name == "--std":
			if !joined {
				value, _ = next()
			}
			if value != "" {
				t.out.Args = append(t.out.Args, "-std="+value)
			}
		case archFlags[name]:
			if !joined {
				value, _ = next()
			}
			t.arch(value)
		case xcompiler[name]:
			if !joined {
				value, _ = next()
			}
			if err := t.run(splitComma(value), depth); err != nil {
				return err
			}
		case fastMath[name]:
			t.out.Args = append(t.out.Args, "-fcuda-approx-transcendentals")
		case skipValue[name]:
			if !joined {
				next()
			}
		case hasAnyPrefix(arg, skipPrefix):
		default:
			t.out.Unknown = append(t.out.Unknown, arg)
		}
	}
	return nil
}

// splitFlag splits a flag into its name and a joined value: -Idir, -I=dir,
// --include-path=dir, -DX=1, -arch=sm_90a. Flags of one letter take what
// follows the letter; longer ones only what follows "=".
func splitFlag(arg string) (name, value string, joined bool) {
	for _, short := range []string{"-I", "-D", "-U", "-L", "-l", "-o", "-t", "-x"} {
		if strings.HasPrefix(arg, short) && len(arg) > 2 && !isLongSpelling(arg) {
			return short, strings.TrimPrefix(arg[2:], "="), true
		}
	}
	if n, v, ok := strings.Cut(arg, "="); ok {
		return n, v, true
	}
	for _, p := range []string{"-isystem", "-iquote", "-idirafter"} {
		if strings.HasPrefix(arg, p) && len(arg) > len(p) {
			return p, arg[len(p):], true
		}
	}
	return arg, "", false
}

// isLongSpelling reports whether a flag starting like a one-letter flag is
// a different, longer one (-include, -isystem, -Xcompiler, -lineinfo, -odir...).
func isLongSpelling(arg string) bool {
	name, _, _ := strings.Cut(arg, "=")
	if _, ok := skipValue[name]; ok {
		return true
	}
	if _, ok := valueFlags[name]; ok {
		return true
	}
	return hasAnyPrefix(arg, []string{"-lineinfo", "-odir", "-isystem", "-iquote", "-idirafter", "-include",
		"-Xcompiler", "-Xptxas", "-Xlinker", "-Xcudafe", "-Xnvlink", "-Xarchive", "-Xfatbin", "-Xclang"})
}

// addValue keeps a macro flag (-DX=1, -UX) or a forced include, whose
// file is made absolute when it exists relative to the compilation's
// directory.
func (t *translator) addValue(flag, value string) {
	switch {
	case value == "":
	case flag == "-include":
		if p := filepath.Join(t.dir, value); !filepath.IsAbs(value) && fileExists(p) {
			value = p
		}
		t.out.Args = append(t.out.Args, flag, value)
	default:
		t.out.Args = append(t.out.Args, flag+value)
	}
}

func fileExists(name string) bool {
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}

// addPath keeps an include directory, made absolute, unless it is the CUDA
// toolkit's or libtorch's: the shim headers stand in for those.
func (t *translator) addPath(flag, dir string) {
	if dir == "" {
		return
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(t.dir, dir)
	}
	dir = filepath.Clean(dir)
	if sdkDir(dir) {
		return
	}
	if flag == "-I" {
		t.out.Args = append(t.out.Args, "-I"+dir)
		return
	}
	t.out.Args = append(t.out.Args, flag, dir)
}

// sdkDir reports whether an include directory holds the CUDA toolkit's or
// libtorch's headers, which the shim replaces.
func sdkDir(dir string) bool {
	for _, marker := range []string{"cuda_runtime.h", "cuda_runtime_api.h", "ATen/ATen.h", "torch/all.h", "torch/extension.h"} {
		if _, err := os.Stat(filepath.Join(dir, marker)); err == nil {
			return true
		}
	}
	return false
}

// arch records the architectures of an -arch or -gencode value:
// sm_90a, compute_80, "arch=compute_90a,code=[sm_90a,compute_90a]".
func (t *translator) arch(value string) {
	for _, part := range strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(",=[]; ", r) }) {
		for _, prefix := range []string{"sm_", "compute_", "lto_"} {
			digits, ok := strings.CutPrefix(part, prefix)
			if !ok {
				continue
			}
			digits = strings.TrimRight(digits, "abcdefghijklmnopqrstuvwxyz")
			if n, err := strconv.Atoi(digits); err == nil && n > 0 && n*10 > t.out.Arch {
				t.out.Arch = n * 10
			}
		}
	}
}

// response expands a response file: its words, split as a shell would,
// are arguments in place of @file.
func (t *translator) response(name string, depth int) error {
	if depth >= maxResponseDepth {
		return fmt.Errorf("response file %s: more than %d levels of response files", name, maxResponseDepth)
	}
	if !filepath.IsAbs(name) {
		name = filepath.Join(t.dir, name)
	}
	data, err := t.readFile(name)
	if err != nil {
		return fmt.Errorf("response file: %w", err)
	}
	words, err := shlex.Split(string(data))
	if err != nil {
		return fmt.Errorf("response file %s: %w", name, err)
	}
	if t.words += len(words); t.words > maxResponseWords {
		return fmt.Errorf("response file %s: response files expand to more than %d arguments", name, maxResponseWords)
	}
	return t.run(words, depth+1)
}

// splitComma splits an -Xcompiler value: nvcc passes "a,b,c" as three flags.
func splitComma(v string) []string {
	var out []string
	for _, f := range strings.Split(v, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, strings.Fields(f)...)
		}
	}
	return out
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
