# cudavet: `make run` builds the analyzer and runs it over the bundled
# examples; `make test` runs every test. Both install the Debian packages
# cudavet needs (libclang 15 for parsing, libz3 for the solver) when they
# are missing.

GO ?= go
DEB_PACKAGES := libclang-15-dev libclang-common-15-dev clang-15 libz3-dev pkg-config gcc neovim
# apt-get needs root: use sudo unless we are root already.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# FUZZTIME is how long `make fuzz` runs each fuzz target; FUZZMINIMIZE
# caps the minimisation of each new input (go's default, 60s, stalls a
# short run: the executions it spends are not counted).
FUZZTIME ?= 60s
FUZZMINIMIZE ?= 5s

.PHONY: all deps build run test test-heavy fuzz bench vet clean

all: build

# deps installs the missing Debian packages (none when all are present).
deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi

build: deps
	$(GO) build -o bin/cudavet ./cmd/cudavet

# run analyses the bundled examples. Exit status 1 (findings) is expected;
# 2 (usage or input error) and 3 (incomplete run) fail.
run: build
	@status=0; ./bin/cudavet -stats ./testdata/examples/... || status=$$?; \
	case $$status in \
	0|1) echo "cudavet: exit status $$status (0 clean, 1 findings)" ;; \
	*) echo "cudavet: exit status $$status (2 usage or input error, 3 incomplete run)"; exit $$status ;; \
	esac

# test runs vet and the gofmt check, then every test under the race
# detector. -short skips the few tests too slow under -race (the sweeps of
# real trees, the heavy adversarial inputs); test-heavy runs those without
# it. The fuzz targets' seed corpora (testdata/fuzz/) run as ordinary tests.
# Then the integration tests with external tools, which -short skips, run
# without -race: the SARIF multitool's validation (installed by test-tools),
# the Emacs eglot session (emacs-nox and elpa-eglot, installed by deps) and
# the VS Code session (code-server and playwright-core, installed by
# test-tools, with Debian's chromium); CI=true makes a missing tool a
# failure rather than a skip.
INTEGRATION_TESTS := SARIFValidates|Emacs|VSCode
test: vet
	$(GO) test -race -short -timeout 20m ./...
	CI=true $(GO) test -timeout 20m -run '^Test($(INTEGRATION_TESTS))$$' -v ./cmd/cudavet

# test-heavy runs the tests -short skips or trims, without -race (which
# would make them several times slower): the witness replay of every
# checker's bug files, the libclang sweeps, the 20 MB and 20,000-kernel
# inputs, the lowering corpus over every testdata kernel, neovim, and the
# same findings with -j 1 and -j 2 under load (TestJobsIdentical) and with
# other files loaded first (TestOtherFilesChangeNothing).
HEAVY_TESTS := WitnessesReplay|Cgocheck|Sweep|Adversarial|Verdicts|Neovim|FuzzLower|JobsIdentical|OtherFilesChangeNothing
HEAVY_PKGS := ./checkers/internal/witnesscheck ./frontend/clang ./frontend/lower ./cmd/cudavet ./checkers/symexec
test-heavy: deps
	$(GO) test -timeout 30m -run '$(HEAVY_TESTS)' $(HEAVY_PKGS)

# fuzz runs each fuzz target for FUZZTIME (go test -fuzz takes one target
# per run). New crashers land in the package's testdata/fuzz/ and then run
# as regression tests in `make test`.
fuzz: deps
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$pkg $$name ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg; \
	done

# FUZZ_TARGETS lists package:FuzzTarget pairs for `make fuzz`.
FUZZ_TARGETS := \
	./checkers/internal/annot:FuzzParse \
	./frontend:FuzzTooDeep \
	./frontend/lower:FuzzLower \
	./lsp:FuzzReadMessage \
	./internal/config:FuzzParse \
	./frontend/compiledb:FuzzParse \
	./frontend/compiledb:FuzzTranslate

