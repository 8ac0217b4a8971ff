package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// The end of a first sync sorts with a large cache and builds the search
// index with no crisis merges; what it leaves behind is what readers and
// later syncs expect: every connection of the pool with a reader's cache
// (a sorter's kept on each would be the readers' memory), and the index
// merging 64 segments of a level.
func TestFirstSyncEndLeavesSettings(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "end.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Begin(ctx, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, demoDonations(t, 2000)); err != nil {
		t.Fatal(err)
	}
	if err := s.Tidy(ctx, true); err != nil {
		t.Fatal(err)
	}
	var crisis int
	if err := s.db.QueryRowContext(ctx, `SELECT v FROM donations_fts_config WHERE k = 'crisismerge'`).Scan(&crisis); err != nil {
		t.Fatal(err)
	}
	if crisis != 64 {
		t.Errorf("crisismerge %d after the first sync's end, want 64", crisis)
	}
	// Every connection at once: the one that ended the sync among them.
	n := s.db.Stats().MaxOpenConnections
	conns := make([]*sql.Conn, n)
	for i := range conns {
		if conns[i], err = s.db.Conn(ctx); err != nil {
			t.Fatal(err)
		}
		defer conns[i].Close()
	}
	for i, c := range conns {
		var kib int
		if err := c.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&kib); err != nil {
			t.Fatal(err)
		}
		if kib != -readerCache {
			t.Errorf("connection %d of %d: cache_size %d, want %d", i+1, n, kib, -readerCache)
		}
	}
}
