package frontend

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/frontend/clang"
)

// errorClasses sorts a unit's errors by cause, so that each is reported
// for what it is: a header family the machine lacks (the user's fix: an
// include directory), a construct nvcc accepts and clang rejects (a note;
// the file still counts as parsed), or an error of ours or of the code.
type errorClasses struct {
	// missing lists the absent third-party header families, sorted; first
	// holds the first "file not found" of each.
	missing []string
	first   map[string]clang.Diagnostic
	// nvcc holds the constructs nvcc accepts that clang rejects, once each;
	// nvccFollowers counts, per construct, the errors that only repeat it
	// (a call of the function whose body held it).
	nvcc          []nvccOnly
	nvccFollowers map[string]int
	// followers counts, per family, the errors that follow from its absence.
	followers map[string]int
	// ours holds every other error, in clang's order.
	ours []clang.Diagnostic
}

// familyROCm is the family of a file written for hipcc (HIP types and
// device properties) rather than a missing header.
const familyROCm = "ROCm"

// familyGenerated is the family of the headers a build generates (listed
// in the .gitignore beside their includer).
const familyGenerated = "generated"

// hipOnly matches errors on names only HIP has: the file is ROCm code.
var hipOnly = regexp.MustCompile(`'(__hip_[A-Za-z0-9_]*|hip[A-Z][A-Za-z0-9_]*|gcnArchName|__builtin_amdgcn_[a-z0-9_]*)'`)

// nvccOnly is one construct that nvcc's EDG front end accepts and recovers
// from where clang reports an error.
type nvccOnly struct {
	construct string
	diag      clang.Diagnostic
}

var notFound = regexp.MustCompile(`^'([^']+)' file not found`)

// nvccAccepts maps clang errors on code that nvcc compiles to the name of
// the construct. Clang recovers from each (it drops the one declaration),
// so the rest of the unit is analysed as nvcc would see it.
var nvccAccepts = []struct {
	re        *regexp.Regexp
	construct string
	// at, when set, must hold of the source at the error's location.
	at func(e clang.Diagnostic) bool
}{
	{regexp.MustCompile(`^function template partial specialization is not allowed`), "partial specialization of a function template", nil},
	// g++ (nvcc's host compiler) accepts it as a GNU extension; clang
	// rejects it in C++ and drops the expression (it lowers to Unknown).
	{regexp.MustCompile(`^arithmetic on( a)? pointers? to void`), "arithmetic on a pointer to void (a GNU extension)", nil},
	// nvcc hands the PTX string to ptxas; clang checks it as GCC asm and
	// drops the statement, whose outputs are then unknown.
	{regexp.MustCompile(`^invalid % escape in inline assembly string`), "inline PTX with a '%' that is not an operand", nil},
	// g++ and EDG resolve it to the candidate whose worst conversion is
	// better ("ISO C++ says these are ambiguous, even though ..."), a
	// warning; clang reports an error (int64_t % a class converting to int).
	{regexp.MustCompile(`^use of overloaded operator '[^']+' is ambiguous`), "an operator call ISO C++ finds ambiguous and g++ resolves", nil},
	// EDG looks a member template up where C++ requires the 'template'
	// keyword (x.f<N>(...) on a dependent x); clang reads the '<' as less
	// than and drops the call, whose result is then unknown.
	{regexp.MustCompile(`^(reference to non-static member function must be called|reference to overloaded function could not be resolved; did you mean to call it\?)$`),
		"a member template called without the 'template' keyword", memberTemplateCall},
	// The file declares <stdint.h>'s names itself (sources built for
	// NVRTC or -cubin do), which nvcc's force-included headers leave
	// undeclared while cudavet's prelude declares them: both spellings
	// have the same width, and clang keeps the first.
	{regexp.MustCompile(`^typedef redefinition with different types \('(unsigned long long|long long)' vs '__u?int64_t' \(aka '(unsigned )?long'\)\)$`),
		"a file's own <stdint.h> typedefs (64-bit as long long)", nil},
	// Clang 15 copies an array member in a struct's implicit copy
	// constructor or assignment with a memcpy of its address, which it
	// does not convert when the elements are __restrict__ pointers
	// (struct RankData { const void* __restrict__ ptrs[8]; }, vLLM's
	// custom all-reduce); nvcc and g++ copy it. The copy is dropped.
	{regexp.MustCompile(`^cannot initialize a parameter of type 'void \*' with an rvalue of type '[^']*__restrict[^']*\(\*\)\[[0-9]+\]'$`),
		"a copy of a struct whose array member holds __restrict__ pointers (clang 15's implicit copy)", nil},
	// Clang before 18 builds the deduction guides of a member class
	// template of a class template from the empty pattern of the
	// instantiated outer class: its constructors are missed and only the
	// copy guide remains (llvm-project#46200, fixed by #69676). CUTLASS
	// 3.x/4.x epilogues and sm100 collectives return such a class by CTAD
	// (return ConsumerStoreCallbacks(...)); the function is dropped.
	{ctadMessage, "class template argument deduction from the constructors of a member template of a class template (clang before 18 misses them)", nestedCTAD},
}

