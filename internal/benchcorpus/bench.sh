#!/usr/bin/env bash
# bench.sh: the tables of `make bench`. One table per corpus (the bundled
# examples, every testdata file, the generated corpus, and the checkout
# named by CUDAVET_BENCH_TREE when set), and the cost curve over 50 to
# 300 generated files (scaling): cudavet's parse, lowering and
# per-checker analysis times, checks by how decided, undecided checks,
# peak RSS, and clang-15 -fsyntax-only and clang-tidy-15 on the same files
# with the ratios. Then two per-file tables (max, median and sum of the
# walls, undecided checks, peak RSS, beside clang and clang-tidy on each
# file): diverse, the generated files shaped like real ones (gen
# -diverse: 2 to 4 templated kernels per file, 100 to 200 lines), and
# real, pinned files of vLLM and FlashInfer exported at run time from git
# directories (never committed; skipped with a message when absent).
# Run from the repository root after `make build`.
#
# Environment (defaults in brackets):
#   CUDAVET_BENCH_CORPORA      tables to print [examples testdata generated scaling diverse real tree]
#   CUDAVET_BENCH_OUT          work directory [/tmp/cudavet-bench]
#   CUDAVET_BENCH_GEN          files of the generated corpus [300]
#   CUDAVET_BENCH_DIVERSE      files of the diverse corpus [32]
#   CUDAVET_BENCH_SEED         seed of the diverse corpus [1]
#   CUDAVET_BENCH_TOGETHER     1: also one cudavet run over all diverse files [0]
#   CUDAVET_BENCH_TIMEOUT      cudavet's -timeout per file of the per-file tables [10m]
#   CUDAVET_BENCH_J            cudavet's -j in the per-file tables [2]
#   CUDAVET_BENCH_VLLM         git directory of vLLM [../.mirror/local-inference-lab+vllm/repo]
#   CUDAVET_BENCH_FLASHINFER   git directory of FlashInfer [../.mirror/flashinfer-ai+flashinfer/repo]
#   CUDAVET_BENCH_REAL_FILES   "repo:path ..." instead of the pinned list (repo: vllm or flashinfer)
set -u
BIN=./bin/cudavet
OUT=${CUDAVET_BENCH_OUT:-/tmp/cudavet-bench}
GEN_N=${CUDAVET_BENCH_GEN:-300}
CORPORA=${CUDAVET_BENCH_CORPORA:-examples testdata generated scaling diverse real tree}
want() { [[ " $CORPORA " == *" $1 "* ]]; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SHIM="$PWD/frontend/shim/include"
CLANG_ARGS=(-x cuda --cuda-host-only -nocudainc -nocudalib -std=c++17 -idirafter "$SHIM" -include "$SHIM/cudavet_shim.h" -Wno-everything)

if want generated || want scaling; then
  go run ./internal/benchcorpus/gen -o "$OUT/gen" -n "$GEN_N" >/dev/null
fi

# secs CMD...: wall seconds of CMD, its output discarded.
secs() {
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N)
  printf "%.2f\n" "$(echo "$t1 - $t0" | bc)"
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

# ---- per-file tables: diverse and real ----

TIMEOUT=${CUDAVET_BENCH_TIMEOUT:-10m}
JOBS=${CUDAVET_BENCH_J:-2}
MIRROR=${MIRROR:-$PWD/../.mirror}
VLLM_GIT=${CUDAVET_BENCH_VLLM:-$MIRROR/local-inference-lab+vllm/repo}
FLASHINFER_GIT=${CUDAVET_BENCH_FLASHINFER:-$MIRROR/flashinfer-ai+flashinfer/repo}
# The pinned revisions (those of testdata/real/VERDICTS.md) and files:
# torch-extension kernels of every family the checkers meet (activations,
# norms, rotary embedding, the paged KV cache, MoE routing, decode
# attention, quantisation), from a few seconds to past the timeout.
VLLM_REV=28be48fa944d8c58aeffd1ab1b56e27828c6b268
FLASHINFER_REV=fb28d7242b3506a2348265962041acc1fb56cca4
REAL_FILES=${CUDAVET_BENCH_REAL_FILES:-\
vllm:csrc/activation_kernels.cu \
vllm:csrc/layernorm_kernels.cu \
vllm:csrc/layernorm_quant_kernels.cu \
vllm:csrc/pos_encoding_kernels.cu \
vllm:csrc/cache_kernels.cu \
vllm:csrc/moe/moe_align_sum_kernels.cu \
vllm:csrc/moe/topk_softmax_kernels.cu \
vllm:csrc/attention/paged_attention_v1.cu \
vllm:csrc/attention/merge_attn_states.cu \
vllm:csrc/quantization/w8a8/int8/scaled_quant.cu \
flashinfer:csrc/norm.cu \
flashinfer:csrc/page.cu \
flashinfer:csrc/rope.cu \
flashinfer:csrc/cascade.cu}

# seconds DURATION: a Go duration of one unit (90s, 10m, 1h) in seconds.
seconds() {
  case $1 in
  *h) echo $((${1%h} * 3600)) ;;
  *m) echo $((${1%m} * 60)) ;;
  *s) echo "${1%s}" ;;
  *) echo "$1" ;;
  esac
}

