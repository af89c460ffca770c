// Package align defines an Analyzer that reports vectorized accesses at
// addresses that are not a multiple of the vector's size.
//
// # Analyzer align
//
// align: vectorized loads and stores at misaligned addresses
//
// Kernels move 8 or 16 bytes at a time by casting a row pointer to
// float4, int4, __half2 or __nv_bfloat162. The hardware requires the
// address to be a multiple of the vector's size and kills the kernel with
// "misaligned address" otherwise. A row offset token * hidden_size is
// aligned only when hidden_size is a multiple of the vector's element
// count:
//
//	const float4* in4 = reinterpret_cast<const float4*>(in + token * hidden_size);
//	float4 v = in4[threadIdx.x];   // misaligned when hidden_size % 4 != 0
//
// Fixed: require the multiple in the launcher (TORCH_CHECK(hidden_size %
// 4 == 0)) or take a scalar path for the remainder.
//
// Regions are assumed to start aligned (torch allocations are 256-byte
// aligned, shared arrays are aligned to their declared alignment). The
// message gives the byte offset and the sizes that misalign it. Not
// checked: regions of unknown start alignment (pointers the analysis
// lost), and wider loads through inline PTX.
package align
