package frontend

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cudavet/cudavet/frontend/clang"
)

// corpusTree is a real kernel tree the corpus test parses, with the flags
// its own build passes.
type corpusTree struct {
	env      string   // environment variable naming the tree's root
	patterns []string // relative to the root
	flags    []string // -I relative to the root, -D
	// fileFlags are the flags the build adds for one file (a module's
	// configuration), by path relative to the root.
	fileFlags map[string][]string
	// generated are headers the build writes outside the tree (a JIT
	// module's own directory), by name, with what writes them: a unit
	// that misses one lacks the "generated" family, not a shim of ours.
	generated map[string]string
}

// isGenerated says whether header, included from includer, is one the
// build writes: found so in the tree (generated), or one of the tree's
// JIT-generated headers.
func (tree corpusTree) isGenerated(includer, header string) bool {
	return generated(includer, header) || tree.generated[header] != ""
}

// archFlags parse device code for one architecture, as a module built
// only for it (-gencode=arch=compute_N) is compiled.
func archFlags(arch string) []string {
	return []string{"-U__CUDA_ARCH__", "-D__CUDA_ARCH__=" + arch}
}

// fmhaV2Flags are what FlashInfer's JIT adds for the FMHAv2 modules
// (gen_fmha_v2_module, gen_trtllm_fmha_v2_module): the kernels' own
// headers, and the module's generated directory, which holds
// fmha_v2_api.h (see generated below).
var fmhaV2Flags = []string{"-Icsrc/fmha_v2"}

// flashKDAFlags are what FlashInfer's JIT adds for a FlashKDA module
// built for the SM100 family (flashinfer/jit/flash_kda.py, target
// sm100f): the target kind, and compute_100f.
var flashKDAFlags = append([]string{"-DFLASHINFER_FLASH_KDA_TARGET_FAMILY=100"}, archFlags("1000")...)

// xqaFlags are what FlashInfer's JIT passes every XQA module
// (flashinfer/jit/xqa.py), with one configuration of its choices.
func xqaFlags(module ...string) []string {
	return append([]string{"-DNDEBUG=1", "-DBEAM_WIDTH=1", "-DUSE_INPUT_KV=0", "-DUSE_CUSTOM_BARRIER=1",
		"-DTOKENS_PER_PAGE=32", "-DSLIDING_WINDOW=0"}, module...)
}

// codeErrors are errors of the trees' own code, which nvcc 12.9 reports as
// well (cudavet stands in for CUDA 12.9): not ours to fix.
var codeErrors = []struct{ file, message, why string }{
	// `#if CVT_FP4_PACK16` tests a constexpr bool, which the preprocessor
	// reads as 0, while with CUDA >= 12.9 fp4_packed_t is the u32x2 pair.
	{"csrc/nvfp4_kv_cache_kernels.cu", "incompatible type 'vllm::fp4_packed_t'", "fails under nvcc 12.9 too"},
}

func isCodeError(rel string, e clang.Diagnostic) bool {
	for _, c := range codeErrors {
		if rel == c.file && strings.Contains(e.Spelling, c.message) {
			return true
		}
	}
	return false
}

