#!/bin/bash
# device.sh DIR TAG PAR END: one call of the device tool over the reproducers under DIR (bug/NAME,
# written by cudavet -repro, and ok/NAME, by twins.sh). Runs the names of DIR/order.txt (one a
# line) that no earlier call on this machine finished (/tmp/rr-done.tsv), PAR at a time, all
# ending within END seconds (none starts in the last 40). Each job gets its own limit, OUTER
# seconds (260 unless set; exit 124 when it is reached: a timeout), and run.sh's TIMEOUT (150
# unless set) for each sanitizer run; a job still running at END is stopped and recorded as "cut",
# to run again in the next call. A job waits until the GPU memory its witness needs (harness.cu's
# "GiB of buffers", or launcher.cu's "GiB of tensors" when more) fits in MEMCAP GiB (120 unless set: an
# H200; 70 for an H100) beside the running jobs' (one that needs more runs alone).
# Writes $OUT/results.tsv (name, exit status, seconds, last cudavet-repro line, date: the format
# of testdata/repro/results.tsv), $OUT/all.tsv (every call's rows so far), $OUT/gpu-TAG.txt and
# the logs' first and last 150 lines as $OUT/logs-TAG.tgz.
cd "$1" || exit 2
tag=$2; par=$3
export END=$(( $(date +%s) + $4 )); export DEADLINE=$(( END - 40 ))
export OUTER=${OUTER:-260} TIMEOUT=${TIMEOUT:-150} LOGS=/tmp/rr-logs MEMCAP=${MEMCAP:-120}
mkdir -p $LOGS; touch /tmp/rr-done.tsv; echo 0 > /tmp/rr-used
awk -F'\t' 'FILENAME == ARGV[1] { if ($2 != "cut" && $2 != "skipped") d[$1] = 1; next } !($1 in d)' \
  /tmp/rr-done.tsv order.txt > /tmp/rr-order.txt
echo "$(wc -l < /tmp/rr-order.txt) jobs to run"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nvcc --version | tail -2
  compute-sanitizer --version | head -2; python3 -c 'import torch; print("torch", torch.__version__)'; nproc; } > $OUT/gpu-$tag.txt 2>&1
# gpumem N: takes (or, negative, gives back) N GiB of the GPU's memory; false when it does not fit.
gpumem() {
  flock /tmp/rr-used.lock bash -c "u=\$(cat /tmp/rr-used); if [ \$(( u + $1 )) -le $MEMCAP ] || [ \$u = 0 ]; then echo \$(( u + $1 )) > /tmp/rr-used; else exit 1; fi"
}
one() {
  n=$1
  skip() { printf '%s\tskipped\t0\t\t%s\n' "$n" "$(date -u +%F)" >> $OUT/results.tsv; }
  [ $(date +%s) -gt $DEADLINE ] && { skip; return; }
  g=$(sed -n 's#.*// \([0-9.]*\) GiB of buffers.*#\1#p' $n/harness.cu | head -1); g=$(printf '%.0f' "${g:-0}")
  if [ -f $n/launcher.cu ]; then  # the launcher's tensors, when more
    l=$(sed -n 's#.*// \([0-9.]*\) GiB of tensors.*#\1#p' $n/launcher.cu | head -1); l=$(printf '%.0f' "${l:-0}")
    [ $l -gt $g ] && g=$l
  fi
  until gpumem $g; do sleep 2; [ $(date +%s) -gt $DEADLINE ] && { skip; return; }; done
  s=$(date +%s); lim=$(( END - s - 5 )); cut=0
  if [ $lim -lt $OUTER ]; then cut=1; else lim=$OUTER; fi
  timeout -k 5 $lim ./$n/run.sh > $n/out.log 2>&1
  rc=$?
  gpumem -$g
  if [ $cut = 1 ] && { [ $rc = 124 ] || [ $rc = 137 ]; }; then rc=cut; fi
  last=$(grep "cudavet-repro:" $n/out.log | tail -1)
  printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$rc" "$(( $(date +%s) - s ))" "$last" "$(date -u +%F)" >> $OUT/results.tsv
  { head -150 $n/out.log; echo "[... $(wc -l < $n/out.log) lines ...]"; tail -150 $n/out.log; } > $LOGS/$(echo $n | tr / _).log
}
export -f gpumem one
xargs -P $par -I{} bash -c 'one {}' < /tmp/rr-order.txt
tar czf $OUT/logs-$tag.tgz -C $LOGS .
cat $OUT/results.tsv >> /tmp/rr-done.tsv
cp /tmp/rr-done.tsv $OUT/all.tsv
cut -f2 $OUT/results.tsv | sort | uniq -c
