package store_test

import (
	"testing"

	"donations/api/demo"
	"donations/dataset"
)

// A first sync killed after it recorded its end but before it built the
// search index and the sums (meta deferred still set) left search finding
// nothing, without a word, until the next sync. The state is made here as
// the kill leaves it: the index and sums emptied, deferred set again. The
// next open builds them.
func TestIndexLeftUnbuiltIsBuiltOnOpen(t *testing.T) {
	s, path, srv, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	s.Close()
	craft(t, path,
		`INSERT INTO meta(key, value) VALUES ('deferred', '1')`,
		`INSERT INTO donations_fts(donations_fts) VALUES ('delete-all')`,
		`DELETE FROM rollup_day`, `DELETE FROM rollup_dims`, `DELETE FROM donors`)
	sameAsServer(t, open(t, path), srv)
}