var corpusTrees = []corpusTree{
	{env: "CUDAVET_VLLM", patterns: []string{"csrc/..."}, flags: []string{"-Icsrc", "-DENABLE_FP8"}},
	// FlashInfer's JIT passes dtype switches (flashinfer/jit/core.py) and,
	// to its TensorRT-LLM modules, ENABLE_* and the nv_internal include
	// directories. Of the dispatch switches only BF16: with several, a
	// launcher nesting five dtype dispatches instantiates each kernel
	// (dtypes)^5 times (mixed_comm.cu: 15 s with none, over 250 s and
	// 1.6 GB with three), as it does for nvcc.
	{env: "CUDAVET_FLASHINFER", patterns: []string{"csrc/...", "include/..."}, flags: []string{"-Iinclude", "-Icsrc",
		"-Icsrc/nv_internal", "-Icsrc/nv_internal/include", "-Icsrc/nv_internal/tensorrt_llm/cutlass_extensions/include",
		"-DFLASHINFER_ENABLE_BF16",
		"-DENABLE_BF16", "-DENABLE_FP8", "-DENABLE_FP4"},
		fileFlags: map[string][]string{
			// gen_xqa_module: fp16 in and out, fp16 cache, head 128 in groups of 8.
			"csrc/xqa/mha.cu": xqaFlags("-DINPUT_FP16=1", "-DDTYPE=__half", "-DCACHE_ELEM_ENUM=0",
				"-DHEAD_ELEMS=128", "-DHEAD_GRP_SIZE=8", "-DLOW_PREC_OUTPUT=0", "-DSPEC_DEC=0", "-DMLA_WRAPPER=0"),
			// gen_xqa_module_mla: MLA (head 576 in groups of 128), fp8
			// cache, built for sm_120 only: its barriers use cluster
			// scope, which barriers.cuh asserts is there from sm_90 on.
			"csrc/xqa/mla_sm120.cu": xqaFlags(append([]string{"-DCACHE_ELEM_ENUM=2", "-DHEAD_ELEMS=576",
				"-DHEAD_GRP_SIZE=128", "-DMLA_WRAPPER=1"}, archFlags("1200")...)...),
			"csrc/fmha_v2_run.cu":            fmhaV2Flags,
			"csrc/fmha_v2_jit_binding.cu":    fmhaV2Flags,
			"csrc/trtllm_fmha_v2_binding.cu": fmhaV2Flags,
			// gen_cudnn_sdpa_module: where the downloaded cubins lie.
			"csrc/cudnn_sdpa_kernel_launcher.cu":                     {`-DCUDNN_SDPA_CUBIN_PATH="flashinfer/cubins/cudnn_sdpa"`},
			"csrc/kda/flashkda_bf16_fused_m64_binding.cu":            flashKDAFlags,
			"csrc/kda/flashkda_bf16_fused_m128_binding.cu":           flashKDAFlags,
			"csrc/kda/cake_flashkda_bf16_fused_m128_n16_binding.cu":  flashKDAFlags,
			"csrc/kda/cake_flashkda_bf16_persistent_m128_binding.cu": flashKDAFlags,
			"csrc/kda/cake_flashkda_bf16_small_bh_m128_binding.cu":   flashKDAFlags,
			// gen_dsv3_fused_routing_module(backend="cake"): the cake
			// variant adds its launcher (and includes
			// cake_deepseek_fused_routing_launch.cuh) to the default's code.
			"csrc/fused_moe/noAuxTcKernels.cu": {"-DFLASHINFER_CAKE_BACKEND"},
		},
		generated: map[string]string{
			// Rendered by fmha_library.get_api_code into the module's
			// generated directory, with the kernels it dispatches to.
			"fmha_v2_api.h": "flashinfer/jit/attention/fmha_v2 (get_api_code)",
		}},
}

// TestCorpus parses every .cu/.cuh of the trees that CUDAVET_VLLM and
// CUDAVET_FLASHINFER name (fetched trees are never committed; the test is
// skipped without them) and prints the parse errors grouped by cause. It
// fails on errors of ours: those not explained by a header family that is
// absent from the machine (CUTLASS, CuTe, MPI, ROCm, ...).
// CUDAVET_CORPUS_PATTERNS (space-separated, relative to the root) parses
// only a part of the trees.
func TestCorpus(t *testing.T) {
	ran := false
	for _, tree := range corpusTrees {
		root := os.Getenv(tree.env)
		if root == "" {
			continue
		}
		ran = true
		if only := os.Getenv("CUDAVET_CORPUS_PATTERNS"); only != "" {
			tree.patterns = strings.Fields(only) // a part of the tree
		}
		t.Run(tree.env, func(t *testing.T) { corpusRun(t, root, tree) })
	}
	if !ran {
		t.Skip("set CUDAVET_VLLM and/or CUDAVET_FLASHINFER to a kernel tree's root")
	}
}

