# cudavet: `make run` builds the analyzer and runs it over the bundled
# examples; `make test` runs every test. Both install the Debian packages
# cudavet needs (libclang 15 for parsing, libz3 for the solver) when they
# are missing.

GO ?= go
DEB_PACKAGES := libclang-15-dev libclang-common-15-dev clang-15 libz3-dev pkg-config gcc neovim
# apt-get needs root: use sudo unless we are root already.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build run test bench vet clean

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

test: deps
	$(GO) test ./...

# bench prints one table per corpus (bundled examples, testdata, a
# generated corpus of CUDAVET_BENCH_GEN files (300), and the checkout named
# by CUDAVET_BENCH_TREE when set) with clang-15 and clang-tidy-15 on the
# same files, then the Go benchmarks.
bench: build
	@command -v clang-tidy-15 >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends clang-tidy-15; }
	./internal/benchcorpus/bench.sh
	$(GO) test -run='^$$' -bench=. ./...

vet: deps
	$(GO) vet ./...
	@unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi

clean:
	rm -rf bin
	$(GO) clean -testcache