# run_file ROW_TSV NAME DIR FILE FLAGS...: in DIR, cudavet alone on FILE
# (-no-cache, -j JOBS, -timeout TIMEOUT), then clang-15 -fsyntax-only and
# clang-tidy-15 with the same flags; appends one row to ROW_TSV: name
# lines kernels wall cpu rss_mib undecided status clang tidy. The -stats
# output stays in $OUT/perfile/. Relative -I directories name the
# project's own headers, whose kernels cudavet analyses too (absolute ones
# are taken for vendored code), so a tree is analysed from its root.
run_file() {
  local tsv=$1 name=$2 dir=$3 file=$4; shift 4
  local flags=("$@")
  local bin stats tfile limit rc wall user rss undecided kernels status clang tidy
  bin=$(realpath "$BIN")
  stats="$OUT/perfile/${name//\//_}.stats"
  tfile="$OUT/perfile/${name//\//_}.time"
  mkdir -p "$OUT/perfile"
  rm -f "$tfile"
  limit=$(($(seconds "$TIMEOUT") + 120)) # cudavet stops itself; this is the safety net
  (cd "$dir" && timeout -k 10 "$limit" /usr/bin/time -f "%e %U %M" -o "$tfile" \
    "$bin" -no-cache -j "$JOBS" -stats -timeout "$TIMEOUT" "${flags[@]}" "$file" >"$stats" 2>&1)
  rc=$?
  if [ -s "$tfile" ]; then
    read -r wall user rss < <(tail -1 "$tfile")
    rss=$((rss / 1024))
  else
    wall=$limit user=NA rss=NA
  fi
  undecided=$(grep 'checks undecided' "$stats" | awk '{s+=$2} END{print s+0}')
  kernels=$(awk '$1=="kernels"{print $2}' "$stats")
  case $rc in
  0) status=clean ;;
  1) status=findings ;;
  *) status="exit$rc" ;;
  esac
  grep -q -- '-timeout .* passed' "$stats" && status=timeout
  [ "$rc" = 124 ] || [ "$rc" = 137 ] && status=killed
  if grep -q 'with parse errors' "$stats" && ! grep -q '(0 with parse errors)' "$stats"; then
    status="$status,parse"
  fi
  clang=$(cd "$dir" && secs clang-15 -fsyntax-only "${CLANG_ARGS[@]}" "${flags[@]}" "$file")
  if command -v clang-tidy-15 >/dev/null; then
    tidy=$(cd "$dir" && secs clang-tidy-15 -checks="-*,clang-analyzer-*,bugprone-*" "$file" -- "${CLANG_ARGS[@]}" "${flags[@]}")
  else
    tidy=NA
  fi
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$name" "$(cd "$dir" && wc -l <"$file")" "${kernels:-0}" \
    "$wall" "$user" "$rss" "$undecided" "$status" "$clang" "$tidy" >>"$tsv"
}

