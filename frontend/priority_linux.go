package frontend

import (
	"runtime"
	"syscall"
)

// background lowers the calling goroutine's thread to the lowest
// scheduling priority and keeps the goroutine on it, so that work nobody
// waits for yet (a parse cache's preamble) gives way to the analysis that
// someone does. The thread ends with the goroutine (it stays locked).
func background() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