// ctadMessage is clang's error for a failed class template argument
// deduction; its submatch is the class.
var ctadMessage = regexp.MustCompile(`^no viable constructor or deduction guide for deduction of template arguments of '([A-Za-z_]\w*)'$`)

// nestedCTAD reports whether a failed deduction is clang 15's and not the
// code's: every candidate clang tried is an implicit guide at the class's
// own name (none at a constructor), the class is declared indented (a
// member), and it declares a constructor in the lines that follow.
func nestedCTAD(e clang.Diagnostic) bool {
	m := ctadMessage.FindStringSubmatch(e.Spelling)
	if m == nil {
		return false
	}
	var at *clang.Diagnostic
	for i, n := range e.Notes {
		if !strings.HasPrefix(n.Spelling, "candidate ") {
			continue // the instantiation backtrace
		}
		if at == nil {
			at = &e.Notes[i]
		} else if n.File != at.File || n.Line != at.Line {
			return false
		}
	}
	if at == nil {
		return false
	}
	src := sourceAt(at.File, at.Line, 80)
	if src == "" || (src[0] != ' ' && src[0] != '\t') {
		return false
	}
	ctor := regexp.MustCompile(`\n\s*(?:[A-Za-z_]\w*\s+)*` + m[1] + `\s*\(`)
	return ctor.MatchString(src)
}

// substitutionFailure is the note clang attaches to a candidate whose
// deduced return type could not be formed.
const substitutionFailure = "candidate template ignored: substitution failure"

// noMatchingCall is clang's error for a call with no viable candidate.
var noMatchingCall = regexp.MustCompile(`^no matching (member )?function for call to '`)

// followsNvcc returns the dropped construct an error only repeats: a call
// whose candidate failed substitution because its body (within the next
// 100 lines of the candidate's declaration) holds the construct, as a
// function returning a failed deduction cannot be called.
func followsNvcc(e clang.Diagnostic, dropped []nvccOnly) (nvccOnly, bool) {
	if !noMatchingCall.MatchString(e.Spelling) {
		return nvccOnly{}, false
	}
	for _, n := range e.Notes {
		if !strings.HasPrefix(n.Spelling, substitutionFailure) {
			continue
		}
		for _, d := range dropped {
			if d.diag.File == n.File && d.diag.Line >= n.Line && d.diag.Line < n.Line+100 {
				return d, true
			}
		}
	}
	return nvccOnly{}, false
}

// memberTemplate is a call of a member template without 'template': on an
// object (x.f<N>(, p->f<N>() or in a template-id's scope (T<A>::f<N>();
// with the keyword ('x.template f<N>(') the name is not followed by '<'.
var memberTemplate = regexp.MustCompile(`(>\s*::|\.|->)\s*[A-Za-z_]\w*\s*<[^;{}]*?>\s*\(`)

// memberTemplateCall reports whether the error's line and the one after
// it call a member template without the 'template' keyword.
func memberTemplateCall(e clang.Diagnostic) bool {
	return memberTemplate.MatchString(sourceAt(e.File, e.Line, 2))
}