# perfile_table TITLE TSV: the rows of TSV, then max, median and sum of
# the walls (cudavet, clang, clang-tidy), undecided checks, peak RSS and
# the ratios.
perfile_table() {
  local title=$1 tsv=$2
  echo "== $title"
  awk -F'\t' '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    function max(a, n,   i, m) { m = a[1]; for (i = 2; i <= n; i++) if (a[i] > m) m = a[i]; return m }
    function sum(a, n,   i, s) { s = 0; for (i = 1; i <= n; i++) s += a[i]; return s }
    function s2(x) { return sprintf("%.2f", x) }
    function ratio(x, y) { return (y == "NA" || y == 0) ? "NA" : sprintf("%.1f", x / y) }
    function row(a, b, c, d, e, f, g, h, i, j, k) {
      printf "  %-" width "s %5s %7s %9s %9s %7s %9s  %-14s %8s %8s %6s\n", a, b, c, d, e, f, g, h, i, j, k
    }
    {
      n++; line[n] = $0; w[n] = $4; c[n] = $9; t[n] = $10; k[n] = $3; rt[n] = ($10 == "NA" || $10 == 0) ? 0 : $4 / $10
      und += $7; if ($6 != "NA" && $6 > rss) rss = $6
      if ($8 ~ /timeout|killed/) stopped++
      if ($10 == "NA") notidy = 1
      if (length($1) > width) width = length($1)
    }
    END {
      if (n == 0) { print "  no files"; exit }
      if (width < 36) width = 36
      row("file", "lines", "kernels", "cudavet s", "user s", "RSS MiB", "undecided", "status", "clang s", "tidy s", "/tidy")
      for (i = 1; i <= n; i++) {
        split(line[i], f, "\t")
        row(f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], ratio(f[4], f[10]))
      }
      row("max", "", max(k, n), max(w, n), "", rss, "", "", max(c, n), notidy ? "NA" : max(t, n), "")
      row("median", "", median(k, n), s2(median(w, n)), "", "", "", "", s2(median(c, n)), notidy ? "NA" : s2(median(t, n)), notidy ? "NA" : sprintf("%.1f", median(rt, n)))
      row("sum", "", sum(k, n), s2(sum(w, n)), "", "", und, "", s2(sum(c, n)), notidy ? "NA" : s2(sum(t, n)), notidy ? "NA" : ratio(sum(w, n), sum(t, n)))
      printf "  %-40s %s\n", "undecided checks (sum)", und
      printf "  %-40s %s MiB\n", "peak RSS (max over files)", rss
      printf "  %-40s %s\n", "cudavet / clang-tidy (sums)", notidy ? "NA" : ratio(sum(w, n), sum(t, n))
      printf "  %-40s %s\n", "cudavet / clang -fsyntax-only (sums)", ratio(sum(w, n), sum(c, n))
      if (stopped) printf "  %d of %d files stopped at the timeout: their walls, and so the sums, are lower bounds\n", stopped, n
    }' "$tsv"
}

