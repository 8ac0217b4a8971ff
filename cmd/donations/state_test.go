package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"donations/ask"
	"donations/store"
	"donations/ui"
)

// A state file that is not the user's own small regular file is refused at
// once: no wait on a FIFO, no endless read of /dev/zero, no symlink followed.
func TestStateFileRefusesWhatIsNotAPrivateFile(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// The state is named as the account's store is, by its base URL (path
// included) and user; what an earlier version remembered under its old
// name (the profile's and a hash) is read until the state is saved anew.
func TestStateIsNamedAsTheStoreAndCarriedOver(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	const endpoint = "https://h.example/org-a/api/v1/donations"
	f := newStateFile(getenv, "main", endpoint, "ada@example.org")
	if want := store.Name("https://h.example/org-a", "ada@example.org") + ".json"; filepath.Base(f.path) != want {
		t.Errorf("state file %s, want %s", filepath.Base(f.path), want)
	}
	if b := newStateFile(getenv, "main", "https://h.example/org-b/api/v1/donations", "ada@example.org"); b.path == f.path {
		t.Errorf("org-a and org-b share %s", f.path)
	}
	if err := os.MkdirAll(filepath.Dir(f.legacy), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f.legacy, []byte(`{"filters":{"status":"paid"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := f.Load(); err != nil || s.Texts["status"] != "paid" {
		t.Fatalf("the old state read %v, %v", s, err)
	}
	if err := f.Save(ui.State{Texts: ask.Texts{"status": "refunded"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.legacy); !os.IsNotExist(err) {
		t.Errorf("the old state is still there: %v", err)
	}
	if s, err := f.Load(); err != nil || s.Texts["status"] != "refunded" {
		t.Errorf("read back %v, %v", s, err)
	}
}
