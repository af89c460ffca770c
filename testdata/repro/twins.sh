#!/bin/sh
# twins.sh BUGDIR OKDIR: for each reproducer under BUGDIR (written by
# cudavet -repro) whose kernel file is a checker's bug_NAME.cu with an
# ok_NAME.cu beside it, writes the same harness for ok_NAME.cu under OKDIR:
# the same kernel, launch, buffer lengths and scalars. Run on a GPU, an ok
# twin must be clean (run.sh exits 1) where its bug case is reported. A
# reproducer through the file's launcher (launcher.cu) is copied too, and
# the twin's run.sh stops after it (LAUNCHER_ONLY=1): the twin's own
# launcher, called with the bug's inputs, either rejects them (exit 5) or
# runs clean.
#
# A twin that is safe because its launcher rejects some sizes (a
# TORCH_CHECK, mirrored by a `cudavet:assume` the bug file does not have)
# gets those assumptions as preconditions.h: the harness checks them at
# the bug's sizes before launching, and run.sh exits 5 when the twin's
# launcher would have refused the launch. Only assumptions over the
# kernel's scalar arguments can be checked so; others are left out.
set -eu
bug=$1; ok=$2
mkdir -p "$ok"
# assumptions FILE: the `cudavet:assume` clauses of FILE, one a line.
assumptions() {
  grep -o 'cudavet:.*' "$1" | sed 's/^cudavet://' | tr ';' '\n' | sed -n 's/^ *assume  *//p' | sed 's/ *$//'
}
for d in "$bug"/*/; do
  d=${d%/}
  src=$(sed -n 's/^#include "\(.*bug_[^"]*\.cu\)"$/\1/p' "$d/harness.cu")
  [ -n "$src" ] || continue
  twin=$(echo "$src" | sed 's#bug_\([^/]*\)$#ok_\1#')
  [ -f "$d/$twin" ] || continue
  out="$ok/$(basename "$d")"
  rm -rf "$out"; mkdir -p "$out"
  b=$(basename "$src"); t=$(basename "$twin")
  for f in harness.cu run.sh dispatch_utils.h launcher.cu launcher.py; do
    [ -f "$d/$f" ] && sed "s#$b#$t#g" "$d/$f" > "$out/$f"
  done
  # A twin with a launcher is judged through it alone: its launcher's
  # checks are part of what makes it safe.
  sed -i 's/^LAUNCHER_ONLY=${LAUNCHER_ONLY:-0}$/LAUNCHER_ONLY=${LAUNCHER_ONLY:-1}/' "$out/run.sh"
  chmod +x "$out/run.sh" "$out/launcher.py" 2>/dev/null || chmod +x "$out/run.sh"
  # The twin's own assumptions over the harness's scalars.
  scalars=$(sed -n 's/^ *\[\[maybe_unused\]\] const long long \([A-Za-z_][A-Za-z0-9_]*\) = .*/\1/p' "$d/harness.cu")
  assumptions "$d/$src" > "$out/.bug_assume"
  assumptions "$d/$twin" | while IFS= read -r a; do
    grep -qxF "$a" "$out/.bug_assume" && continue
    # Chained comparisons (16 <= bs <= 1024) are not C++.
    echo "$a" | grep -Eq '(<|>)=?[^=<>]*(<|>)=?' && continue
    known=yes
    for id in $(echo "$a" | sed 's/[0-9][0-9A-Za-z]*//g' | grep -o '[A-Za-z_][A-Za-z0-9_]*'); do
      echo "$scalars" | grep -qx "$id" || known=no
    done
    [ $known = yes ] && echo "CUDAVET_REQUIRE($a)" >> "$out/preconditions.h"
  done
  rm -f "$out/.bug_assume"
done