// sourceAt returns n lines of file from line on, or "" when the file
// cannot be read.
func sourceAt(file string, line uint32, n int) string {
	if file == "" || line == 0 {
		return ""
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	lines := strings.SplitAfter(string(data), "\n")
	if int(line) > len(lines) {
		return ""
	}
	end := min(int(line)-1+n, len(lines))
	return strings.Join(lines[line-1:end], "")
}

// family is a header family that no shim stands in for: its headers come
// from the user's machine (-I, a compile database), and when absent the
// message names the fix.
type family struct {
	name   string // as in messages ("CUTLASS")
	prefix []string
	// names are the spellings (namespaces, prefixes) of what the family
	// declares: an error mentioning one follows from its absence.
	names []string
}

var thirdParty = []family{
	{"CUTLASS", []string{"cutlass/"}, []string{"cutlass", "CUTLASS"}},
	{"CuTe", []string{"cute/"}, []string{"cute", "CUTE", "_"}},
	{"MPI", []string{"mpi.h", "mpi/"}, []string{"MPI"}},
	{"ROCm", []string{"hip/", "hipcub/", "rocprim/", "rocm", "hipblas", "rocblas", "hip_"}, []string{"hip", "__hip", "rocprim"}},
	{"NCCL", []string{"nccl.h", "nccl/"}, []string{"nccl"}},
	{"NVSHMEM", []string{"nvshmem"}, []string{"nvshmem"}},
	{"cuDNN", []string{"cudnn"}, []string{"cudnn"}},
	{"TensorRT-LLM", []string{"tensorrt_llm/"}, []string{"tensorrt_llm"}},
	{"DeepGEMM", []string{"deep_gemm/"}, []string{"deep_gemm"}},
	{"cuSPARSE/cuFFT/cuSOLVER", []string{"cusparse", "cufft", "cusolver"}, []string{"cusparse", "cufft", "cusolver"}},
	{"Thrust", []string{"thrust/"}, []string{"thrust"}},
	{"pybind11", []string{"pybind11/"}, []string{"pybind11", "py::"}},
	{"spdlog", []string{"spdlog/"}, []string{"spdlog"}},
	// FlashInfer's build downloads the trtllm-gen kernels' export headers
	// with their cubins; they are not in the source tree.
	{"trtllm-gen export headers (downloaded by FlashInfer's build)",
		[]string{"flashinfer/trtllm/batched_gemm/trtllmGen_bmm_export/", "flashinfer/trtllm/gemm/trtllmGen_gemm_export/", "flashinfer/trtllm/fmha/trtllmGen_fmha_export/"},
		[]string{"gemm", "batchedGemm", "tg", "trtllm::gen", "BatchedGemm", "Gemm"}},
	{"NVIDIA's libcu++ (cuda/std beyond the shim)", []string{"cuda/std/__", "cuda/__"}, nil},
	{"FlashAttention/CUTLASS-based kernels", []string{"flash_attn", "cutlass_"}, []string{"flash"}},
}

// familyNames returns the names of the family called name.
func familyNames(name string) []string {
	for _, f := range thirdParty {
		if f.name == name {
			return f.names
		}
	}
	return nil
}

// follows reports whether an error plausibly follows from the absent
// family: it lies in the file whose include failed, or it names what the
// family declares ('cute::Tensor', 'cutlass'). Other errors stay ours.
func follows(e clang.Diagnostic, fam string, first clang.Diagnostic) bool {
	if notFound.MatchString(e.Spelling) {
		return false // another header missing is its own cause
	}
	if e.File != "" && e.File == first.File {
		return true
	}
	for _, n := range familyNames(fam) {
		if strings.Contains(e.Spelling, "'"+n) || strings.Contains(e.Spelling, " "+n+"::") {
			return true
		}
	}
	return false
}

// lambdaAt matches the lambda a library template was instantiated with,
// as clang names it ("_Iter_comp_iter<(lambda at FILE:L:C)>").
var lambdaAt = regexp.MustCompile(`\(lambda at ([^():]+):\d+:\d+\)`)

// followsVia reports whether an error lies in code instantiated with a
// lambda of a file in which errors follow from the absent family (a
// std::sort comparator whose body names an undeclared type cannot be
// called, and libstdc++ says so).
func followsVia(e clang.Diagnostic, tainted map[string]bool) bool {
	for _, m := range lambdaAt.FindAllStringSubmatch(e.Spelling, -1) {
		if tainted[m[1]] {
			return true
		}
	}
	return false
}

// headerFamily returns the family of a header clang did not find, or ""
// when the shim is meant to provide it (then the missing header is ours).
func headerFamily(header string) string {
	for _, f := range thirdParty {
		for _, p := range f.prefix {
			if strings.HasPrefix(header, p) {
				return f.name
			}
		}
	}
	return ""
}

// classifyErrors sorts a unit's errors (clang's order) by cause. isGenerated
// says whether a header that was not found, included from a file, is one
// the build writes (generated; a caller that knows the build's generators
// may add to it).
func classifyErrors(errs []clang.Diagnostic, isGenerated func(includer, header string) bool) errorClasses {
	var c errorClasses
	seen := map[string]bool{}
	var dropped []nvccOnly // every error of c.nvcc's constructs
	for _, e := range errs {
		if strings.HasPrefix(e.Spelling, "too many errors emitted") {
			continue // clang's own limit, not an error of the code
		}
		if m := notFound.FindStringSubmatch(e.Spelling); m != nil {
			fam := headerFamily(m[1])
			if fam == "" && isGenerated(e.File, m[1]) {
				fam = familyGenerated
			}
			if fam != "" {
				if c.first == nil {
					c.first = map[string]clang.Diagnostic{}
				}
				if _, ok := c.first[fam]; !ok {
					c.first[fam] = e
					c.missing = append(c.missing, fam)
				}
				continue
			}
		}
		if n, ok := nvccConstruct(e); ok {
			dropped = append(dropped, n)
			if !seen[n.construct] {
				seen[n.construct] = true
				c.nvcc = append(c.nvcc, n)
			}
			continue
		}
		if hipOnly.MatchString(e.Spelling) && c.first[familyROCm].Spelling == "" {
			if c.first == nil {
				c.first = map[string]clang.Diagnostic{}
			}
			c.first[familyROCm] = e
			c.missing = append(c.missing, familyROCm)
		}
		c.ours = append(c.ours, e)
	}
	if len(dropped) > 0 {
		kept := c.ours[:0]
		for _, e := range c.ours {
			if n, ok := followsNvcc(e, dropped); ok {
				if c.nvccFollowers == nil {
					c.nvccFollowers = map[string]int{}
				}
				c.nvccFollowers[n.construct]++
				continue
			}
			kept = append(kept, e)
		}
		c.ours = kept
	}
	sort.Strings(c.missing)
	if len(c.missing) > 0 {
		c.followers = map[string]int{}
		// tainted holds, per family, the files in which errors follow.
		tainted := map[string]map[string]bool{}
		for _, fam := range c.missing {
			tainted[fam] = map[string]bool{c.first[fam].File: true}
		}
		var rest []clang.Diagnostic
	next:
		for _, e := range c.ours {
			for _, fam := range c.missing {
				if fam == familyROCm || follows(e, fam, c.first[fam]) {
					c.followers[fam]++
					tainted[fam][e.File] = true
					continue next
				}
			}
			rest = append(rest, e)
		}
		c.ours = rest[:0]
	again:
		for _, e := range rest {
			for _, fam := range c.missing {
				if followsVia(e, tainted[fam]) {
					c.followers[fam]++
					continue again
				}
			}
			c.ours = append(c.ours, e)
		}
	}
	return c
}

// generated reports whether header, included from the file includer, is
// one the build writes: the .gitignore beside the includer lists it, or
// it is an .inc beside the build's templates (*.jinja).
func generated(includer, header string) bool {
	if includer == "" {
		return false
	}
	dir := filepath.Dir(includer)
	if strings.HasSuffix(header, ".inc") {
		// A configuration the build renders from a template beside it.
		if ts, _ := filepath.Glob(filepath.Join(dir, "*.jinja")); len(ts) > 0 {
			return true
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, ".gitignore"))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if l := strings.TrimSpace(line); l == header || l == "/"+header {
			return true
		}
	}
	return false
}

