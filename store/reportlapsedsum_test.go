package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/report"
	"donations/store"
)

// lapsedNow is when the lapsed reports of these tests are made.
var lapsedNow = time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)

// sameLapsed checks that LYBUNT and SYBUNT of q read from rollup_donor_last
// give what reading every gift gives (a date range over all of them makes
// the slow path), and are not empty.
func sameLapsed(t *testing.T, s *store.Store, q report.Query) {
	t.Helper()
	ctx := context.Background()
	if fast, err := s.DonorLastServes(ctx, q.SQL()); err != nil || !fast {
		t.Fatalf("%+v: does not read rollup_donor_last (%v)", q, err)
	}
	slow := q
	slow.Filter.Dates = everyDate
	if fast, err := s.DonorLastServes(ctx, slow.SQL()); err != nil || fast {
		t.Fatalf("a date range reads rollup_donor_last (%v)", err)
	}
	for _, kind := range []string{report.LYBUNT, report.SYBUNT} {
		got, err := lapsedText(kind)(s, q)
		if err != nil {
			t.Fatal(err)
		}
		want, err := lapsedText(kind)(s, slow)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s %+v from rollup_donor_last:\n%.800s\nfrom the gifts:\n%.800s", kind, q, got, want)
		}
		if len(got) < 100 {
			t.Fatalf("%s is empty: %s", kind, got)
		}
	}
}

// LYBUNT and SYBUNT read from rollup_donor_last give what the gifts give,
// in both shapes the demo serves, for the paid gifts, named statuses and
// every status but refunded; and again after a later sync refunds gifts
// (in whole and in part), takes a conversion off (the donor then has gifts
// in two currencies), changes a name and an e-mail, adds gifts and removes
// one, with the table as adding every gift up again makes it. The table is
// not read where it would not give the same: a past year whose donors
// gave after it, a filter on the form, the campaign or the dates,
// statuses that no rule of the donors table counts (fiscal years:
// TestDonorLastFiscalGivesWhatTheGiftsGive).
func TestDonorLastGivesWhatTheGiftsGive(t *testing.T) {
	t.Parallel()
	skipShort(t)
	for _, shape := range []string{demo.ShapeSpec, demo.ShapeDonorbox} {
		t.Run(shape, func(t *testing.T) {
			ctx := context.Background()
			s, _, all := syncedShape(t, shape)
			form := "none of the gifts'"
			for _, d := range all {
				if d.FormName.Value != "" {
					form = d.FormName.Value
					break
				}
			}
			paid := report.Query{Year: 2026, Now: lapsedNow}
			fast := []report.Query{paid, {Year: 2026, Filter: query.Filter{Statuses: []string{"Paid"}}, Now: lapsedNow}}
			for _, q := range fast {
				sameLapsed(t, s, q)
			}
			for _, q := range []report.Query{
				{Year: 2025, Now: lapsedNow},
				{Year: 2026, Filter: query.Filter{Form: form}, Now: lapsedNow},
				{Year: 2026, Filter: query.Filter{Campaign: "a"}, Now: lapsedNow},
				{Year: 2026, Filter: query.Filter{Dates: everyDate}, Now: lapsedNow},
				{Year: 2026, Filter: query.Filter{Statuses: []string{"paid", "pending"}}, Now: lapsedNow},
				{Year: 2026, AllStatuses: true, Now: lapsedNow},
			} {
				if fast, err := s.DonorLastServes(ctx, q.SQL()); err != nil || fast {
					t.Fatalf("%+v reads rollup_donor_last (%v)", q, err)
				}
			}
			laterSyncOf(t, s, all)
			for _, q := range fast {
				sameLapsed(t, s, q)
			}
		})
	}
}

// A store of an older version is rebuilt to hold rollup_donor_last, as
// adding every gift up makes it, which then gives the lapsed and recurring
// reports.
func TestDonorLastIsRebuilt(t *testing.T) {
	skipShort(t)
	ctx := context.Background()
	s, path, _, _ := syncedFile(t, demo.Options{Count: 500}, dataset.SyncOptions{})
	if ok, err := s.DonorLastAsAddedUp(ctx); err != nil || !ok {
		t.Fatalf("synced, rollup_donor_last is not as the gifts add up (%v)", err)
	}
	s.Close()
	craft(t, path, `DELETE FROM rollup_donor_last`, fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
	s = open(t, path)
	if ok, err := s.DonorLastAsAddedUp(ctx); err != nil || !ok {
		t.Fatalf("rebuilt, rollup_donor_last is not as the gifts add up (%v)", err)
	}
	sameLapsed(t, s, report.Query{Year: 2026, Now: lapsedNow})
	sameRecurring(t, s, report.Query{Year: 2026, Now: demo.End})
}

// syncedShape is a store synced from a demo of 3,000 donations of shape,
// its path, and every donation it holds: a copy of the one first sync the
// tests that start from it share.
func syncedShape(t *testing.T, shape string) (*store.Store, string, []api.Donation) {
	t.Helper()
	_, s, path := syncedCopy(t, demo.Options{Count: 3000, Shape: shape})
	return s, path, windowAll(t, s)
}

// laterSyncOf is laterSync of all's gifts 1 to 5 changed (changeFive), 6
// brought again under a new id, 7 made a new donor's and 8 removed.
func laterSyncOf(t *testing.T, s *store.Store, all []api.Donation) {
	t.Helper()
	again := all[6]
	again.ID.Value = 9_000_000
	laterSync(t, s, changeFive(t, []api.Donation{all[1], all[2], all[3], all[4], all[5]}), all[8].ID.Value, again, all[7])
}

// changeFive is the first five of changed as a later sync brings them:
// refunded, refunded in part, sent unconverted in another currency (their
// donor then gives in two), renamed, and moved to another e-mail.
func changeFive(t *testing.T, changed []api.Donation) []api.Donation {
	t.Helper()
	changed[0].Status = api.Text{Value: "refunded", Valid: true}
	changed[1] = refundedInPart(t, changed[1], "1.00")
	changed[2].ConvertedAmount, changed[2].ConvertedCurrency = api.Number{}, api.Text{}
	changed[2].Currency = api.Text{Value: "eur", Valid: true}
	changed[3].FirstName = api.Text{Value: "Renamed", Valid: true}
	changed[4].Email = api.Text{Value: "moved@example.org", Valid: true}
	return changed
}

// laterSync stores a later sync into s: changed (their records edited to
// match), the new gifts, the last of them made a new donor's, and removed taken
// out; rollup_donor_last must then be as adding every gift up makes it.
func laterSync(t *testing.T, s *store.Store, changed []api.Donation, removed int64, gifts ...api.Donation) {
	t.Helper()
	ctx := context.Background()
	for i := range changed {
		changed[i] = edited(t, changed[i])
	}
	added := &gifts[len(gifts)-1]
	added.ID.Value, added.Email.Value = 9_000_001, "someone.new@example.org"
	if _, err := s.Put(ctx, append(changed, gifts...)); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, false, []int64{removed}, 100, time.Now()); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.DonorLastAsAddedUp(ctx); err != nil || !ok {
		t.Fatalf("after a later sync rollup_donor_last is not as the gifts add up (%v)", err)
	}
}
