#!/bin/sh
# twins.sh BUGDIR OKDIR: for each reproducer under BUGDIR (written by
# cudavet -repro) whose kernel file is a checker's bug_NAME.cu with an
# ok_NAME.cu beside it, writes the same harness for ok_NAME.cu under OKDIR:
# the same kernel, launch, buffer lengths and scalars. Run on a GPU, an ok
# twin must be clean (run.sh exits 1) where its bug case is reported.
set -eu
bug=$1; ok=$2
mkdir -p "$ok"
for d in "$bug"/*/; do
  d=${d%/}
  src=$(sed -n 's/^#include "\(.*bug_[^"]*\.cu\)"$/\1/p' "$d/harness.cu")
  [ -n "$src" ] || continue
  twin=$(echo "$src" | sed 's#bug_\([^/]*\)$#ok_\1#')
  [ -f "$d/$twin" ] || continue
  out="$ok/$(basename "$d")"
  rm -rf "$out"; mkdir -p "$out"
  b=$(basename "$src"); t=$(basename "$twin")
  for f in harness.cu run.sh dispatch_utils.h; do
    [ -f "$d/$f" ] && sed "s#$b#$t#g" "$d/$f" > "$out/$f"
  done
  chmod +x "$out/run.sh"
done
