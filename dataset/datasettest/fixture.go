package datasettest

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// FixtureShapes are the demo's shapes the stores under store/testdata were
// synced from, 400 donations each.
var FixtureShapes = []string{"spec", "donorbox"}

// Fixture is the file store/testdata/name, read whole (a name ending in
// .gz is unzipped): stores an earlier version wrote, and the answers it
// gave from them.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	f, err := os.Open(filepath.Join(filepath.Dir(here), "..", "..", "store", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if filepath.Ext(name) == ".gz" {
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = z
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FixtureStore writes the store store/testdata/name.gz to the file at path,
// private to the user as a store's file must be, for a test to open.
func FixtureStore(t testing.TB, name, path string) {
	t.Helper()
	if err := os.WriteFile(path, Fixture(t, name+".gz"), 0o600); err != nil {
		t.Fatal(err)
	}
}
