package store_test

import (
	"context"
	"fmt"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
)

// After any sequence of syncs (a first, 250 new, then 250 new with a
// refund and removals) the search finds what came last, the totals add up
// to the donations, the store passes its checks when opened again, and
// the file holds no free page: what a sync frees goes back to the file
// system, so the store is never larger than what it keeps. 1,000
// donations suffice: a sync of 250 new or of removals frees pages at any
// size, and the search finds each new gift whatever the index holds.
// Their e-mails are long (LongFields), so the store stays well within its
// JSON and is never repacked (bounded): the free pages are gone because
// the sync handed them back, not because a repack rewrote the file.
func TestSyncsLeaveNoFreePages(t *testing.T) {
	t.Parallel()
	firstPassOnly(t, "free pages in the file after syncs that add and remove")
	ctx := context.Background()
	srv := server(t, demo.Options{Count: 1000, LongFields: 1})
	c := client(t, srv.URL)
	s, path := tempStore(t)
	steps := []struct {
		what   string
		change func() (found []int64, refunded int64)
	}{
		{"first sync", func() ([]int64, int64) { return nil, 0 }},
		{"250 new", func() ([]int64, int64) { return srv.Add(250), 0 }},
		{"250 new, a refund and removals", func() ([]int64, int64) {
			all := srv.Match(demo.Filter{})
			srv.SetStatus(all[len(all)-20], "refunded")
			for _, id := range all[100:400] {
				srv.Remove(id)
			}
			return srv.Add(250), all[len(all)-20]
		}},
	}
	for _, step := range steps {
		added, refunded := step.change()
		sync(t, s, c, dataset.SyncOptions{Window: 1})
		sameAsServer(t, s, srv)
		for _, id := range added {
			if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: fmt.Sprint(id), ID: id}}); err != nil || n != 1 {
				t.Fatalf("%s: the search does not find the new donation %d: %d %v", step.what, id, n, err)
			}
		}
		if refunded != 0 {
			if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: "refunded", ID: refunded}}); err != nil || n != 1 {
				t.Fatalf("%s: the search does not find the refund of %d: %d %v", step.what, refunded, n, err)
			}
		}
		if free, err := s.FreePages(ctx); err != nil || free != 0 {
			t.Fatalf("%s: the file holds %d free pages (%v), want none", step.what, free, err)
		}
		if r, err := s.Integrity(ctx); err != nil || r != "ok" {
			t.Fatalf("%s: integrity check: %s %v", step.what, r, err)
		}
	}
	s.Close()
	sameAsServer(t, open(t, path), srv)
}

// A store made before incremental auto-vacuum is compacted, and made so,
// by the first sync that leaves a sixteenth of it free. 900 donations
// suffice: a third of them removed is past the sixteenth at any size.
func TestOlderStoreIsCompactedOnceMuchIsFree(t *testing.T) {
	t.Parallel()
	firstPassOnly(t, "free pages and the vacuum mode of the file after a sync that removes")
	ctx := context.Background()
	count := 900
	s, _, srv, c := syncedFile(t, demo.Options{Count: count}, dataset.SyncOptions{})
	if err := s.WithoutAutoVacuum(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range srv.Match(demo.Filter{})[:count/3] {
		srv.Remove(id)
	}
	if r := sync(t, s, c, dataset.SyncOptions{}); r.Removed != count/3 {
		t.Fatalf("the sync removed %d, want %d", r.Removed, count/3)
	}
	sameAsServer(t, s, srv)
	free, err := s.FreePages(ctx)
	mode, merr := s.AutoVacuum(ctx)
	if err != nil || merr != nil || free != 0 || mode != 2 {
		t.Fatalf("after the sync: %d free pages, auto_vacuum %d (%v %v); want none, and 2 (incremental)", free, mode, err, merr)
	}
}
