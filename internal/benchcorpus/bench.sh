#!/usr/bin/env bash
# bench.sh: the tables of `make bench`. One table per corpus (the bundled
# examples, every testdata file, the generated corpus, and the checkout
# named by CUDAVET_BENCH_TREE when set), and the cost curve over 50 to
# 300 generated files (scaling): cudavet's parse, lowering and
# per-checker analysis times, checks by how decided, undecided checks,
# peak RSS, and clang-15 -fsyntax-only and clang-tidy-15 on the same files
# with the ratios. Run from the repository root after `make build`;
# CUDAVET_BENCH_CORPORA="examples generated" picks tables.
set -u
BIN=./bin/cudavet
OUT=${CUDAVET_BENCH_OUT:-/tmp/cudavet-bench}
GEN_N=${CUDAVET_BENCH_GEN:-300}
# CUDAVET_BENCH_CORPORA picks the tables (default: all of them).
CORPORA=${CUDAVET_BENCH_CORPORA:-examples testdata generated scaling tree}
want() { [[ " $CORPORA " == *" $1 "* ]]; }
mkdir -p "$OUT"
SHIM="$PWD/frontend/shim/include"
CLANG_ARGS=(-x cuda --cuda-host-only -nocudainc -nocudalib -std=c++17 -idirafter "$SHIM" -include "$SHIM/cudavet_shim.h" -Wno-everything)

if want generated || want scaling; then
  go run ./internal/benchcorpus/gen -o "$OUT/gen" -n "$GEN_N" >/dev/null
fi

# secs CMD...: wall seconds of CMD, its output discarded.
secs() {
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}

table() { # name files...
  local name=$1; shift
  local files=("$@")
  local n=${#files[@]}
  [ "$n" -eq 0 ] && { echo "== $name: no files"; return; }
  local stats="$OUT/$name.stats"
  /usr/bin/time -f "%e %U %M" -o "$OUT/$name.time" "$BIN" -no-cache -stats "${files[@]}" >"$stats" 2>&1
  read -r wall user rss < <(tail -1 "$OUT/$name.time") # after "Command exited with non-zero status 1"
  local parse analysis lowering
  parse=$(awk '$1=="parse"{print $2}' "$stats" | tr -d ms)
  lowering=$(awk '$1=="lowering"{print $2}' "$stats" | tr -d ms)
  analysis=$(awk '$1=="analysis"{print $2}' "$stats" | tr -d ms)
  local clang tidy
  clang=$(secs bash -c 'for f in "$@"; do clang-15 -fsyntax-only '"${CLANG_ARGS[*]@Q}"' "$f"; done' _ "${files[@]}")
  if command -v clang-tidy-15 >/dev/null; then
    tidy=$(secs bash -c 'for f in "$@"; do clang-tidy-15 -checks="-*,clang-analyzer-*,bugprone-*" "$f" -- '"${CLANG_ARGS[*]@Q}"'; done' _ "${files[@]}")
  else
    tidy=NA
  fi
  echo "== $name ($n files)"
  printf "  %-28s %s\n" "cudavet wall / user CPU" "${wall} s / ${user} s" "peak RSS" "$((rss / 1024)) MiB" \
    "parse (summed)" "${parse} ms" "lowering" "${lowering} ms" "analysis (wall)" "${analysis} ms"
  awk '/^    [a-z]+ +[0-9.]+ms/ && $1!="symexec" && $1!="annotation" && $1!="divergence" {printf "    %-26s %s\n", $1, $2}' "$stats"
  echo "  checks:"
  grep -E "checks (decided by|undecided|proved safe|violated)" "$stats" | sed 's/  */ /g; s/^/   /'
  printf "  %-28s %s\n" "undecided (all checkers)" "$(grep 'checks undecided' "$stats" | awk '{s+=$2} END{print s+0}')"
  printf "  %-28s %s s\n" "clang-15 -fsyntax-only" "$clang"
  printf "  %-28s %s s\n" "clang-tidy-15" "$tidy"
  if [ "$tidy" != NA ]; then
    printf "  %-28s %s\n" "cudavet / clang-tidy" "$(echo "scale=2; $wall / $tidy" | bc)"
  fi
  printf "  %-28s %s\n" "cudavet / clang -fsyntax" "$(echo "scale=2; $wall / $clang" | bc)"
  printf "  %-28s %s\n" "analysis / parse" "$(echo "scale=2; $analysis / $parse" | bc)"
}

if want examples; then
  mapfile -t ex < <(find testdata/examples -name '*.cu' | sort)
  table examples "${ex[@]}"
fi
if want testdata; then
  mapfile -t td < <(find checkers testdata -path '*/testdata/*' -name '*.cu' | sort)
  table testdata "${td[@]}"
fi
if want generated; then
  mapfile -t gen < <(find "$OUT/gen" -name '*.cu' | sort)
  table generated "${gen[@]}"
fi
if want scaling; then
  # The cost curve: the first N files of the generated corpus (one
  # kernel and its launcher each), afresh (-no-cache), the time per
  # kernel should stay flat from 50 to 300.
  mapfile -t gen < <(find "$OUT/gen" -name '*.cu' | sort)
  echo "== scaling (generated corpus, first N files, -no-cache)"
  printf "  %6s %10s %14s %12s %10s\n" kernels "wall s" "analysis ms" "ms/kernel" "RSS MiB"
  for n in 50 100 200 300; do
    [ "$n" -gt "${#gen[@]}" ] && break
    /usr/bin/time -f "%e %M" -o "$OUT/scale.time" "$BIN" -no-cache -stats "${gen[@]:0:$n}" >"$OUT/scale.stats" 2>&1
    read -r wall rss < <(tail -1 "$OUT/scale.time")
    analysis=$(awk '$1=="analysis"{print $2}' "$OUT/scale.stats" | tr -d ms)
    printf "  %6d %10s %14s %12s %10d\n" "$n" "$wall" "$analysis" "$(echo "scale=1; $analysis / $n" | bc)" "$((rss / 1024))"
  done
fi
if want tree && [ -n "${CUDAVET_BENCH_TREE:-}" ]; then
  mapfile -t tree < <(find "$CUDAVET_BENCH_TREE" -name '*.cu' | sort)
  table tree "${tree[@]}"
fi
