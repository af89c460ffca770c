package model

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// defaultLimits are the documented production limits of the
// user-controlled sizes (inclusive upper bounds; every user size is at
// least 1). They describe serving a large model on one large GPU (an
// H200):
//
//   - num_tokens 1,048,576: the tokens of one forward pass. Chunked
//     prefill keeps most steps far smaller, but a long prompt prefilled at
//     once reaches it; vLLM bugs were reported at 524,289 tokens.
//   - batch 4,096 sequences in one step.
//   - seq_len 2,097,152 tokens of context (the longest served windows).
//   - num_blocks 1,048,576 KV-cache blocks (16-token blocks of a 141 GB
//     GPU's cache).
//   - block_size 256 (KV-cache page or GEMM tile size).
//   - numel 2^36 elements of one tensor (a third of an H200's memory in
//     16-bit elements).
//   - num_splits 64: the split-K or KV-split count of one launch (a
//     configuration the caller picks; kernels tune it to 1-16).
//
// Sizes that no name classifies are unknown: the launcher analysis does
// not choose them. It is never modified: a run with other limits passes
// them down as a value (Limits, launch.Config.Limits).
var defaultLimits = Limits{
	"num_tokens": 1 << 20,
	"batch":      4096,
	"seq_len":    1 << 21,
	"num_blocks": 1 << 20,
	"block_size": 256,
	"numel":      1 << 36,
	"num_splits": 64,
}

// MaxLimit is the largest accepted limit: products of a few sizes must
// still fit the 64-bit terms the launcher analysis builds.
const MaxLimit = 1 << 40

// LatentFactor is how far past the production limits a run with latent
// findings looks (symexec.Options.Latent): a finding that needs a user
// size past its limit, and at most LatentFactor times it, is latent —
// real code, but no documented deployment reaches it yet. Further still
// (2^31 tokens), every 32-bit grid index wraps and the finding says
// nothing a maintainer would act on.
const LatentFactor = 16

// Limits maps the canonical name of a user-controlled size to its
// inclusive upper bound. A name it lacks has its default limit.
type Limits map[string]int64

// DefaultLimits returns a copy of the documented limits.
func DefaultLimits() Limits { return maps.Clone(defaultLimits) }

// LimitNames returns the canonical names of the user-controlled sizes,
// sorted.
func LimitNames() []string { return slices.Sorted(maps.Keys(defaultLimits)) }

// Of returns the limit of a canonical user size name: l's, else the
// default.
func (l Limits) Of(canon string) int64 {
	if v, ok := l[canon]; ok {
		return v
	}
	return defaultLimits[canon]
}

// Latent returns the limits of a latent run: every user size's limit
// (l's, else the default) times LatentFactor, at most MaxLimit.
func (l Limits) Latent() Limits {
	out := Limits{}
	for name := range defaultLimits {
		out[name] = min(l.Of(name)*LatentFactor, MaxLimit)
	}
	return out
}

// CheckLimit reports whether name is the canonical name of a
// user-controlled size and v a valid limit for it.
func CheckLimit(name string, v int64) error {
	if _, ok := defaultLimits[name]; !ok {
		return fmt.Errorf("unknown user size %q (valid: %s)", name, strings.Join(LimitNames(), ", "))
	}
	if v < 1 || v > MaxLimit {
		return fmt.Errorf("limit of %s: %d, want 1 to %d", name, v, int64(MaxLimit))
	}
	return nil
}

// ParseLimits parses "name=N,name=N" (the -symexec.limits flag); the
// empty string is no limit changed.
func ParseLimits(s string) (Limits, error) {
	l := Limits{}
	for part := range strings.SplitSeq(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("%q: want name=limit", part)
		}
		name = strings.TrimSpace(name)
		v, err := strconv.ParseInt(strings.TrimSpace(val), 0, 64)
		if err != nil {
			return nil, fmt.Errorf("limit of %s: %q is not an integer", name, strings.TrimSpace(val))
		}
		if err := CheckLimit(name, v); err != nil {
			return nil, err
		}
		l[name] = v
	}
	return l, nil
}

// String writes the limits as ParseLimits reads them, sorted by name.
func (l Limits) String() string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(l)) {
		parts = append(parts, fmt.Sprintf("%s=%d", k, l[k]))
	}
	return strings.Join(parts, ",")
}
