package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/dataset/datasettest"
	"donations/store"
)

// offlineAnswers are the offline commands whose answers a store written by
// an earlier version must give again once this one has rebuilt it.
var offlineAnswers = []struct {
	name string
	args []string
}{
	{"list", []string{"list", "--format", "ndjson"}},
	{"summary-form", []string{"summary", "--by", "form", "--format", "json"}},
	{"summary-donor", []string{"summary", "--by", "donor", "--format", "json"}},
	{"summary-month", []string{"summary", "--by", "month", "--format", "json"}},
	{"report-lybunt", []string{"report", "lybunt"}},
	{"report-sybunt", []string{"report", "sybunt"}},
	{"report-retention", []string{"report", "retention"}},
	{"report-recurring", []string{"report", "recurring"}},
	{"report-yoy", []string{"report", "yoy"}},
	{"report-ranges", []string{"report", "ranges"}},
}

// A store the version before this one wrote is rebuilt from its records by
// the first command that reads it, which says so, and then answers list,
// summary and every report offline exactly as that version did, sending
// no request: the account's server counts none.
func TestAStoreOfTheVersionBeforeAnswersAsBefore(t *testing.T) {
	t.Parallel()
	shapes := datasettest.FixtureShapes
	if testing.Short() {
		// Each shape's store is rebuilt and read by the same goroutines:
		// the race pass reads the one whose records carry most.
		shapes = []string{demo.ShapeDonorbox}
	}
	for _, shape := range shapes {
		t.Run(shape, func(t *testing.T) {
			srv := demo.New(demo.Options{Count: 400, Shape: shape})
			hs := httptest.NewServer(srv)
			t.Cleanup(hs.Close)
			home := t.TempDir()
			dir := filepath.Join(home, ".cache", "donations")
			if err := os.MkdirAll(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			datasettest.FixtureStore(t, "v27-"+shape+".db", store.File(dir, hs.URL, demo.DefaultLogin))
			env := map[string]string{"HOME": home}
			account := []string{"--offline", "--base-url", hs.URL, "--username", demo.DefaultLogin}
			for i, c := range offlineAnswers {
				r := runCmd(t, env, append(append([]string{}, c.args...), account...)...)
				if r.code != 0 {
					t.Fatalf("%s: exit %d: %s", c.name, r.code, r.stderr)
				}
				if rebuilt := strings.Contains(r.stderr, "rebuilding the local store for this version from its 400 records (no request"); rebuilt != (i == 0) {
					t.Errorf("%s: said it rebuilt the store %v, want only the first command to; stderr:\n%s", c.name, rebuilt, r.stderr)
				}
				name := "v27-" + shape + "." + c.name + ".txt"
				if c.name == "list" {
					name += ".gz" // 400 records of JSON
				}
				want := datasettest.Fixture(t, name)
				if r.stdout != string(want) {
					t.Errorf("%s answers\n%.2000s\nwant, as the version before answered,\n%.2000s", c.name, r.stdout, want)
				}
			}
			if n := srv.Requests(); n != 0 {
				t.Errorf("the server was sent %d requests, want none", n)
			}
		})
	}
}
