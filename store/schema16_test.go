package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A store of schema 16 is upgraded in place to the search index without
// positions, answers every search as it did, and hands back the pages the
// index with positions held.
func TestStoreOfVersion16IsUpgradedInPlace(t *testing.T) {
	skipShort(t)
	ctx := context.Background()
	s, path, _, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	searches := []string{"mar", "mary", "example", "exam paid", "e", "jo", "paid", "zzzz", "mary jo"}
	answers := func(s *store.Store) string {
		var out strings.Builder
		for _, w := range searches {
			q := store.Query{Filter: store.Filter{Search: w}, Desc: true}
			n, err := s.Count(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "%q: %d %v\n", w, n, windowIDs(t, s, q, 50))
		}
		return out.String()
	}
	want := answers(s)
	s.Close()
	craft(t, path, append(store.UndoSince(16), `PRAGMA user_version = 16`)...)
	s = open(t, path)
	if got := answers(s); got != want {
		t.Errorf("searches after the upgrade:\n%swant\n%s", got, want)
	}
	if free, err := s.FreePages(ctx); err != nil || free != 0 {
		t.Errorf("%d pages left free by the upgrade (%v)", free, err)
	}
	db := reader(t, path)
	var n int
	err := db.QueryRow(`SELECT count(*) FROM donations_fts WHERE donations_fts MATCH '"mary"'`).Scan(&n)
	if err == nil || !strings.Contains(err.Error(), "detail!=full") {
		t.Errorf("a phrase in the upgraded index: %d, %v; want it refused, the index holding no positions", n, err)
	}
}
