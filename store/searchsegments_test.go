package store_test

import (
	"context"
	"fmt"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// largest is the id and size of the search index's largest segment.
func largest(t *testing.T, s *store.Store) (id, pages int64) {
	t.Helper()
	segs, err := s.SearchSegments(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for seg, n := range segs {
		if n > pages {
			id, pages = seg, n
		}
	}
	return id, pages
}

// Storing a page's donations writes them to the search index together:
// one segment per statement that stores rows (of 20), not one per
// donation (a sync of 250 new wrote 250, merged on the way into the level
// of the index built by the first sync).
func TestStoringPagesWritesFewSearchSegments(t *testing.T) {
	firstPassOnly(t, "the search index's segments one Put of 250 adds")
	ctx := context.Background()
	const count = 3000
	srv, s, _ := syncedCopy(t, demo.Options{Count: count})
	c := client(t, srv.URL)
	before, err := s.SearchSegments(ctx)
	if err != nil {
		t.Fatal(err)
	}
	srv.Add(250)
	var list []api.Donation
	for page := count/100 + 1; page <= count/100+3; page++ {
		pg, err := c.Page(ctx, api.Query{Page: page, PerPage: 100})
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, pg.Donations...)
	}
	r, err := s.Put(ctx, list)
	if err != nil || r.New != 250 {
		t.Fatalf("Put stored %d new (%v), want 250", r.New, err)
	}
	after, err := s.SearchSegments(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if added, most := len(after)-len(before), (len(list)+19)/20; added > most {
		t.Errorf("storing %d donations added %d segments to the search index, want at most %d", len(list), added, most)
	}
	for _, id := range srv.Match(demo.Filter{})[count:] {
		if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: fmt.Sprint(id), ID: id}}); err != nil || n != 1 {
			t.Fatalf("the search does not find the new donation %d: %d %v", id, n, err)
		}
	}
}

// The search index a first sync builds is not rewritten by the syncs after
// it: their merges keep to the levels below it. Each of them rewrote it
// whole every few syncs (0.5 s at 100,000 donations, 10 s at a million).
// A store whose index an earlier version built has it built again once,
// by the first sync that stores anything.
func TestSmallSyncsLeaveTheBuiltSearchIndex(t *testing.T) {
	t.Parallel()
	skipShort(t)
	// Both cases start from the same first sync (a copy each, beside a
	// server of its own that serves what the first one did) of 5,000: a
	// store that compacted fits within its JSON, so bounded compacts it
	// but never builds its index again (a smaller one's it does, as it
	// should). Eight syncs of 250 suffice: an index built as FTS5 builds
	// it is rewritten here by the second, one an earlier version built by
	// the fourth, and their 24 segments are twice the few the end allows.
	opts := demo.Options{Count: 5_000}
	for _, tc := range []struct {
		name   string
		before func(*store.Store, context.Context) error
	}{
		{"built by this version", nil},
		{"built by an earlier version", (*store.Store).SearchAsBuiltBefore},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			srv, s, _ := syncedCopy(t, opts)
			c := client(t, srv.URL)
			if tc.before != nil {
				if err := tc.before(s, ctx); err != nil {
					t.Fatal(err)
				}
			}
			var built, pages int64
			for i := range 8 {
				added := srv.Add(250)
				if r := sync(t, s, c, dataset.SyncOptions{}); r.New != 250 {
					t.Fatalf("sync %d stored %d new, want 250", i+1, r.New)
				}
				if id, n := largest(t, s); i == 0 {
					built, pages = id, n
				} else if id != built || n != pages {
					t.Fatalf("sync %d rewrote the search index: its largest segment is %d of %d pages, was %d of %d", i+1, id, n, built, pages)
				}
				last := added[len(added)-1]
				if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: fmt.Sprint(last), ID: last}}); err != nil || n != 1 {
					t.Fatalf("sync %d: the search does not find the new donation %d: %d %v", i+1, last, n, err)
				}
			}
			if segs, err := s.SearchSegments(ctx); err != nil || len(segs) > 12 {
				t.Errorf("the search index is in %d segments (%v), want few", len(segs), err)
			}
		})
	}
}

// A store of fewer donations than the search index's seed takes gets its
// index built as deep as a larger one's, not left on the first level,
// where the merges of the next few syncs would rewrite it. The store is
// kept in memory: a small file is repacked, its index built again, once it
// takes more than the JSON it holds (bounded).
func TestSmallSyncsLeaveTheSearchIndexOfAFewDonations(t *testing.T) {
	firstPassOnly(t, "the search index's segments after small syncs")
	ctx := context.Background()
	srv := server(t, demo.Options{Count: 1500})
	c := client(t, srv.URL)
	s, err := store.Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	sync(t, s, c, dataset.SyncOptions{})
	built, pages := largest(t, s)
	for i := range 8 {
		srv.Add(20)
		if r := sync(t, s, c, dataset.SyncOptions{}); r.New != 20 {
			t.Fatalf("sync %d stored %d new, want 20", i+1, r.New)
		}
		segs, err := s.SearchSegments(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if segs[built] != pages {
			t.Fatalf("sync %d rewrote the search index: its segment %d of %d pages is now of %d", i+1, built, pages, segs[built])
		}
	}
}
