package store_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A store of schema 19, whose donors table is keyed by e-mail WITHOUT
// ROWID, is upgraded in place to the table with rowids: every sort of the
// donor view, under every rule, answers as it did, and a later sync adds
// the new gifts up as before.
func TestStoreOfVersion19IsUpgradedInPlace(t *testing.T) {
	skipShort(t)
	ctx := context.Background()
	srv := server(t, demo.Options{Count: 600})
	c := client(t, srv.URL)
	s, path := tempStore(t)
	sync(t, s, c, dataset.SyncOptions{})
	srv.Add(40)
	sync(t, s, c, dataset.SyncOptions{})
	rules := []store.Filter{{}, {Statuses: store.PaidStatuses}, {Statuses: []string{"paid", "pending", "failed", "disputed"}}}
	answers := func(s *store.Store) string {
		t.Helper()
		var out strings.Builder
		for _, f := range rules {
			n, err := s.DonorCount(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "%q: %d donors\n", f.Statuses, n)
			for _, sort := range slices.Sorted(maps.Keys(store.DonorSorts)) {
				for _, desc := range []bool{false, true} {
					ds, err := s.Donors(ctx, f, sort, desc, 0, n)
					if err != nil {
						t.Fatal(err)
					}
					fmt.Fprintf(&out, "by %s %v: %v\n", sort, desc, ds)
				}
			}
		}
		return out.String()
	}
	want := answers(s)
	s.Close()
	craft(t, path, append(store.UndoSince(19), `PRAGMA user_version = 19`)...)
	var made string
	if err := reader(t, path).QueryRow(`SELECT sql FROM sqlite_master WHERE name = 'donors'`).Scan(&made); err != nil ||
		!strings.Contains(made, "WITHOUT ROWID") {
		t.Fatalf("the store of 19 made its donors table %q (%v)", made, err)
	}
	s = open(t, path)
	if got := answers(s); got != want {
		t.Errorf("donors after the upgrade:\n%s\nwant\n%s", got, want)
	}
	if err := reader(t, path).QueryRow(`SELECT sql FROM sqlite_master WHERE name = 'donors'`).Scan(&made); err != nil ||
		strings.Contains(made, "WITHOUT ROWID") {
		t.Errorf("the upgraded store's donors table is %q (%v)", made, err)
	}
	srv.Add(40)
	sync(t, s, c, dataset.SyncOptions{})
	got := answers(s)
	var direct string
	err := s.WithoutRollups(ctx, func() error { direct = answers(s); return nil })
	if err != nil || got != direct {
		t.Errorf("donors after a later sync:\n%s\nadded up from the gifts:\n%s (%v)", got, direct, err)
	}
}
