package store_test

import (
	"database/sql"
	"donations/dataset/datasettest"
	"testing"
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
	sized        = datasettest.Sized
)

// reader opens the store's file read-only beside the store, for a test to
// look at it with SQL of its own; closed as the test ends.
func reader(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
