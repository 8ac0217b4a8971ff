package store_test

import (
	"context"
	"strconv"
	"testing"

	"donations/api"
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
		n, err := s.Count(context.Background(), store.Query{Filter: store.Filter{Statuses: tc.statuses}})
		if err != nil {
			t.Fatal(err)
		}
		if n != tc.want {
			t.Errorf("--status %q finds %d gifts, want %d", tc.statuses, n, tc.want)
		}
	}
}
