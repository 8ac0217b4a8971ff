package store_test

import (
	"context"
	"encoding/json"
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

// donorYearText is retention and the gift range table of q, as text.
func donorYearText(t *testing.T, s *store.Store, q report.Query) string {
	t.Helper()
	ctx := context.Background()
	r, err := report.RetentionOf(ctx, s, q, "USD")
	if err != nil {
		t.Fatal(err)
	}
	bands, err := report.Ranges(ctx, s, q, "USD", report.DefaultBands)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal([]any{r, bands})
	return string(b)
}

// Retention and the gift range table read from the rollup by donor and
// year give what reading every gift gives: for the year going on and a
// past one, the paid gifts, named statuses (a blank one among them), and
// every status but refunded; the rollup is not read for fiscal years or a
// filter on the form or the campaign.
func TestDonorYearRollupGivesWhatTheGiftsGive(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 3000)
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		q    report.Query
		fast bool
	}{
		{report.Query{Year: 2026, Now: now}, true},
		{report.Query{Year: 2025, Now: now}, true},
		{report.Query{Year: 2026, Filter: query.Filter{Statuses: []string{"Paid", "pending"}}, Now: now}, true},
		{report.Query{Year: 2026, Filter: query.Filter{Statuses: []string{"paid", " "}}, Now: now}, true},
		{report.Query{Year: 2026, AllStatuses: true, Now: now}, true},
		{report.Query{Year: 2026, FiscalStart: 7, Now: now}, false},
		{report.Query{Year: 2026, Filter: query.Filter{Form: all[0].FormName.Value}, Now: now}, false},
		{report.Query{Year: 2026, Filter: query.Filter{Campaign: "a"}, Now: now}, false},
	} {
		t.Run(fmt.Sprintf("%d from %d/%v/%q/%q", c.q.Year, c.q.FiscalStart, report.Counted(c.q.Rule()), c.q.Filter.Form, c.q.Filter.Campaign), func(t *testing.T) {
			if fast, err := s.DonorYearsServe(ctx, c.q.SQL()); err != nil || fast != c.fast {
				t.Fatalf("reads the rollup: %v (%v), want %v", fast, err, c.fast)
			}
			if !c.fast {
				return
			}
			slow := c.q
			slow.Filter.Dates = everyDate
			if fast, err := s.DonorYearsServe(ctx, slow.SQL()); err != nil || fast {
				t.Fatalf("a date range reads the rollup (%v)", err)
			}
			got, want := donorYearText(t, s, c.q), donorYearText(t, s, slow)
			if got != want {
				t.Fatalf("from the rollup:\n%s\nfrom the gifts:\n%s", got, want)
			}
			var r report.Retention
			if r, _ = report.RetentionOf(ctx, s, c.q, "USD"); r.ThisYear.Donors == 0 || r.LastYear.Donors == 0 {
				t.Fatalf("the report is empty: %+v", r)
			}
		})
	}
}

// The triggers keep the rollup by donor and year as adding every gift up
// again makes it, as gifts come, change status, are refunded in part and
// lose their conversion; and a store of an older version is rebuilt to it.
func TestDonorYearRollupIsKeptAndRebuilt(t *testing.T) {
	skipShort(t)
	ctx := context.Background()
	s, path, _, _ := syncedFile(t, demo.Options{Count: 500}, dataset.SyncOptions{})
	asAddedUp := func(s *store.Store, when string) {
		t.Helper()
		if ok, err := s.DonorYearsAsAddedUp(ctx); err != nil || !ok {
			t.Fatalf("%s the rollup by donor and year is not as the gifts add up (%v)", when, err)
		}
	}
	asAddedUp(s, "synced,")
	all := windowAll(t, s)
	changed := []api.Donation{all[1], all[2], all[3]}
	changed[0].Status = api.Text{Value: "refunded"}
	changed[1] = refundedInPart(t, changed[1], "1.00")
	changed[2].ConvertedAmount, changed[2].ConvertedCurrency = api.Number{}, api.Text{}
	// Another gift of a donor in a year they gave in, and a new donor's.
	again, added := all[4], all[5]
	again.ID.Value = 9_000_000
	added.ID.Value, added.Email.Value = 9_000_001, "someone.new@example.org"
	if _, err := s.Put(ctx, append(changed, again, added)); err != nil {
		t.Fatal(err)
	}
	asAddedUp(s, "changed,")
	s.Close()
	craft(t, path, `DELETE FROM rollup_donor_year`, fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
	asAddedUp(open(t, path), "rebuilt,")
}
