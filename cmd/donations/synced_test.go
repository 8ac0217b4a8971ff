package main

import (
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"donations/api/demo"
)

// syncedHome is a HOME whose account's store a sync of a demo server of
// options o has filled, with the flags that name that account and the
// store's path. It is the test's own copy of a HOME synced once for every
// test that asks for the same options, against a demo server they share:
// no test can change that server.
func syncedHome(t *testing.T, o demo.Options) (env map[string]string, account []string, path string) {
	t.Helper()
	synced, err := syncedOnce(o)
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	if err := copyTree(home, synced.home); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(home, ".cache", "donations", "*.db"))
	if len(files) != 1 {
		t.Fatalf("stores: %v", files)
	}
	return map[string]string{"HOME": home}, []string{"--base-url", synced.url, "--username", demo.DefaultLogin}, files[0]
}

// syncedAccount is a HOME that a sync of the demo server at url filled.
type syncedAccount struct{ home, url string }

// syncedAccounts are the synced HOMEs, one made once for each demo's
// options asked (written out, as options holding a slice are no map key).
var syncedAccounts = struct {
	sync.Mutex
	byOptions map[string]func() (syncedAccount, error)
}{byOptions: map[string]func() (syncedAccount, error){}}

func syncedOnce(o demo.Options) (syncedAccount, error) {
	key := fmt.Sprintf("%#v", o)
	syncedAccounts.Lock()
	once := syncedAccounts.byOptions[key]
	if once == nil {
		once = sync.OnceValues(func() (syncedAccount, error) { return syncAccount(o) })
		syncedAccounts.byOptions[key] = once
	}
	syncedAccounts.Unlock()
	return once()
}

func syncAccount(o demo.Options) (syncedAccount, error) {
	hs := httptest.NewServer(demo.New(o))
	whenTestsEnd(hs.Close)
	home, err := os.MkdirTemp("", "donations-synced-")
	if err != nil {
		return syncedAccount{}, err
	}
	whenTestsEnd(func() { os.RemoveAll(home) })
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey}
	if r := runIn(env, "sync", "--base-url", hs.URL, "--username", demo.DefaultLogin); r.code != 0 {
		return syncedAccount{}, fmt.Errorf("sync: exit %d: %s", r.code, r.stderr)
	}
	return syncedAccount{home, hs.URL}, nil
}

// copyTree copies the folders and files under src into dst, modes and all.
func copyTree(dst, src string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, info.Mode().Perm())
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, info.Mode().Perm())
		}
		return fmt.Errorf("%s is neither a file nor a folder", p)
	})
}
