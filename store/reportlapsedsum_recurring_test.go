package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/query"
	"donations/report"
	"donations/store"
)

// recurringText is the recurring donors of q in cur as read gives them,
// by e-mail, as text to compare (in JSON its amounts would be {}).
func recurringText(t *testing.T, s *store.Store, q report.Query, cur string,
	read func(context.Context, store.ReportQuery, string, time.Time) ([]store.RecurringRow, error)) string {
	t.Helper()
	rows, err := read(context.Background(), q.SQL(), cur, q.RecurringEnd(s.Zone()))
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(rows, func(a, b store.RecurringRow) int { return strings.Compare(a.Email, b.Email) })
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%s %q %q %v %v %s %s %q %d %v\n", r.Email, r.FirstName, r.LastName, r.First, r.Last,
			r.Amount.Decimal(), r.Total.Decimal(), r.Interval, r.Gifts, r.InCur)
	}
	return b.String()
}

// sameRecurring checks that the recurring report of q, in the demo's
// currency and in one it converts nothing to, read from rollup_donor_last
// gives what reading every gift gives, and is not empty; and that a date
// range over every gift reads them all.
func sameRecurring(t *testing.T, s *store.Store, q report.Query) {
	t.Helper()
	ctx := context.Background()
	slow := q
	slow.Filter.Dates = everyDate
	for _, cur := range []string{"USD", "JPY"} {
		if fast, err := s.RecurringFromRollup(ctx, q.SQL(), cur, q.RecurringEnd(s.Zone())); err != nil || !fast {
			t.Fatalf("%+v in %s: does not read rollup_donor_last (%v)", q, cur, err)
		}
		if fast, err := s.RecurringFromRollup(ctx, slow.SQL(), cur, slow.RecurringEnd(s.Zone())); err != nil || fast {
			t.Fatalf("a date range reads rollup_donor_last (%v)", err)
		}
		got, want := recurringText(t, s, q, cur, s.Recurring), recurringText(t, s, q, cur, s.RecurringFromGifts)
		if got != want {
			g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
			i := 0
			for i < min(len(g), len(w)) && g[i] == w[i] {
				i++
			}
			t.Fatalf("recurring %+v in %s, donor %d of %d, from rollup_donor_last:\n%s\nfrom the gifts (%d):\n%s",
				q, cur, i, len(g), strings.Join(g[i:min(i+3, len(g))], "\n"), len(w), strings.Join(w[i:min(i+3, len(w))], "\n"))
		}
		if len(got) < 100 {
			t.Fatalf("recurring in %s is empty: %s", cur, got)
		}
	}
}

// recurringPaid are the paid recurring gifts of all with an e-mail, a
// gift (the newest of its donor, and not recurring) whose donor's newest
// recurring gift is older, that recurring gift, and the last recurring
// gift that is its donor's newest.
func recurringPaid(t *testing.T, all []api.Donation) (rec []api.Donation, newer, newestRec, newest api.Donation) {
	t.Helper()
	type dated struct {
		d  api.Donation
		at time.Time
	}
	byDonor, recByDonor := map[string]dated{}, map[string]dated{}
	later := func(m map[string]dated, email string, d api.Donation) {
		if at, _ := api.Time(d.DonationDate); !at.Before(m[email].at) {
			m[email] = dated{d, at}
		}
	}
	for _, d := range all {
		email := strings.ToLower(d.Email.Value)
		if d.Status.Value != "paid" || email == "" {
			continue
		}
		if d.Recurring.Value {
			rec = append(rec, d)
			later(recByDonor, email, d)
		}
		later(byDonor, email, d)
	}
	for i := len(rec) - 1; i >= 12; i-- {
		if n := byDonor[strings.ToLower(rec[i].Email.Value)]; n.d.ID == rec[i].ID {
			newest = rec[i]
			break
		}
	}
	for email, r := range recByDonor {
		if n := byDonor[email]; !n.d.Recurring.Value && n.at.After(r.at) && newest.ID.Valid && email != strings.ToLower(newest.Email.Value) {
			return rec, n.d, r.d, newest
		}
	}
	t.Fatal("no donor's newest paid gift is recurring, or none's is not")
	return nil, api.Donation{}, api.Donation{}, api.Donation{}
}