func nvccConstruct(e clang.Diagnostic) (nvccOnly, bool) {
	for _, a := range nvccAccepts {
		if a.re.MatchString(e.Spelling) && (a.at == nil || a.at(e)) {
			return nvccOnly{construct: a.construct, diag: e}, true
		}
	}
	return nvccOnly{}, false
}

// missingMessage is the one message of a unit for an absent family: the
// header, the fix, and what the other errors are.
func missingMessage(fam string, first clang.Diagnostic, followers int) string {
	var msg string
	m := notFound.FindStringSubmatch(first.Spelling)
	switch {
	case m == nil: // ROCm code found by its names
		msg = fmt.Sprintf("file written for ROCm/HIP (%s): cudavet parses CUDA; build it for CUDA or leave it out of the run", first.Spelling)
	case fam == familyGenerated:
		msg = fmt.Sprintf("'%s' is generated by the build: generate it first, or give the build's compile database with -p", m[1])
	case fam == familyROCm:
		msg = fmt.Sprintf("ROCm headers not found ('%s'): the file is written for hipcc; cudavet parses CUDA", m[1])
	default:
		msg = fmt.Sprintf("%s headers not found ('%s'): give their include directory with -I, or the build's compile database with -p", fam, m[1])
	}
	if followers > 0 {
		what := fam
		if fam == familyGenerated {
			what = "it"
		}
		msg += fmt.Sprintf(" (%d more errors follow from it; kernels not using %s are still analysed)", followers, what)
	}
	return msg
}
