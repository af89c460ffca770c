package clang

import (
	"os"
	"sync"
	"testing"
)

// TestRecoveredPanicsWhileParsing checks the init-time
// LIBCLANG_DISABLE_CRASH_RECOVERY: with libclang's crash recovery on, a Go
// nil dereference recovered on one goroutine while others parse kills the
// process with SIGSEGV.
func TestRecoveredPanicsWhileParsing(t *testing.T) {
	if os.Getenv("LIBCLANG_DISABLE_CRASH_RECOVERY") != "1" {
		t.Fatalf("crash recovery is not disabled")
	}
	var wg sync.WaitGroup
	done := make(chan struct{})
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			idx := NewIndex(0, 0)
			defer idx.Dispose()
			for i := 0; i < 5; i++ {
				tu, err := idx.Parse(mainPath, cudaArgs, unsaved(kernelSrc), TranslationUnit_KeepGoing)
				if err != nil {
					t.Error(err)
					return
				}
				if len(findKind(tu.TranslationUnitCursor(), Cursor_FunctionTemplate, "tiled_copy")) != 1 {
					t.Error("kernel not found")
				}
				tu.Dispose()
			}
		}()
	}
	go func() {
		var p *int
		for {
			select {
			case <-done:
				return
			default:
			}
			func() {
				defer func() { _ = recover() }()
				_ = *p
			}()
		}
	}()
	wg.Wait()
	close(done)
}
