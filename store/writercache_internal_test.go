package store

import (
	"context"
	"testing"
)

// The connection that stores pages keeps a large page cache for the
// indexes a sync fills in no order, but a small one while a first sync
// defers them: the large one would be much of that sync's peak memory,
// and its pages land at one end of each B-tree.
func TestWriterCacheFollowsDeferral(t *testing.T) {
	ctx := context.Background()
	s := memStore(t) // one connection: the one that writes
	list := demoDonations(t, 200)
	cacheAfter := func(what string, page []Page, want int) {
		t.Helper()
		if _, err := s.PutPages(ctx, page); err != nil {
			t.Fatal(err)
		}
		var kib int
		if err := s.db.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&kib); err != nil {
			t.Fatal(err)
		}
		if kib != want {
			t.Errorf("%s: the writer's cache_size is %d, want %d", what, kib, want)
		}
	}
	if err := s.Begin(ctx, true); err != nil {
		t.Fatal(err)
	}
	cacheAfter("a first sync that defers the indexes", []Page{{Records: list[:100]}}, -4096)
	if err := s.Tidy(ctx, true); err != nil {
		t.Fatal(err)
	}
	cacheAfter("a later sync", []Page{{Records: list[100:]}}, -65536)
}
