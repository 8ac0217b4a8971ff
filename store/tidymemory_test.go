package store_test

import (
	"context"
	"os"
	"testing"

	"donations/api/demo"
	"donations/dataset"
)

// The end of a first sync (the search index built, the file compacted,
// the indexes and sums made) keeps no more of the store in memory than a
// reader's cache: its VACUUM changes every page of the file, and the
// writer's large cache would hold them all.
func TestFirstSyncEndsWithASmallCache(t *testing.T) {
	firstPassOnly(t, "the bytes each connection caches after a first sync of 5,000 (a size the check needs)")
	ctx := context.Background()
	// 5,000: the store must be well over a reader's cache.
	s, path, _, _ := syncedFile(t, demo.Options{Count: 5000}, dataset.SyncOptions{})
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	const most = 3 << 20 // a reader's 2,000 KiB, and the cache's own records of its pages
	if fi.Size() < 3*most/2 {
		t.Fatalf("the store is %d bytes: too small to tell a cache of it from a reader's", fi.Size())
	}
	caches, err := s.Caches(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range caches {
		if n > most {
			t.Errorf("after the first sync a connection keeps %d bytes of the %d-byte store in its cache, want at most %d", n, fi.Size(), most)
		}
	}
}