if want diverse; then
  DIVERSE_N=${CUDAVET_BENCH_DIVERSE:-32}
  SEED=${CUDAVET_BENCH_SEED:-1}
  rm -rf "$OUT/diverse"
  go run ./internal/benchcorpus/gen -diverse -o "$OUT/diverse" -n "$DIVERSE_N" -seed "$SEED" >/dev/null
  mapfile -t dv < <(find "$OUT/diverse" -name '*.cu' | sort)
  : >"$OUT/diverse.tsv"
  for f in "${dv[@]}"; do run_file "$OUT/diverse.tsv" "$(basename "$f")" "$OUT/diverse" "$(basename "$f")"; done
  perfile_table "diverse (${#dv[@]} generated files, seed $SEED; cudavet -no-cache -j $JOBS -timeout $TIMEOUT, one file per run)" "$OUT/diverse.tsv"
  if [ "${CUDAVET_BENCH_TOGETHER:-0}" = 1 ]; then
    /usr/bin/time -f "%e %U %M" -o "$OUT/diverse-all.time" "$BIN" -no-cache -j "$JOBS" -stats "${dv[@]}" >"$OUT/diverse-all.stats" 2>&1
    read -r wall user rss < <(tail -1 "$OUT/diverse-all.time")
    printf "  %-36s %s s (CPU %s s), RSS %s MiB, undecided %s\n" "one run over all files" "$wall" "$user" "$((rss / 1024))" \
      "$(grep 'checks undecided' "$OUT/diverse-all.stats" | awk '{s+=$2} END{print s+0}')"
  fi
fi

# export_tree GIT REV DEST PATHS...: PATHS of REV exported under DEST once
# (a marker file remembers the revision); fails when GIT lacks REV.
export_tree() {
  local git=$1 rev=$2 dest=$3; shift 3
  [ -f "$dest/.exported-$rev" ] && return 0
  git --git-dir="$git" cat-file -e "$rev^{commit}" 2>/dev/null || return 1
  rm -rf "$dest" && mkdir -p "$dest" || return 1
  git --git-dir="$git" archive "$rev" "$@" 2>/dev/null | tar -x -C "$dest" || return 1
  touch "$dest/.exported-$rev"
}

if want real; then
  : >"$OUT/real.tsv"
  declare -A tree_dir tree_ok
  tree_dir[vllm]="$OUT/real/vllm-${VLLM_REV:0:9}"
  tree_dir[flashinfer]="$OUT/real/flashinfer-${FLASHINFER_REV:0:9}"
  if export_tree "$VLLM_GIT" "$VLLM_REV" "${tree_dir[vllm]}" csrc; then
    tree_ok[vllm]=1
  else
    echo "== real: vLLM skipped: no git directory with ${VLLM_REV:0:9} at $VLLM_GIT (set CUDAVET_BENCH_VLLM)"
  fi
  if export_tree "$FLASHINFER_GIT" "$FLASHINFER_REV" "${tree_dir[flashinfer]}" include csrc; then
    tree_ok[flashinfer]=1
  else
    echo "== real: FlashInfer skipped: no git directory with ${FLASHINFER_REV:0:9} at $FLASHINFER_GIT (set CUDAVET_BENCH_FLASHINFER)"
  fi
  nreal=0
  for entry in $REAL_FILES; do
    repo=${entry%%:*} path=${entry#*:}
    [ -n "${tree_ok[$repo]:-}" ] || continue
    root=${tree_dir[$repo]}
    if [ ! -f "$root/$path" ]; then
      echo "== real: $repo has no $path at its pinned revision"
      continue
    fi
    # The include paths and macros of testdata/real/VERDICTS.md and
    # internal/recall (vLLM's fp8 conversions need ENABLE_FP8).
    case $repo in
    vllm) flags=(-I csrc -DENABLE_FP8) ;;
    flashinfer) flags=(-I include -I csrc) ;;
    esac
    run_file "$OUT/real.tsv" "$repo:$path" "$root" "$path" "${flags[@]}"
    nreal=$((nreal + 1))
  done
  if [ "$nreal" -gt 0 ]; then
    perfile_table "real ($nreal files of vLLM ${VLLM_REV:0:9} and FlashInfer ${FLASHINFER_REV:0:9}; cudavet -no-cache -j $JOBS -timeout $TIMEOUT, one file per run)" "$OUT/real.tsv"
  fi
fi
