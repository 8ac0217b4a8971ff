package store_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A store of every version the upgrades start from answers, once opened,
// as the store it was made from: its donations, rollups, donors and the
// rollup by donor and year neither lost nor added up twice (each upgrade's
// fill runs after every step's statements, so one step's fill adding up
// what a later step's fill adds up again would double it). The store is
// synced from the Donorbox shape, which refunds gifts in part and sends
// some unconverted.
func TestStoreOfEveryVersionUpgradesToTheSameAnswers(t *testing.T) {
	skipShort(t)
	ctx := context.Background()
	s, path, _, _ := syncedFile(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox}, dataset.SyncOptions{})
	want := upgradeReads(t, s)
	s.Close()
	for v := 9; v < store.SchemaVersion; v++ { // 8 needs the exchanges taken out too: TestStoreOfVersion8IsUpgradedInPlace
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			old := filepath.Join(t.TempDir(), "old.db")
			copyFile(t, path, old)
			craft(t, old, append(store.UndoSince(v), fmt.Sprintf(`PRAGMA user_version = %d`, v))...)
			s := open(t, old)
			if got := upgradeReads(t, s); got != want {
				t.Errorf("upgraded from %d:\n%.3000s\nwant\n%.3000s", v, got, want)
			}
			rollupsAgree(t, s)
			if ok, err := s.DonorYearsAsAddedUp(ctx); err != nil || !ok {
				t.Errorf("upgraded from %d, the rollup by donor and year is not as the gifts add up (%v)", v, err)
			}
		})
	}
}

// upgradeReads are the figures an upgrade must keep: the donations, their
// groups and the donors under each rule, and a year's retention.
func upgradeReads(t *testing.T, s *store.Store) string {
	t.Helper()
	ctx := context.Background()
	var out string
	n, err := s.Count(ctx, store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	out += fmt.Sprintf("%d donations\n", n)
	for _, f := range []store.Filter{{}, {Statuses: store.PaidStatuses}} {
		g, err := s.Groups(ctx, f, []string{"status", "recurring", "campaign"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Groups(ctx, f, []string{"month"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.Donors(ctx, f, "total", true, 0, n)
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("%v:\n%v\n%v\n%v\n", f.Statuses, g, m, d)
	}
	// Narrowed to a campaign and to dates too, which read the donor index
	// otherwise.
	since := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, q := range []store.ReportQuery{{Year: 2024}, {Year: 2025}, {Year: 2025, Filter: store.Filter{Campaign: "e"}},
		{Year: 2025, Filter: store.Filter{Dates: api.DateRange{Since: since}}}} {
		r, err := s.Retention(ctx, q, "USD")
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("retention %d %+v: %+v\n", q.Year, q.Filter, r)
	}
	return out
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
