package store_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/dataset/datasettest"
	"donations/store"
)

// The helpers the tests of store share with those of dataset.
var (
	server       = datasettest.Server
	client       = datasettest.Client
	open         = datasettest.Open
	tempStore    = datasettest.TempStore
	sync         = datasettest.Sync
	ids          = datasettest.IDs
	sameAsServer = datasettest.SameAsServer
	rollupsAgree = datasettest.RollupsAgree
	agree        = datasettest.Agree
	firstDiff    = datasettest.FirstDiff
	skipShort    = datasettest.SkipShort
	syncedCopy   = datasettest.Synced
)

// syncedFile is where most tests of a store on disk start: a demo server
// as opts says, a store in a temp file, and one sync of it as o says. The
// server and client come back for the syncs a test goes on with: the
// client keeps what it learned of the server, so a later sync that should
// be like a user's next one uses the same client.
func syncedFile(t testing.TB, opts demo.Options, o dataset.SyncOptions) (s *store.Store, path string, srv *demo.Running, c *api.Client) {
	t.Helper()
	srv = server(t, opts)
	c = client(t, srv.URL)
	s, path = tempStore(t)
	sync(t, s, c, o)
	return s, path, srv, c
}

// reader opens the store's file read-only beside the store, for a test to
// look at it with SQL of its own; closed as the test ends. It waits for a
// lock as the store's own connections do: an open cancelled mid-rebuild
// can return while database/sql still rolls its transaction back (the
// rollback a cancelled context starts runs on its own goroutine), and a
// reader that did not wait then failed with SQLITE_BUSY.
func reader(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(60000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// copied is a copy, in the test's own temp dir, of the closed store file
// at path: for tests that each change a store one sync made, which the
// sync need not be run again for.
func copied(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(t.TempDir(), "cache", "main.db")
	if err := os.MkdirAll(filepath.Dir(to), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return to
}

// firstPassOnly skips, under -short (the race pass), a test whose checks
// read on one goroutine what a store holds (checks says what), from a sync
// or a Put whose goroutines other tests of the race pass run: the first
// pass checks it all.
func firstPassOnly(t *testing.T, checks string) {
	t.Helper()
	apitest.FirstPassOnly(t, checks+", read on one goroutine: the race pass runs the syncs that fill such a store elsewhere")
}

// rebuiltFirstPassOnly skips, under -short (the race pass), a test whose
// checks read on one goroutine what a rebuild from the records leaves
// (checks says what): the rebuild runs on one goroutine, and
// TestARebuildStoppedLeavesNothingHalfDone runs it, cancelled, and the
// end on open after it, in the race pass.
func rebuiltFirstPassOnly(t *testing.T, checks string) {
	t.Helper()
	apitest.FirstPassOnly(t, checks+", read on one goroutine: TestARebuildStoppedLeavesNothingHalfDone runs the rebuild and its end in the race pass")
}

// groupedFirstPassOnly skips, under -short (the race pass), a test whose
// checks compare on one goroutine the sums that groups, insights, donors
// or reports read (checks says what): the groups' one reading goroutine
// is run, ended every way, by TestGroupsEndWithTheirCaller in the race
// pass, and the syncs that fill such stores by others.
func groupedFirstPassOnly(t *testing.T, checks string) {
	t.Helper()
	apitest.FirstPassOnly(t, checks+", compared on one goroutine: TestGroupsEndWithTheirCaller runs the groups' reading goroutine in the race pass")
}
