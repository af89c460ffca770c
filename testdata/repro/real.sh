#!/bin/bash
# real.sh: reproducers of the true verdict rows on real trees (testdata/repro/REAL.md).
#
#   real.sh gen VLLM FLASHINFER OUT   write them: VLLM and FLASHINFER are the trees at the
#                                     verdict commits (git archive of 28be48fa9 and fb28d72, csrc/
#                                     and include/), OUT a directory beside them (paths in the
#                                     reproducers are relative: copy OUT and the trees together)
#   real.sh build OUT [SECONDS]       on the GPU machine: build every reproducer, 24 at a time
#                                     (BUILD_ONLY=1), within SECONDS (520); OUT/build_status.txt
#   device.sh OUT TAG PAR SECONDS     then run them (testdata/repro/device.sh; MEMCAP for an H100)
#
#   real.sh tvmshim DIR               write a stand-in for TVM-FFI's headers into DIR (cudavet's
#                                     shim's, with what its preamble gives them), for a GPU machine
#                                     without TVM-FFI
#
# FlashInfer's host code needs TVM-FFI's headers: EXTRA_FLAGS gives the GPU machine's copy
# (-I DIR; with the stand-in also --pre-include=DIR/__cudavet/defs.h), and
# -Xlinker --unresolved-symbols=ignore-in-object-files, since the harness launches the kernel
# alone and never calls the bindings.
set -u
bin=$(cd "$(dirname "$0")/../.." && pwd)/bin/cudavet
case $1 in
gen)
  vllm=$(cd "$2" && pwd); fi=$(cd "$3" && pwd); mkdir -p "$4"; out=$(cd "$4" && pwd)
  (cd "$fi" && "$bin" -no-cache -j 2 -repro "$out/fi/cudnn_sdpa_kernel_launcher" -I include -I csrc \
    -D 'CUDNN_SDPA_CUBIN_PATH="cudnn"' csrc/cudnn_sdpa_kernel_launcher.cu > "$out/fi.txt" 2>&1)
  for f in activation_kernels.cu layernorm_kernels.cu layernorm_quant_kernels.cu attention/merge_attn_states.cu \
      quantization/gptq/q_gemm.cu libtorch_stable/quantization/fp4/nvfp4_experts_quant.cu \
      libtorch_stable/quantization/fp4/mxfp4_experts_quant.cu libtorch_stable/quantization/w8a8/cutlass/moe/moe_data.cu \
      libtorch_stable/quantization/awq/gemm_kernels.cu topk.cu; do
    n=$(basename $f .cu)
    # vLLM's CMake builds _C_stable_libtorch with USE_CUDA (the C shim's CUDA functions) and
    # TORCH_TARGET_VERSION (PyTorch 2.10's C-shim API).
    stable=; case $f in libtorch_stable/*) stable="-D USE_CUDA -D TORCH_TARGET_VERSION=0x020A000000000000ULL" ;; esac
    (cd "$vllm" && "$bin" -no-cache -j 2 -repro "$out/vllm/$n" -I csrc -D ENABLE_FP8 $stable csrc/$f -- -std=c++17 > "$out/$n.txt" 2>&1)
  done
  ls -d "$out"/*/*/0* | sed "s#^$out/##" > "$out/order.txt"
  ;;
build)
  cd "$2" || exit 2
  export BEND=$(( $(date +%s) + ${3:-520} ))
  xargs -P 24 -I{} bash -c 'left=$(( BEND - $(date +%s) )); [ $left -lt 20 ] && { echo "skipped {}"; exit 0; }
    cd {} && BUILD_ONLY=1 timeout $left ./run.sh > build.txt 2>&1; echo "$? {}"' < order.txt > build_status.txt
  cut -c1 build_status.txt | sort | uniq -c
  ;;
tvmshim)
  shim=$(cd "$(dirname "$0")/../.." && pwd)/frontend/shim/include
  mkdir -p "$2/__cudavet" && cp -r "$shim/tvm" "$shim/dlpack" "$2/" && cp "$shim/__cudavet/tvm_ffi.h" "$2/__cudavet/"
  # TVM-FFI's own headers bring <memory> (FlashInfer's launchers rely on it); the shim's
  # preamble defines __cudavet_assume, which the stand-in's checks expand to.
  printf '#pragma once\n#include <memory>\n__host__ __device__ constexpr void __cudavet_assume(bool) {}\n' > "$2/__cudavet/defs.h"
  ;;
*) echo "usage: real.sh gen VLLM FLASHINFER OUT | build OUT [SECONDS] | tvmshim DIR" >&2; exit 2 ;;
esac
