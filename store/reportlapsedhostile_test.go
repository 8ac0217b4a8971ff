package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/query"
	"donations/report"
	"donations/store"
)

// wideDates is a date range over every day the store can hold: the slow
// path, which a range makes, then reads every gift the fast one reads.
var wideDates = api.DateRange{Since: time.Date(-5000, 1, 1, 0, 0, 0, 0, time.UTC), Until: time.Date(20000, 1, 1, 0, 0, 0, 0, time.UTC)}

// hostileGift is a donation made of its JSON fields.
func hostileGift(t *testing.T, id int64, fields string) api.Donation {
	t.Helper()
	var d api.Donation
	if err := d.UnmarshalJSON([]byte(fmt.Sprintf(`{"id": %d, %s}`, id, fields))); err != nil {
		t.Fatal(err)
	}
	return d
}

// oddQueries are the reports fastIsSlow compares for the odd gifts: three
// years, for the paid gifts and for a named status.
func oddQueries() []report.Query {
	var qs []report.Query
	for _, year := range []int{2024, 2025, 2026} {
		qs = append(qs, report.Query{Year: year, Now: lapsedNow},
			report.Query{Year: year, Filter: query.Filter{Statuses: []string{"Paid"}}, Now: lapsedNow.AddDate(1, 0, 0)})
	}
	return qs
}

// fastIsSlow fails unless, in s, rollup_donor_last is as the gifts add
// up, and LYBUNT, SYBUNT and recurring of each of qs in each of curs give
// from it what the gifts give. It says how many of qs read the table.
func fastIsSlow(t *testing.T, s *store.Store, when string, qs []report.Query, curs ...string) int {
	t.Helper()
	ctx := context.Background()
	if ok, err := s.DonorLastAsAddedUp(ctx); err != nil || !ok {
		t.Fatalf("%s: rollup_donor_last is not as the gifts add up (%v)", when, err)
	}
	served := 0
	for _, q := range qs {
		fast, err := s.DonorLastServes(ctx, q.SQL())
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if fast {
			served++
		}
		slow := q
		slow.Filter.Dates = wideDates
		for _, cur := range curs {
			for _, kind := range []string{report.LYBUNT, report.SYBUNT} {
				got, err := lapsedIn(s, q, kind, cur)
				if err != nil {
					t.Fatalf("%s: %s %+v in %q: %v", when, kind, q, cur, err)
				}
				want, err := lapsedIn(s, slow, kind, cur)
				if err != nil {
					t.Fatalf("%s: %s %+v in %q, from the gifts: %v", when, kind, q, cur, err)
				}
				if got != want {
					t.Fatalf("%s: %s %+v in %q from rollup_donor_last:\n%.2000s\nfrom the gifts:\n%.2000s", when, kind, q, cur, got, want)
				}
			}
			got, want := recurringText(t, s, q, cur, s.Recurring), recurringText(t, s, q, cur, s.RecurringFromGifts)
			if got != want {
				t.Fatalf("%s: recurring %+v in %q from rollup_donor_last:\n%.2000s\nfrom the gifts:\n%.2000s", when, q, cur, got, want)
			}
		}
	}
	return served
}

// heldJSON is the bytes of JSON s holds, as an export gives them; it fails
// t unless the store counts as many.
func heldJSON(t *testing.T, s *store.Store, when string) int64 {
	t.Helper()
	json := exported(t, s)
	if kept, err := s.HeldJSON(context.Background()); err != nil || kept != json {
		t.Fatalf("%s: the store counts %d bytes of JSON (%v), its records are %d", when, kept, err, json)
	}
	return json
}

// lapsedIn is the report kind of q in cur as text.
func lapsedIn(s *store.Store, q report.Query, kind, cur string) (string, error) {
	var b strings.Builder
	err := report.Lapsed(context.Background(), s, q, kind, cur, func(d report.LapsedDonor) error { _, err := fmt.Fprintf(&b, "%+v\n", d); return err })
	return b.String(), err
}

