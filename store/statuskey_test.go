package store_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"donations/api"
	"donations/query"
	"donations/store"
)

// A status is keyed as the filters and reports ask for it: trimmed and in
// lower case. " Paid " was kept as " paid", which no --status matched and
// no report counted as paid.
func TestAStatusSentPaddedCountsAsItsWord(t *testing.T) {
	s, _ := tempStore(t)
	var gifts []api.Donation
	for i, st := range []string{"paid", " Paid ", "PAID\n", "refunded"} {
		gifts = append(gifts, hostileGift(t, int64(i+1),
			`"email": "a@example.org", "donation_date": "2026-04-01 10:00:00", "amount": "5", "currency": "USD", "status": `+strconv.Quote(st)))
	}
	if _, err := s.Put(context.Background(), gifts); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		statuses []string
		want     int
	}{{[]string{"paid"}, 3}, {[]string{" PAID"}, 3}, {[]string{"refunded"}, 1}} {
		n, err := s.Count(context.Background(), query.Query{Filter: query.Filter{Statuses: tc.statuses}})
		if err != nil {
			t.Fatal(err)
		}
		if n != tc.want {
			t.Errorf("--status %q finds %d gifts, want %d", tc.statuses, n, tc.want)
		}
	}
}

// A store that an earlier version keyed padded statuses in (as it kept
// " Paid " as " paid ") is keyed again when it is rebuilt: its gifts are
// then found by --status paid and counted as paid in its sums and donors.
func TestAStoreOfPaddedStatusesIsKeyedAgain(t *testing.T) {
	ctx := context.Background()
	s, path := tempStore(t)
	var gifts []api.Donation
	for i, st := range []string{"paid", " Paid ", "PAID\n", "\u00a0paid\u3000", "refunded"} {
		gifts = append(gifts, hostileGift(t, int64(i+1),
			`"email": "a@example.org", "donation_date": "2026-04-01 10:00:00", "amount": "5", "currency": "USD", "status": `+strconv.Quote(st)))
	}
	if _, err := s.Put(ctx, gifts); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Keyed as an older store keyed them: lower case, untrimmed. The
	// triggers move the sums and donors along, as that store added them up.
	craft(t, path, `UPDATE donations SET status_key = ' paid ' WHERE id = 2`, "UPDATE donations SET status_key = 'paid\n' WHERE id = 3",
		"UPDATE donations SET status_key = '\u00a0paid\u3000' WHERE id = 4", fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
	s = open(t, path)
	n, err := s.Count(ctx, query.Query{Filter: query.Filter{Statuses: []string{"paid"}}})
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 {
		t.Errorf("--status paid finds %d gifts after the rebuild, want 4", n)
	}
	g, err := s.Groups(ctx, query.Filter{}, []string{"status"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(g) != 2 {
		t.Errorf("the gifts fall in %d statuses after the rebuild, want paid and refunded: %v", len(g), g)
	}
	rollupsAgree(t, s)
	d, err := s.Donors(ctx, query.Filter{Statuses: store.PaidStatuses}, "total", true, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(d) != 1 || d[0].Gifts != 4 {
		t.Errorf("the donor's paid gifts after the rebuild: %+v, want one donor of 4", d)
	}
}
