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
// ROWID, is upgraded in place to the table with rowids, and one of 20,
// whose rules' indexes hold every donor, to those that hold only the
// donors whose figure differs from every gift's: every sort of the donor
// view, under every rule, answers as it did, and a later sync adds the new
// gifts up as before.
func TestDonorsOfAnOlderStoreAreUpgradedInPlace(t *testing.T) {
	skipShort(t)
	for _, tc := range []struct {
		from int
		// object is what shows the store's version, old its SQL there.
		object string
		old    func(sql string) bool
	}{
		{19, "donors", func(sql string) bool { return strings.Contains(sql, "WITHOUT ROWID") }},
		{20, "donors_paid_first", func(sql string) bool { return !strings.Contains(sql, "WHERE") }},
	} {
		t.Run(fmt.Sprint(tc.from), func(t *testing.T) {
			ctx := context.Background()
			s, path, srv, c := syncedFile(t, demo.Options{Count: 600}, dataset.SyncOptions{})
			srv.Add(40)
			sync(t, s, c, dataset.SyncOptions{})
			want := donorAnswers(t, s)
			s.Close()
			made := func() string {
				var sql string
				if err := reader(t, path).QueryRow(`SELECT sql FROM sqlite_master WHERE name = ?`, tc.object).Scan(&sql); err != nil {
					t.Fatal(err)
				}
				return sql
			}
			craft(t, path, append(store.UndoSince(tc.from), fmt.Sprintf(`PRAGMA user_version = %d`, tc.from))...)
			if sql := made(); !tc.old(sql) {
				t.Fatalf("the store of %d made %s %q", tc.from, tc.object, sql)
			}
			s = open(t, path)
			if got := donorAnswers(t, s); got != want {
				t.Errorf("donors after the upgrade:\n%s\nwant\n%s", got, want)
			}
			if sql := made(); tc.old(sql) {
				t.Errorf("the upgraded store's %s is %q", tc.object, sql)
			}
			srv.Add(40)
			sync(t, s, c, dataset.SyncOptions{})
			got := donorAnswers(t, s)
			var direct string
			err := s.WithoutRollups(ctx, func() error { direct = donorAnswers(t, s); return nil })
			if err != nil || got != direct {
				t.Errorf("donors after a later sync:\n%s\nadded up from the gifts:\n%s (%v)", got, direct, err)
			}
		})
	}
}

// donorAnswers are every donor of the browser's rules by every sort.
func donorAnswers(t *testing.T, s *store.Store) string {
	t.Helper()
	ctx := context.Background()
	var out strings.Builder
	for _, f := range []store.Filter{{}, {Statuses: store.PaidStatuses}, {Statuses: []string{"paid", "pending", "failed", "disputed"}}} {
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