// hostileCases are gifts the demo seldom or never sends, each a
// donation's JSON fields but its id.
var hostileCases = []struct{ name, fields string }{
	{"plain", `"email": "plain@example.org", "donation_date": "2025-03-01 10:00:00", "status": "paid", "amount": "10.00", "currency": "USD", "recurring": true, "interval": "1 M"`},
	{"case", `"email": "Plain@Example.org", "donation_date": "2025-04-01 10:00:00", "status": "paid", "amount": "11.00", "currency": "USD"`},
	{"spaces", `"email": "  plain@example.org  ", "donation_date": "2025-05-01 10:00:00", "status": "paid", "amount": "12.00", "currency": "USD"`},
	{"empty e-mail", `"email": "", "donation_date": "2025-05-01 10:00:00", "status": "paid", "amount": "12.00", "currency": "USD"`},
	{"null e-mail", `"email": null, "donation_date": "2025-05-01 10:00:00", "status": "paid", "amount": "12.00", "currency": "USD"`},
	{"null date", `"email": "nodate@example.org", "donation_date": null, "status": "paid", "amount": "5", "currency": "USD", "recurring": true`},
	{"bad date", `"email": "nodate@example.org", "donation_date": "yesterday", "status": "paid", "amount": "5", "currency": "USD", "recurring": true`},
	{"1950", `"email": "old@example.org", "donation_date": "1950-06-01 10:00:00", "status": "paid", "amount": "5", "currency": "USD", "recurring": true, "interval": "1 Y"`},
	{"year 1", `"email": "old@example.org", "donation_date": "0001-01-01T00:30:00+01:00", "status": "paid", "amount": "6", "currency": "USD"`},
	{"2150", `"email": "future@example.org", "donation_date": "2150-06-01 10:00:00", "status": "paid", "amount": "5", "currency": "USD", "recurring": true`},
	{"year 9999", `"email": "future2@example.org", "donation_date": "9999-12-31T23:30:00-05:00", "status": "paid", "amount": "5", "currency": "USD"`},
	{"decimals", `"email": "dec@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "1.123456789", "currency": "USD", "recurring": true, "interval": "1 M"`},
	{"decimals 2", `"email": "dec@example.org", "donation_date": "2025-03-01 10:00:00", "status": "paid", "amount": "2.5", "currency": "USD", "recurring": true, "interval": "1 M"`},
	{"huge", `"email": "huge@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "92233720368547758.07", "currency": "USD", "recurring": true, "interval": "1 M"`},
	{"huge 2", `"email": "huge@example.org", "donation_date": "2025-03-01 10:00:00", "status": "paid", "amount": "3000000000", "currency": "USD", "recurring": true, "interval": "1 M"`},
	{"null currency", `"email": "cur@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": null, "recurring": true`},
	{"empty currency", `"email": "cur2@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": ""`},
	{"lower currency", `"email": "cur3@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "usd"`},
	{"converted, no currency", `"email": "conv@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "eur", "converted_amount": "5"`},
	{"refund past amount", `"email": "ref@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "usd", "amount_refunded": "9", "recurring": true`},
	{"odd interval", `"email": "iv@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "usd", "recurring": true, "interval": "every blue moon"`},
	{"odd names", `"email": "names@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "usd", "recurring": true, "first_name": "a,\"b\"\n\u0000c", "last_name": "9,9,"`},
	{"tie 1", `"email": "tie@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "usd", "recurring": true, "first_name": "One"`},
	{"tie 2", `"email": "tie@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "5", "currency": "usd", "recurring": true, "first_name": "Two"`},
	{"amount text", `"email": "txt@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "N/A", "currency": "usd", "recurring": true`},
	{"null status", `"email": "st@example.org", "donation_date": "2025-02-01 10:00:00", "status": null, "amount": "3", "currency": "usd"`},
}

// rolledUp says whether the case's gift leaves the rollups serving the
// reports: an amount the integer columns cannot hold exactly (too many
// decimals, too large, no number) sends every report to the gifts, added
// up exactly, as a day past the year 9999 does, so a store holding one
// has no fast path to compare.
func rolledUp(name string) bool {
	switch name {
	case "decimals", "huge", "huge 2", "amount text":
		return false
	}
	return true
}

// Each odd gift alone, and all of them together, give from
// rollup_donor_last what the gifts give.
func TestDonorLastHoldsOddGifts(t *testing.T) {
	t.Parallel()
	// One goroutine's reports over stores of a gift or two: the full run has
	// it all, and the race detector nothing more to find in it.
	skipShort(t)
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := tempStore(t)
			if _, err := s.Put(context.Background(), []api.Donation{hostileGift(t, 1, c.fields)}); err != nil {
				t.Fatal(err)
			}
			fastIsSlow(t, s, "stored", oddQueries(), "USD", "EUR", "")
			heldJSON(t, s, "stored")
		})
	}
	s, _ := tempStore(t)
	var all []api.Donation
	for i, c := range hostileCases {
		if strings.HasPrefix(c.name, "2150") || strings.HasPrefix(c.name, "year 9999") || !rolledUp(c.name) {
			continue
		}
		all = append(all, hostileGift(t, int64(i+1), c.fields))
	}
	if _, err := s.Put(context.Background(), all); err != nil {
		t.Fatal(err)
	}
	heldJSON(t, s, "all stored")
	if fastIsSlow(t, s, "all stored", oddQueries(), "USD", "EUR", "") == 0 {
		t.Fatal("no report read rollup_donor_last")
	}
}

