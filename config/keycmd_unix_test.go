//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package config

import (
	"os"
	"os/exec"
	"testing"
)

// A credential helper gets a process group of its own when stdin is not a
// terminal (a pipe, a file), and stays in the foreground group on one (the
// master side of a pseudo-terminal answers as a terminal), where it may ask
// for a passphrase.
func TestOwnGroupOnlyOffATerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	stdins := map[string]*os.File{"pipe": r}
	if pt, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0); err == nil {
		defer pt.Close()
		stdins["terminal"] = pt
	} else {
		t.Logf("no pseudo-terminal here (%v): only the pipe is tried", err)
	}
	saved := os.Stdin
	defer func() { os.Stdin = saved }()
	for name, in := range stdins {
		os.Stdin = in
		cmd := exec.Command("true")
		ownGroup(cmd)
		grouped := cmd.SysProcAttr != nil && cmd.SysProcAttr.Setpgid && cmd.Cancel != nil
		if grouped != (name == "pipe") {
			t.Errorf("stdin a %s: own group %v", name, grouped)
		}
	}
}