# bench prints one table per corpus (bundled examples, testdata, a
# generated corpus of CUDAVET_BENCH_GEN files (300), and the checkout named
# by CUDAVET_BENCH_TREE when set) with clang-15 and clang-tidy-15 on the
# same files; then two tables of one cudavet run per file (each row, and
# the max, median and sum of the walls, undecided checks, peak RSS, beside
# clang and clang-tidy on the file): the diverse generated corpus
# (CUDAVET_BENCH_DIVERSE files, 32: 2 to 4 templated kernels each) and
# pinned files of vLLM and FlashInfer exported at run time from the git
# directories CUDAVET_BENCH_VLLM and CUDAVET_BENCH_FLASHINFER (default
# under MIRROR, as for recall; skipped when absent), each file stopped at
# CUDAVET_BENCH_TIMEOUT (10m); then the Go benchmarks. bench.sh lists its
# variables. The real files take minutes each: CUDAVET_BENCH_CORPORA
# picks tables.
bench: build
	@command -v clang-tidy-15 >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends clang-tidy-15; }
	MIRROR=$(MIRROR) ./internal/benchcorpus/bench.sh
	$(GO) test -run='^$$' -bench=. ./...

# recall measures detection on bugs real kernels had: every row of
# testdata/real/recall/*.yaml (a fix mined from vLLM's or FlashInfer's
# history) is analysed at its parent commit, and the table says found /
# unread / out of time / missed per row and per class. It needs git
# directories of the repositories with their history: RECALL_VLLM,
# RECALL_FLASHINFER, RECALL_CUTLASS and RECALL_SPDLOG (default: ../.mirror/ beside the
# checkout, where this workplace's fetch puts them). RECALL_FLAGS adds
# flags (-rows REGEXP, -class C, -timeout D, -o results.tsv).
MIRROR ?= $(abspath $(CURDIR)/../.mirror)
RECALL_VLLM ?= $(MIRROR)/local-inference-lab+vllm/repo
RECALL_FLASHINFER ?= $(MIRROR)/flashinfer-ai+flashinfer/repo
RECALL_CUTLASS ?= $(MIRROR)/NVIDIA+cutlass/repo
RECALL_SPDLOG ?= $(MIRROR)/gabime+spdlog/repo
RECALL_FLAGS ?=
.PHONY: recall
recall: build
	RECALL_VLLM=$(RECALL_VLLM) RECALL_FLASHINFER=$(RECALL_FLASHINFER) RECALL_CUTLASS=$(RECALL_CUTLASS) RECALL_SPDLOG=$(RECALL_SPDLOG) \
		$(GO) run ./internal/recall/cmd/recall $(RECALL_FLAGS)

vet: deps
	$(GO) vet ./...
	@unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi

clean:
	rm -rf bin
	$(GO) clean -testcache

# Tools the tests use beyond Go, installed under .tools/ (npm registry):
# Microsoft's SARIF multitool validates -sarif output as GitHub's upload
# does (cmd/cudavet's TestSARIFValidates runs it when it is there).
TOOLS := $(CURDIR)/.tools
SARIF_MULTITOOL_VERSION := 5.7.0
SARIF_MULTITOOL := $(TOOLS)/node_modules/.bin/sarif-multitool

# code-server (VS Code served to a browser) and playwright-core, for
# cmd/cudavet's TestVSCode; the script says why it does not let
# code-server's postinstall run.
CODE_SERVER := $(TOOLS)/vscode/.installed
$(CODE_SERVER): editors/vscode/test/install-code-server.sh | deps
	sh editors/vscode/test/install-code-server.sh $(TOOLS)/vscode

.PHONY: test-tools
test-tools: $(SARIF_MULTITOOL) $(CODE_SERVER) vsix
test: test-tools

$(SARIF_MULTITOOL):
	npm install --prefix $(TOOLS) --no-audit --no-fund @microsoft/sarif-multitool@$(SARIF_MULTITOOL_VERSION)
	chmod u+x $(TOOLS)/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool

# vsix packages the VS Code extension (editors/vscode) into bin/cudavet.vsix
# with npm's vscode-languageclient and @vscode/vsce.
.PHONY: vsix
vsix:
	mkdir -p bin
	cd editors/vscode && npm install --no-audit --no-fund && npx vsce package --skip-license -o ../../bin/cudavet.vsix

# The Emacs eglot integration test (cmd/cudavet's TestEmacs) needs these.
DEB_PACKAGES += emacs-nox elpa-eglot
# The VS Code test (TestVSCode): the browser, ripgrep for code-server, and
# what node-gyp needs to build code-server's native modules.
DEB_PACKAGES += chromium ripgrep g++ make python3 libkrb5-dev libxkbfile-dev libsecret-1-dev
