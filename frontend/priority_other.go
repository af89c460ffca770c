//go:build !linux

package frontend

// background is a no-op where threads have no priority of their own.
func background() {}
