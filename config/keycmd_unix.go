//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package config

import (
	"errors"
	"os"
	"os/exec"
	"syscall"

	"github.com/charmbracelet/x/term"
)

// ownGroup puts a credential helper in a process group of its own when no
// terminal is at stake, so that stopping it stops what it started too:
// killing `sh` alone leaves `sleep 100` holding the pipe. On a terminal it
// stays in the foreground group, where it may ask for a passphrase and where
// ctrl+c reaches it and its children anyway.
func ownGroup(cmd *exec.Cmd) {
	if term.IsTerminal(os.Stdin.Fd()) {
		return
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// brokenPipe says whether the helper died of writing to the pipe closed
// after its first line: killed by SIGPIPE, or sh reporting a child that was
// (status 128+13).
func brokenPipe(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && (ws.Signaled() && ws.Signal() == syscall.SIGPIPE || ws.ExitStatus() == 128+int(syscall.SIGPIPE))
}
