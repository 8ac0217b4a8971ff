package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"donations/dataset/datasettest"
	"donations/query"
	"donations/report"
	"donations/store"
)

// What a hostile gift is drawn from: the red team's amounts (more
// decimals than the integer columns hold, over a billion, no number),
// dates with no year a report knows or in odd forms, e-mails, statuses
// and currencies as servers send them. The first amounts are ones the
// rollups hold: a store of those alone has its fast paths to compare.
var (
	hostileEmails    = []string{`"a@example.org"`, `"A@Example.org "`, `"b@example.org"`, `"c@example.org"`, `""`, `null`}
	hostileDates     = []string{"2024-02-29 10:00:00", "2025-06-30T23:30:00+0000", "2025-12-31T22:00:00-05:00", "2026-01-01T00:30:00+01:00", "2026-07-01 00:00:00", "2023-03-01T10:00:00Z"}
	oddDates         = []string{`null`, `"yesterday"`, `"9999-12-31T23:30:00-05:00"`, `"0001-01-01T00:30:00+01:00"`}
	hostileStatuses  = []string{`"paid"`, `"Paid "`, `"pending"`, `"refunded"`, `null`}
	heldAmounts      = []string{"10.00", "0.5", "250", "-5", "1000"}
	redTeamAmounts   = []string{"27.950000000000003", "1000000001", "N/A", "92233720368547758.07"}
	hostileCurrency  = []string{`"USD"`, `"usd"`, `"EUR"`, `""`, `null`}
	hostileIntervals = []string{`"1 M"`, `"3 M"`, `"1 Y"`, `"every blue moon"`, `null`}
)

// randomGift is the JSON fields of a gift drawn by r; red draws the red
// team's amounts and odd dates too.
func randomGift(r *rand.Rand, red bool) string {
	pick := func(l []string) string { return l[r.IntN(len(l))] }
	amounts, date := heldAmounts, fmt.Sprintf("%q", pick(hostileDates))
	if red {
		amounts = append(append([]string(nil), heldAmounts...), redTeamAmounts...)
		if r.IntN(4) == 0 {
			date = pick(oddDates)
		}
	}
	f := fmt.Sprintf(`"email": %s, "donation_date": %s, "status": %s, "amount": %q, "currency": %s, "recurring": %v, "interval": %s`,
		pick(hostileEmails), date, pick(hostileStatuses), pick(amounts), pick(hostileCurrency), r.IntN(2) == 0, pick(hostileIntervals))
	switch r.IntN(4) {
	case 0:
		f += fmt.Sprintf(`, "converted_amount": %q, "converted_currency": "USD"`, pick(amounts))
	case 1:
		f += `, "amount_refunded": "2"`
	}
	return f
}

// pathQueries are the queries each path is compared on: years around the
// gifts', the paid ones, named statuses and every status but refunded,
// and fiscal years from July.
var pathQueries = []report.Query{
	{Year: 2025, Now: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)},
	{Year: 2026, Now: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)},
	{Year: 2026, Filter: query.Filter{Statuses: []string{"Paid", "pending"}}, Now: time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)},
	{Year: 2026, AllStatuses: true, Now: time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)},
	{Year: 2026, FiscalStart: 7, Now: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)},
}

// reportsText is every report of q in cur over s, as text to compare, but
// the count of gifts with no year, which a date range leaves out.
func reportsText(t *testing.T, s *store.Store, q report.Query, cur string) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	notes, err := report.NotesOf(ctx, s, q)
	notes.Undated = 0
	fmt.Fprintf(&b, "notes %+v\n", notes)
	for _, kind := range []string{report.LYBUNT, report.SYBUNT} {
		if err == nil {
			err = report.Lapsed(ctx, s, q, kind, cur, func(d report.LapsedDonor) error { _, err := fmt.Fprintf(&b, "%s %+v\n", kind, d); return err })
		}
	}
	if err == nil {
		err = report.Recurring(ctx, s, q, cur, func(d report.RecurringDonor) error { _, err := fmt.Fprintf(&b, "recurring %+v\n", d); return err })
	}
	if err == nil {
		var r report.Retention
		r, err = report.RetentionOf(ctx, s, q, cur)
		fmt.Fprintf(&b, "retention %+v\n", r)
	}
	for _, byGift := range []bool{false, true} {
		if err == nil {
			var r report.RangeTable
			bq := q
			bq.ByGift = byGift
			r, err = report.Ranges(ctx, s, bq, cur, report.DefaultBands)
			fmt.Fprintf(&b, "ranges %+v\n", r)
		}
	}
	if err == nil {
		var m []report.YearMonth
		m, err = report.YearOverYear(ctx, s, q, cur)
		fmt.Fprintf(&b, "yoy %+v\n", m)
	}
	if err != nil {
		t.Fatalf("%+v in %q: %v", q, cur, err)
	}
	return b.String()
}

// fastPaths says which of the pre-aggregated paths serve q.
func fastPaths(t *testing.T, s *store.Store, q report.Query) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	for _, p := range []struct {
		name  string
		serve func(context.Context, store.ReportQuery) (bool, error)
	}{{"notes from rollup_day", s.NotesFromRollups}, {"lapsed from the donors table", s.ReadsSomeDonors},
		{"lapsed and recurring from rollup_donor_last", s.DonorLastServes}, {"retention and ranges from rollup_donor_year", s.DonorYearsServe}} {
		ok, err := p.serve(ctx, q.SQL())
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			out = append(out, p.name)
		}
	}
	return out
}

// Every report read through its pre-aggregated paths (the rollups, the
// donors table) gives what it gives read from every gift, over stores of
// hostile gifts drawn at random: half of them with the red team's amounts
// and dates, which send every report to the gifts, half without, which
// the pre-aggregated paths serve.
func TestReportPathsAgreeOverHostileGifts(t *testing.T) {
	groupedFirstPassOnly(t, "the reports read through their pre-aggregated paths and from every gift")
	t.Setenv("TZ", "UTC")
	served := map[string]int{}
	for seed := range uint64(24) {
		r := rand.New(rand.NewPCG(seed, 43))
		red := seed%2 == 1
		fields := make([]string, 8+r.IntN(24))
		for i := range fields {
			fields[i] = randomGift(r, red)
		}
		s := datasettest.StoreOfFields(t, fields...)
		for _, q := range pathQueries {
			fast := fastPaths(t, s, q)
			for _, p := range fast {
				served[p]++
			}
			slow := q
			slow.Filter.Dates = wideDates
			if paths := fastPaths(t, s, slow); len(paths) > 0 {
				t.Fatalf("a date range reads %v", paths)
			}
			for _, cur := range []string{"USD", "EUR"} {
				if got, want := reportsText(t, s, q, cur), reportsText(t, s, slow, cur); got != want {
					t.Fatalf("seed %d, %+v in %s, read through %v:\n%s\nfrom every gift:\n%s\ngifts:\n%s",
						seed, q, cur, fast, got, want, strings.Join(fields, "\n"))
				}
			}
		}
	}
	t.Logf("served: %v", served)
	if len(served) < 4 {
		t.Fatalf("the pre-aggregated paths served %v: each is to be compared", served)
	}
}
