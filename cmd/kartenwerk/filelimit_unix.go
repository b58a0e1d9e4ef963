//go:build unix

package main

import (
	"fmt"
	"syscall"
)

// raiseFileLimit lifts this process's soft limit on open files to its
// hard limit: every connection is a file, and the soft limit (often 1024)
// is far below what a server or a load test with thousands of games
// holds. It returns the limit now in force, and an error only if it could
// not even be read.
func raiseFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("reading the open-file limit: %w", err)
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = lim.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised) == nil {
			return raised.Cur, nil
		}
	}
	return lim.Cur, nil
}
