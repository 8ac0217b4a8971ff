package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"
	"time"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// indexColumns are the columns of a store's index, in order.
func indexColumns(t *testing.T, path, index string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`, index)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return cols
}

// A store of version 10 has the donor index summaries read; the upgrade
// makes it again with the columns the reports read too, keeping the
// donations, the summaries by donor and the reports as they were.
func TestStoreOfVersion10GetsTheWideDonorIndex(t *testing.T) {
	s, path, _, _ := syncedFile(t, demo.Options{Count: 250}, dataset.SyncOptions{})
	ctx := context.Background()
	q := store.ReportQuery{Year: 2026, Now: time.Date(2026, 5, 1, 0, 0, 0, 0, time.Local)}
	summaryAndReport := func(s *store.Store) string {
		groups, err := s.Groups(ctx, store.Filter{}, []string{"donor"}, time.Local)
		if err != nil {
			t.Fatal(err)
		}
		var lapsed []store.LapsedDonor
		err = s.Lapsed(ctx, q, store.SYBUNT, "USD", func(d store.LapsedDonor) error { lapsed = append(lapsed, d); return nil })
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(groups, lapsed)
	}
	before := summaryAndReport(s)
	s.Close()
	craft(t, path, append(store.UndoSince(10), `PRAGMA user_version = 10`)...)
	s = open(t, path)
	if n := len(ids(t, s)); n != 250 {
		t.Fatalf("the upgraded store holds %d donations, not 250", n)
	}
	if after := summaryAndReport(s); after != before {
		t.Fatalf("after the upgrade:\n%s\nwant\n%s", after, before)
	}
	s.Close()
	cols := indexColumns(t, path, "donations_donor")
	want := []string{"email_key", "day", "currency", "converted_currency", "amount_e4", "converted_e4",
		"status_key", "recurring", "date_utc", "first_name", "last_name", "refunded_e4", "plan_interval"}
	if !slices.Equal(cols, want) {
		t.Fatalf("donations_donor is on %q, want %q", cols, want)
	}
}
