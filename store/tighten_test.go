package store_test

import (
	"bytes"
	"cmp"
	"context"
	"slices"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A store of 5,000 donations, whose fixed costs take it past the JSON it
// holds once compacted, is within it: its records are compressed again
// more tightly, under a dictionary of their own (2), and still read back
// as the server sent them, as do the records a later sync brings, in this
// process and in the next; and it stays within its JSON after that sync.
func TestSmallStoreWithinItsJSON(t *testing.T) {
	t.Parallel()
	skipShort(t)
	ctx := context.Background()
	// The first sync's store is shared (a copy): what is checked is its
	// file, and the sync after it.
	srv, s, path := syncedCopy(t, demo.Options{Count: 5_000})
	c := client(t, srv.URL)
	var want [][]byte
	for round, added := range []int{0, 250} {
		if added > 0 {
			srv.Add(added)
			sync(t, s, c, dataset.SyncOptions{})
		}
		want = sent(t, srv)
		json := exported(t, s)
		if x := sizeOver(t, s, json); x > 1 {
			t.Errorf("sync %d: the store is %.3f× the JSON it holds", round+1, x)
		}
		if kept, err := s.HeldJSON(ctx); err != nil || kept != json {
			t.Errorf("sync %d: the store counts %d bytes of JSON (%v), its records are %d", round+1, kept, err, json)
		}
		if byDict, _ := packed(t, path); byDict[2] != len(want) || len(byDict) != 1 {
			t.Errorf("sync %d: records by dictionary %v, want all %d under dictionary 2", round+1, byDict, len(want))
		}
		sameRecords(t, s, want)
	}
	s.Close()
	sameRecords(t, open(t, path), want)
}

// sent are the records srv lists, as it sends them, by id: the pages read
// one after another as a sync reads them, not stored (its ids are numbers).
func sent(t *testing.T, srv *demo.Running) [][]byte {
	t.Helper()
	c := client(t, srv.URL)
	var all []api.Donation
	for page := 1; ; page++ {
		pg, err := c.Page(context.Background(), api.Query{Page: page, PerPage: 100})
		if err != nil {
			t.Fatal(err)
		}
		if len(pg.Donations) == 0 {
			break
		}
		all = append(all, pg.Donations...)
	}
	slices.SortFunc(all, func(a, b api.Donation) int { return cmp.Compare(a.ID.Value, b.ID.Value) })
	out := make([][]byte, len(all))
	for i, d := range all {
		out[i] = d.Raw
	}
	return out
}

// sameRecords fails unless s holds the records want, byte for byte.
func sameRecords(t *testing.T, s *store.Store, want [][]byte) {
	t.Helper()
	got := records(t, s)
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("record %d differs from what the server sent", i)
		}
	}
}
