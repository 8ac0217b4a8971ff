//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package config

import "syscall"

const ioctlGetTermios = syscall.TIOCGETA
