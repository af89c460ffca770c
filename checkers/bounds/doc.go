// Package bounds defines an Analyzer that reports memory accesses outside
// their region: global buffers, shared-memory arrays and local arrays.
//
// # Analyzer bounds
//
// bounds: loads and stores outside their buffer, shared array or local array
//
// Every kernel pointer parameter is its own region whose length comes
// from what is known of the launch (a `// cudavet:shape` annotation
// today, the torch launcher later); a __shared__ array has its declared
// size, an extern __shared__ array the launch's dynamic shared memory, a
// local array its declared size. bounds reports an access whose byte
// range can leave its region for some thread of a feasible launch: an
// index that is negative, or at or past the end.
//
// Out-of-bounds accesses on a GPU rarely fault: a write past a shared
// array lands in the next one, a read past a buffer returns another
// tensor's data. A classic: a per-warp scratch array sized for 16 warps
// with blocks of up to 1024 threads (32 warps):
//
//	__shared__ float red[16];
//	if (lane == 0) red[threadIdx.x / 32] = sum;   // threadIdx.x >= 512 writes past red
//
// Fixed: size the array for the largest block, `__shared__ float red[32]`.
//
// The message names the access, the region's length and the sizes at
// which it goes out of bounds; the witness gives the launch and thread.
// A region whose length is unknown is not checked (counted as unchecked
// in -stats); neither are accesses through pointers whose region the
// analysis lost (loaded pointers, pointer casts from integers).
//
// An overrun that depends on no launch size at all is reported too when
// a constant loop makes it (`float v[4]; for (j = 0; j <= 4; j++) v[j]`).
// Where the launch leaves the grid or a loop bound unknown (a persistent
// kernel's grid from the SM count), the first thread of the first block
// and the first iteration of each such loop, which exist whatever it is,
// are still checked for overruns of size arithmetic: a finding there is
// real, but the other threads count as skipped. An overrun of a constant
// loop over a local (a register vector whose address is cast to its
// element type, then masked with j <= VEC) that only a condition on data
// reaches, such as the last block of a sequence whose length is loaded
// from memory, is reported when some data reaches it: once reached, it
// overruns whatever the data is.
//
// Device-code memcpy, memmove and memset (and clang's __builtin_ forms)
// access the n bytes they copy or set: with a constant n, one access of
// n bytes at each pointer; otherwise the first and the last byte where
// n > 0 (a copy of a record with the size of two reads past it). The race,
// nilptr and uninit checkers read the same accesses. A length the
// analysis does not know leaves the copy's writes lost (uninit then skips
// the kernel).
//
// A buffer described only by annotations fits one GPU (its bytes at most
// model.DeviceMemory, its dimensions' product without wrapping), as a
// launcher's tensors do.
//
// A tensor passed as void* (an untyped data_ptr()) has as many bytes as
// its elements times the size of the type the kernel casts the parameter
// to; a kernel that casts it to types of different sizes, or not at all,
// leaves its length unknown.
package bounds
