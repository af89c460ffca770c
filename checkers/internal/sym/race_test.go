package sym

import (
	"sync"
	"testing"
)

// TestCachesConcurrent reads the Key and Vars caches of one shared term
// from several goroutines at once, as kernels analysed in parallel do with
// the terms of the launcher cache. Under -race an unsynchronised cache
// fails here; without it the test still checks that every goroutine sees
// the same values.
func TestCachesConcurrent(t *testing.T) {
	build := func() *Term {
		x, y := Var("x", 32), Var("y", 32)
		e := Add(Mul(x, Const(32, 3)), y)
		for i := 0; i < 20; i++ {
			e = Xor(e, LShr(e, Const(32, uint64(i%7+1))))
		}
		return Ult(e, Var("n", 32))
	}
	want := build()
	wantKey, wantVars := want.Key(), len(want.Vars())
	shared := build()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if k := shared.Key(); k != wantKey {
				t.Errorf("Key = %s, want %s", k, wantKey)
			}
			if n := len(shared.Vars()); n != wantVars {
				t.Errorf("len(Vars) = %d, want %d", n, wantVars)
			}
			if n := len(shared.Args[0].Vars()); n != 2 {
				t.Errorf("len(Vars) of the left side = %d, want 2", n)
			}
		}()
	}
	wg.Wait()
}