// edited is d, whose fields a test changed, with its record changed too:
// a store keeps the gift it holds if the server sends the same record.
func edited(t *testing.T, d api.Donation) api.Donation {
	t.Helper()
	var fields map[string]any
	if err := json.Unmarshal(d.Raw, &fields); err != nil {
		t.Fatal(err)
	}
	fields["edited_by_test"] = true
	raw, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	d.Raw = raw
	return d
}

// The recurring report read from rollup_donor_last gives what the gifts
// give, in both shapes the demo serves, in a year going on and one over;
// and again after a later sync refunds recurring gifts (in whole and in
// part), takes a conversion off (the donor then has gifts in two
// currencies), renames one, a donor's newest gift that is recurring, and
// the newest gift of a donor whose newest recurring gift is older, moves
// one's e-mail, makes one not recurring, changes one's interval, adds
// gifts and removes one, and after a change of the flag or the interval
// alone, with the table as adding every gift up again makes it. The table
// is not read where it would not give the same: a recurring gift after
// now, a past year whose donors gave after it, a filter on the form, the
// campaign or the dates, statuses that no rule counts (fiscal years:
// TestDonorLastFiscalGivesWhatTheGiftsGive).
func TestDonorLastRecurringGivesWhatTheGiftsGive(t *testing.T) {
	t.Parallel()
	skipShort(t)
	for _, shape := range []string{demo.ShapeSpec, demo.ShapeDonorbox} {
		t.Run(shape, func(t *testing.T) {
			ctx := context.Background()
			s, path, all := syncedShape(t, shape)
			running := report.Query{Year: 2026, Now: demo.End}
			fast := []report.Query{running, {Year: 2026, Filter: query.Filter{Statuses: []string{"Paid"}}, Now: demo.End.AddDate(1, 0, 0)}}
			for _, q := range fast {
				sameRecurring(t, s, q)
			}
			for _, q := range []report.Query{
				{Year: 2026, Now: lapsedNow},
				{Year: 2025, Now: demo.End},
				{Year: 2026, Filter: query.Filter{Form: "a"}, Now: demo.End},
				{Year: 2026, Filter: query.Filter{Campaign: "a"}, Now: demo.End},
				{Year: 2026, Filter: query.Filter{Statuses: []string{"paid", "pending"}}, Now: demo.End},
				{Year: 2026, AllStatuses: true, Now: demo.End},
			} {
				if fast, err := s.RecurringFromRollup(ctx, q.SQL(), "USD", q.RecurringEnd(s.Zone())); err != nil || fast {
					t.Fatalf("%+v reads rollup_donor_last (%v)", q, err)
				}
			}
			rec, newer, tie, newest := recurringPaid(t, all)
			changed := changeFive(t, append([]api.Donation(nil), rec[:7]...))
			changed[5].Recurring = api.Flag{Value: false, Valid: true}
			changed[6].Interval = api.Text{Value: "3 M", Valid: true}
			newer.FirstName = api.Text{Value: "Newer", Valid: true}
			newest.FirstName = api.Text{Value: "9,Re,named", Valid: true} // where a name may be cut
			// A gift at the same time as a donor's newest recurring one:
			// the first of them read is the newest, on both paths.
			again, added := tie, rec[8]
			again.ID.Value, again.Amount, again.ConvertedAmount = 9_000_000, api.Number{Text: "7777.00", Valid: true}, api.Number{Text: "7777.00", Valid: true}
			changed = append(changed, newer, newest)
			laterSync(t, s, changed, rec[9].ID.Value, again, added)
			for _, q := range fast {
				sameRecurring(t, s, q)
			}
			// The triggers follow a change of the flag or the interval alone.
			s.Close()
			craft(t, path, fmt.Sprintf(`UPDATE donations SET recurring = 0 WHERE id = %d`, rec[10].ID.Value),
				fmt.Sprintf(`UPDATE donations SET plan_interval = '1 Y' WHERE id = %d`, rec[11].ID.Value))
			s = open(t, path)
			if ok, err := s.DonorLastAsAddedUp(ctx); err != nil || !ok {
				t.Fatalf("after a change of the flag or the interval alone rollup_donor_last is not as the gifts add up (%v)", err)
			}
			sameRecurring(t, s, running)
		})
	}
}
