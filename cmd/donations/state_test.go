package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"donations/ask"
	"donations/ui"
)

// A state file that is not the user's own small regular file is refused at
// once: no wait on a FIFO, no endless read of /dev/zero, no symlink followed.
func TestStateFileRefusesWhatIsNotAPrivateFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(path string) error
		want string
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "not a regular file"},
		{"symlink to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "symbolic links"},
		{"too large", func(p string) error { return os.WriteFile(p, make([]byte, maxStateSize+1), 0o600) }, "larger than 64 KB"},
		{"others may write", func(p string) error {
			if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
				return err
			}
			return os.Chmod(p, 0o666)
		}, "can be changed by every user"},
		{"not JSON", func(p string) error { return os.WriteFile(p, []byte("{\"view\":"), 0o600) }, "unexpected end of JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			f := newStateFile(func(k string) string { return map[string]string{"HOME": home}[k] }, "main", "https://a.example", "u")
			if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := tc.make(f.path); err != nil {
				t.Fatal(err)
			}
			_, err := f.Load()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load: %v; want %q", err, tc.want)
			}
		})
	}
}

// Two accounts under one profile remember apart; one profile's account
// reads back what it saved.
func TestStateIsKeptPerAccount(t *testing.T) {
	home := t.TempDir()
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	a := newStateFile(getenv, "", "https://one.example", "ada@example.org")
	b := newStateFile(getenv, "", "https://two.example", "ada@example.org")
	if a.path == b.path {
		t.Fatalf("two accounts share %s", a.path)
	}
	if err := a.Save(ui.State{Texts: ask.Texts{"status": "paid"}}); err != nil {
		t.Fatal(err)
	}
	if s, err := b.Load(); err != nil || len(s.Texts) != 0 {
		t.Errorf("the second account read %v, %v", s, err)
	}
	if s, err := a.Load(); err != nil || s.Texts["status"] != "paid" {
		t.Errorf("the first account read %v, %v", s, err)
	}
	if info, err := os.Stat(a.path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("state file mode: %v %v", info.Mode(), err)
	}
}