func corpusRun(t *testing.T, root string, tree corpusTree) {
	var mu sync.Mutex
	raw := map[string][]clang.Diagnostic{}
	// With CUDAVET_CORPUS_DUMP, progress.txt says when each unit was
	// parsed (seconds from the start), to find the slow ones.
	var progress *os.File
	if dump := os.Getenv("CUDAVET_CORPUS_DUMP"); dump != "" {
		var err error
		if progress, err = os.Create(filepath.Join(dump, tree.env+".progress.txt")); err != nil {
			t.Fatal(err)
		}
		defer progress.Close()
	}
	start := time.Now()
	cfg := &Config{Dir: root, parseOnly: true, observe: func(unit string, errs []clang.Diagnostic) {
		mu.Lock()
		raw[unit] = errs
		if progress != nil {
			// Every error as it comes, so that a run stopped early
			// can still be classified (CUDAVET_CORPUS_FROM reads it).
			fmt.Fprintf(progress, "%7.1f\t%s\t%d errors\n", time.Since(start).Seconds(), unit, len(errs))
			for _, e := range errs {
				fmt.Fprintf(progress, "%s\t%s\n", unit, e.Formatted)
			}
		}
		mu.Unlock()
	}}
	cfg.ClangArgs = rootedFlags(root, tree.flags)
	cfg.FileArgs = func(name string) []string {
		rel, _ := filepath.Rel(root, name)
		return rootedFlags(root, tree.fileFlags[rel])
	}
	parseDiags := -1
	if from := os.Getenv("CUDAVET_CORPUS_FROM"); from != "" {
		// Classify the errors a former run dumped, without parsing again.
		data, err := os.ReadFile(filepath.Join(from, tree.env+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		raw = readDump(string(data))
	} else {
		prog, err := Load(cfg, tree.patterns...)
		if err != nil {
			t.Fatal(err)
		}
		parseDiags = 0
		for _, d := range prog.Diagnostics {
			if d.Category == "parse" {
				parseDiags++
			}
		}
	}
	if dump := os.Getenv("CUDAVET_CORPUS_DUMP"); dump != "" {
		// Every error of every unit, for offline study.
		var b strings.Builder
		for _, unit := range uniq(keysOf(raw)) {
			for _, e := range raw[unit] {
				fmt.Fprintf(&b, "%s\t%s\n", unit, e.Formatted)
			}
		}
		if err := os.WriteFile(filepath.Join(dump, tree.env+".txt"), []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	byCause := map[string][]string{}
	ours, failed := 0, 0
	for unit, errs := range raw {
		c := classifyErrors(errs, tree.isGenerated)
		if len(c.missing) > 0 || len(c.ours) > 0 {
			failed++
		}
		rel, _ := filepath.Rel(root, unit)
		if len(c.missing) == 0 && !IsSource(unit) {
			// A header parsed without the source that configures it.
			causes := includerCauses(c.ours)
			var rest []clang.Diagnostic
			for i, e := range c.ours {
				if causes[i] == "" {
					rest = append(rest, e)
					continue
				}
				byCause[causes[i]] = append(byCause[causes[i]], fmt.Sprintf("%s (%s:%d: %s)", rel, shortName(root, e.File), e.Line, e.Spelling))
			}
			c.ours = rest
		}
		for _, fam := range c.missing {
			byCause["missing "+fam] = append(byCause["missing "+fam], rel)
		}
		for _, n := range c.nvcc {
			byCause["nvcc-only: "+n.construct] = append(byCause["nvcc-only: "+n.construct], rel)
		}
		for _, e := range c.ours {
			if len(c.missing) > 0 {
				// Errors in a unit that lacks a header family are not
				// counted as ours; listed, so that none hides.
				key := "unverified, in units lacking " + strings.Join(c.missing, "+")
				byCause[key] = append(byCause[key], fmt.Sprintf("%s (%s:%d: %s)", rel, shortName(root, e.File), e.Line, e.Spelling))
				continue
			}
			if isCodeError(rel, e) {
				byCause["the code's own (nvcc 12.9 rejects it too)"] = append(byCause["the code's own (nvcc 12.9 rejects it too)"], rel)
				continue
			}
			ours++
			key := "ours: " + normalizeMessage(e.Spelling)
			byCause[key] = append(byCause[key], fmt.Sprintf("%s (%s:%d)", rel, shortName(root, e.File), e.Line))
		}
	}
	keys := make([]string, 0, len(byCause))
	for k := range byCause {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(byCause[keys[i]]) != len(byCause[keys[j]]) {
			return len(byCause[keys[i]]) > len(byCause[keys[j]])
		}
		return keys[i] < keys[j]
	})
	t.Logf("%s: %d units, %d failed to parse (%d parse diagnostics), %d errors of ours", root, len(raw), failed, parseDiags, ours)
	for _, k := range keys {
		units := uniq(byCause[k])
		t.Logf("%4d  %s", len(byCause[k]), k)
		if os.Getenv("CUDAVET_CORPUS_VERBOSE") != "" || strings.HasPrefix(k, "ours") {
			for i, u := range units {
				if i == 5 {
					t.Logf("        ... %d more", len(units)-5)
					break
				}
				t.Logf("        %s", u)
			}
		}
	}
	if ours > 0 {
		t.Errorf("%d parse errors caused by cudavet's shims or dialect", ours)
	}
}

var (
	errorDirective = regexp.MustCompile(`^[ \t]*#[ \t]*error\b`)
	includeLine    = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]`)
)

// Causes of a header's errors that are its includer's, not ours.
const (
	causeConfigured = "configured by its includer: the header's own #error fires when it is parsed alone"
	causeBrings     = "needs its includer: the header uses %s without including it"
)

// includerCauses sorts the errors of a header parsed without the source
// that includes it (no source of the run includes it, as when a JIT build
// renders that source) into causes of its includer's, one per error, ""
// for an error that stays ours:
//   - the tree's own #error fires: the header says that the source
//     including it must define its configuration (macros, and a body
//     file they name); every error of the unit follows from the missing
//     macros, so all are the includer's;
//   - an error names a third-party family's namespace (cute::) in a file
//     that includes none of the family's headers: the file relies on its
//     includer to bring the family in.
func includerCauses(errs []clang.Diagnostic) []string {
	causes := make([]string, len(errs))
	for _, e := range errs {
		if errorDirective.MatchString(sourceAt(e.File, e.Line, 1)) {
			for i := range causes {
				causes[i] = causeConfigured
			}
			return causes
		}
	}
	for i, e := range errs {
		if fam := namedFamily(e.Spelling); fam != nil && !includesFamily(e.File, fam) {
			causes[i] = fmt.Sprintf(causeBrings, fam.name)
		}
	}
	return causes
}

// namedFamily returns the third-party family whose namespace the message
// names ('cute', 'cute::Tensor'), or nil.
func namedFamily(msg string) *family {
	for i, f := range thirdParty {
		for _, n := range f.names {
			if len(n) > 1 && (strings.Contains(msg, "'"+n+"'") || strings.Contains(msg, "'"+n+"::") || strings.Contains(msg, " "+n+"::")) {
				return &thirdParty[i]
			}
		}
	}
	return nil
}

// includesFamily reports whether file includes a header of the family
// (or cannot be read: then the error stays ours).
func includesFamily(file string, fam *family) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		return true
	}
	for _, m := range includeLine.FindAllStringSubmatch(string(data), -1) {
		for _, p := range fam.prefix {
			if strings.HasPrefix(m[1], p) {
				return true
			}
		}
	}
	return false
}

// rootedFlags returns flags with each -I directory made absolute under
// root (the trees' flags name directories relative to it).
func rootedFlags(root string, flags []string) []string {
	var out []string
	for _, f := range flags {
		if strings.HasPrefix(f, "-I") {
			f = "-I" + filepath.Join(root, f[2:])
		}
		out = append(out, f)
	}
	return out
}

var dumpLine = regexp.MustCompile(`^([^\t]+)\t(.*?):(\d+):\d+: (?:error|fatal error): (.*)$`)

// readDump reads the errors CUDAVET_CORPUS_DUMP wrote: unit, tab, clang's
// formatted error.
func readDump(text string) map[string][]clang.Diagnostic {
	raw := map[string][]clang.Diagnostic{}
	for _, line := range strings.Split(text, "\n") {
		m := dumpLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var n uint32
		fmt.Sscan(m[3], &n)
		raw[m[1]] = append(raw[m[1]], clang.Diagnostic{Severity: clang.Diagnostic_Error, File: m[2], Line: n, Spelling: m[4]})
	}
	return raw
}

// normalizeMessage keeps the first quoted name of a message, so that
// errors of one cause group together while saying what they are about.
func normalizeMessage(s string) string {
	return s
}

func shortName(root, name string) string {
	if rel, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return name
}

func keysOf(m map[string][]clang.Diagnostic) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func uniq(xs []string) []string {
	sort.Strings(xs)
	var out []string
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// TestParseFiles prints every parse error of the files CUDAVET_PARSE_FILES
// names (space-separated; flags such as -I in CUDAVET_PARSE_FLAGS): a tool
// for finding what a shim lacks, skipped otherwise.
func TestParseFiles(t *testing.T) {
	files := strings.Fields(os.Getenv("CUDAVET_PARSE_FILES"))
	if len(files) == 0 {
		t.Skip("CUDAVET_PARSE_FILES not set")
	}
	cfg := &Config{ClangArgs: strings.Fields(os.Getenv("CUDAVET_PARSE_FLAGS")), observe: func(unit string, errs []clang.Diagnostic) {
		for _, e := range errs {
			t.Logf("%s", e.Formatted)
		}
	}}
	if _, err := Load(cfg, files...); err != nil {
		t.Fatal(err)
	}
}
