//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package config

import "os/exec"

// ownGroup: without process groups, stopping the helper stops only it;
// exec.Cmd.WaitDelay still bounds the wait for what it started.
func ownGroup(*exec.Cmd) {}

// brokenPipe: there is no SIGPIPE to recognise.
func brokenPipe(error) bool { return false }
