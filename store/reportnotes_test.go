package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"donations/api"
	"donations/query"
	"donations/report"
	"donations/store"
)

// withOddGifts adds to a synced store the gifts the rollups do not tell
// apart, from the donations all it holds: with no e-mail (one refunded in
// part, in another currency than most), refunded in part, with no
// status, and of a day after the years reported.
func withOddGifts(t *testing.T, s *store.Store, all []api.Donation) {
	t.Helper()
	odd := make([]api.Donation, 5)
	for i := range odd {
		odd[i] = all[i]
		odd[i].ID.Value = int64(2_000_000 + i)
		odd[i].Status = api.Text{Value: "paid", Valid: true}
	}
	odd[0].Email, odd[1].Email = api.Text{}, api.Text{}
	odd[1].Currency, odd[1].ConvertedAmount, odd[1].ConvertedCurrency = api.Text{Value: "eur", Valid: true}, api.Number{}, api.Text{}
	for _, i := range []int{1, 2} {
		odd[i].Amount, odd[i].AmountRefunded = api.Number{Text: "80.00", Valid: true}, api.Number{Text: "12.34", Valid: true}
	}
	odd[3].Status = api.Text{}
	odd[4].DonationDate = api.Text{Value: "2031-03-01T10:00:00Z", Valid: true}
	if _, err := s.Put(context.Background(), odd); err != nil {
		t.Fatal(err)
	}
}

// The notes read from the rollups are those read from every gift: for the
// year going on, a past year, fiscal years, the paid gifts, named
// statuses, and every status but refunded; with gifts with no e-mail and
// refunded in part among them.
func TestNotesFromTheRollupsAreThoseOfEveryGift(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 1500)
	withOddGifts(t, s, all)
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, q := range []report.Query{
		{Year: 2026, Now: now},
		{Year: 2025, Now: now},
		{Year: 2026, FiscalStart: 7, Now: now},
		{Year: 2026, Filter: query.Filter{Statuses: []string{"Paid", "pending"}}, Now: now},
		{Year: 2026, AllStatuses: true, Now: now},
	} {
		t.Run(fmt.Sprintf("%d from %d/%v", q.Year, q.FiscalStart, report.Counted(q.Rule())), func(t *testing.T) {
			if fast, err := s.NotesFromRollups(ctx, q.SQL()); err != nil || !fast {
				t.Fatalf("the notes are not read from the rollups (%v)", err)
			}
			slow := q
			slow.Filter.Dates = everyDate
			if fast, err := s.NotesFromRollups(ctx, slow.SQL()); err != nil || fast {
				t.Fatalf("with a date range, the notes are read from the rollups (%v)", err)
			}
			got, err := report.NotesOf(ctx, s, q)
			if err != nil {
				t.Fatal(err)
			}
			want, err := report.NotesOf(ctx, s, slow)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want); g != w {
				t.Fatalf("from the rollups:\n%s\nfrom every gift:\n%s", g, w)
			}
			if got.NoEmail == 0 || got.Gifts < 100 || len(got.OwnCurrency) == 0 {
				t.Fatalf("the notes miss what they are to be tested on: %+v", got)
			}
		})
	}
}

// The notes are read from every gift where the rollups cannot tell them:
// a filter on the form, and a gift with a converted currency and a
// converted amount that is no exact number (it counts in its own
// currency, which the rollups do not keep apart).
func TestNotesAreReadFromEveryGiftWhereTheRollupsCannotTellThem(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 500)
	ctx := context.Background()
	q := report.Query{Year: 2026, Now: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)}
	byForm := q
	byForm.Filter.Form = all[0].FormName.Value
	if fast, err := s.NotesFromRollups(ctx, byForm.SQL()); err != nil || fast {
		t.Fatalf("a filter on the form: the notes are read from the rollups (%v)", err)
	}
	before, err := report.NotesOf(ctx, s, q)
	if err != nil {
		t.Fatal(err)
	}
	odd := all[2]
	odd.ID.Value, odd.Status = 3_000_000, api.Text{Value: "paid", Valid: true}
	odd.Amount, odd.Currency = api.Number{Text: "7.00", Valid: true}, api.Text{Value: "CHF", Valid: true}
	odd.ConvertedAmount, odd.ConvertedCurrency = api.Number{Text: "7.12345", Valid: true}, api.Text{Value: before.Currency, Valid: true}
	odd.DonationDate = api.Text{Value: "2026-02-03T10:00:00Z", Valid: true}
	if _, err := s.Put(ctx, []api.Donation{odd}); err != nil {
		t.Fatal(err)
	}
	if fast, err := s.NotesFromRollups(ctx, q.SQL()); err != nil || fast {
		t.Fatalf("a converted amount that is no exact number: the notes are read from the rollups (%v)", err)
	}
	after, err := report.NotesOf(ctx, s, q)
	if err != nil {
		t.Fatal(err)
	}
	// Its conversion is a number the integer column does not hold, not
	// none: it counts in the report's currency, not apart in CHF.
	if after.Gifts != before.Gifts+1 || after.OwnCurrency["CHF"].Gifts != before.OwnCurrency["CHF"].Gifts {
		t.Fatalf("the gift converted to 7.12345 is not counted converted: %d gifts after %d, in their own currency %+v",
			after.Gifts, before.Gifts, after.OwnCurrency)
	}
}
