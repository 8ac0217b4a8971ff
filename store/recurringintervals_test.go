package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/report"
	"donations/store"
)

// recurringOf is the recurring report of q over s, in USD, a line a donor.
func recurringOf(t *testing.T, s *store.Store, q report.Query) []string {
	t.Helper()
	var out []string
	err := report.Recurring(context.Background(), s, q, "USD", func(d report.RecurringDonor) error {
		out = append(out, fmt.Sprint(d))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A store of an older version whose rows hold no interval is rebuilt from
// the recorded gifts, so the recurring report is as a new store's at once,
// and the donor index holds the columns the reports read.
func TestARebuiltStoreGetsThePlansIntervals(t *testing.T) {
	rebuiltFirstPassOnly(t, "the plans' intervals and the donor index's columns a rebuild leaves")
	s, path, _, _ := syncedFile(t, apitest.Shapes[1].Of(demo.Options{Count: 600}), dataset.SyncOptions{})
	q := report.Query{Year: 2026, Now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.Local)}
	before := recurringOf(t, s, q)
	kinds := map[report.Interval]bool{}
	err := report.Recurring(context.Background(), s, q, "USD", func(d report.RecurringDonor) error { kinds[d.Interval] = true; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(kinds) < 3 || kinds[report.Interval{}] {
		t.Fatalf("the demo's plans have the intervals %v: want several, each understood", kinds)
	}
	s.Close()
	craft(t, path, `UPDATE donations SET plan_interval = NULL`, fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
	s = open(t, path)
	if after := recurringOf(t, s, q); !slices.Equal(after, before) {
		t.Fatalf("after the rebuild:\n%v\nwant\n%v", after, before)
	}
	s.Close()
	want := []string{"email_key", "day", "currency", "converted_currency", "amount_e4", "converted_e4",
		"status_key", "recurring", "date_utc", "first_name", "last_name", "refunded_e4", "plan_interval"}
	if cols := indexColumns(t, path, "donations_donor"); !slices.Equal(cols, want) {
		t.Fatalf("donations_donor is on %q, want %q", cols, want)
	}
}
