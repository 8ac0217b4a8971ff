package datasettest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// Synced is a demo server of opts for the test, and a store on disk for
// it, with its path, holding what a first sync of that account stores,
// closed and opened again. Tests whose first sync is only where they
// start share it: it is synced once per options and zone in the
// package's run, from a server of its own, and its files (the one beside
// the store, of what the sync learned, included) are copied for each
// test. The demo serves the same account for the same options, so the
// copy is what the test's own server would have filled.
func Synced(t testing.TB, opts demo.Options) (*demo.Running, *store.Store, string) {
	t.Helper()
	f := syncedStore(t, opts)
	dir := filepath.Join(t.TempDir(), "cache")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, b := range f.files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, f.store)
	return Server(t, opts), Open(t, path), path
}

// synced are the files Synced copies, by the zone the store was made in
// and the options of the demo it was synced from.
var synced = struct {
	sync.Mutex
	of map[string]*syncedFolder
}{of: map[string]*syncedFolder{}}

// syncedFolder is the folder of a synced store, its files by name, once
// one test has made it; the tests that ask for it meanwhile wait.
type syncedFolder struct {
	sync.Mutex
	files map[string][]byte
	store string // the store's file
}

// syncedStore is the folder of a store a first sync from a demo of opts
// filled, made in the test's zone.
func syncedStore(t testing.TB, opts demo.Options) *syncedFolder {
	t.Helper()
	zone, set := os.LookupEnv("TZ")
	if !set {
		zone = "-"
	}
	key := fmt.Sprintf("%s %#v", zone, opts)
	synced.Lock()
	f := synced.of[key]
	if f == nil {
		f = &syncedFolder{}
		synced.of[key] = f
	}
	synced.Unlock()
	f.Lock()
	defer f.Unlock()
	if f.files != nil {
		return f
	}
	srv := Server(t, opts)
	s, path := TempStore(t)
	Sync(t, s, Client(t, srv.URL), dataset.SyncOptions{Concurrency: 4})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		if files[e.Name()], err = os.ReadFile(filepath.Join(filepath.Dir(path), e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	f.files, f.store = files, filepath.Base(path)
	return f
}