// hostileRounds are later syncs of hostileCases' gifts (ids by their
// place, from 1): the gifts they bring again changed, and those they
// remove.
var hostileRounds = []struct {
	put    map[int64]string
	remove []int64
}{
	{put: map[int64]string{
		2:  `"email": "PLAIN@example.org ", "donation_date": "2026-04-01 10:00:00", "status": "paid", "amount": "11.00", "currency": "USD", "recurring": true`,
		6:  `"email": "nodate@example.org", "donation_date": "2025-06-01 10:00:00", "status": "paid", "amount": "5", "currency": "USD", "recurring": true`,
		8:  `"email": "old@example.org", "donation_date": null, "status": "paid", "amount": "5", "currency": "USD", "recurring": true, "interval": "1 Y"`,
		24: `"email": "tie@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "50", "currency": "usd", "recurring": true, "first_name": "Zed"`,
		20: `"email": "ref@example.org", "donation_date": "2025-02-01 10:00:00", "status": "refunded", "amount": "4", "currency": "usd", "amount_refunded": "9", "recurring": true`,
		14: `"email": "huge@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "1", "currency": "USD", "recurring": true, "interval": "1 M"`,
		19: `"email": "conv@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "eur", "converted_amount": "5", "converted_currency": "usd"`,
		12: `"email": "dec@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "1.1234", "currency": "USD", "recurring": true, "interval": "1 M", "amount_refunded": "0.5"`,
		16: `"email": "cur@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "eur", "recurring": true`,
	}, remove: []int64{22, 1}},
	{put: map[int64]string{
		23: `"email": "tie@example.org", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "4", "currency": "usd", "recurring": false, "first_name": "Uno"`,
		24: `"email": "", "donation_date": "2025-02-01 10:00:00", "status": "paid", "amount": "50", "currency": "usd", "recurring": true, "first_name": "Zed"`,
		2:  `"email": "other@example.org", "donation_date": "2024-04-01 10:00:00", "status": "Paid", "amount": "11.00", "currency": "USD", "recurring": true`,
		3:  `"email": "other@example.org", "donation_date": "2024-04-01 10:00:01", "status": "paid", "amount": "12.00", "currency": "EUR", "first_name": "Tied"`,
		13: `"email": "dec@example.org", "donation_date": "2025-03-01 10:00:00", "status": "paid", "amount": "2.5", "converted_amount": "3", "converted_currency": "eur", "recurring": true, "interval": "1 M"`,
	}, remove: []int64{6, 7, 9}},
}

// Later syncs that change, refund and remove the odd gifts leave
// rollup_donor_last as the gifts add up, and the reports read from it as
// they read from the gifts.
func TestDonorLastFollowsOddGifts(t *testing.T) {
	ctx := context.Background()
	s, _ := tempStore(t)
	var all []api.Donation
	for i, c := range hostileCases {
		if !strings.HasPrefix(c.name, "2150") && !strings.HasPrefix(c.name, "year 9999") && rolledUp(c.name) {
			all = append(all, hostileGift(t, int64(i+1), c.fields))
		}
	}
	if _, err := s.Put(ctx, all); err != nil {
		t.Fatal(err)
	}
	fastIsSlow(t, s, "stored", oddQueries(), "USD", "EUR", "")
	for i, r := range hostileRounds {
		var changed []api.Donation
		for id, fields := range r.put {
			changed = append(changed, hostileGift(t, id, fields))
		}
		if _, err := s.Put(ctx, changed); err != nil {
			t.Fatal(err)
		}
		if err := s.Finish(ctx, false, r.remove, 100, time.Now()); err != nil {
			t.Fatal(err)
		}
		heldJSON(t, s, fmt.Sprintf("after sync %d", i+1))
		if fastIsSlow(t, s, fmt.Sprintf("after sync %d", i+1), oddQueries(), "USD", "EUR", "") == 0 {
			t.Fatalf("after sync %d no report read rollup_donor_last", i+1)
		}
	}
}
