package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// The donors table counts a gift refunded in part less the part refunded,
// as every other sum does: each donor's total, under each rule the browser
// counts by, is what the records served add up to (apitest.NetOf), on a
// store synced from the Donorbox shape, which refunds some gifts in part,
// as a refund in part comes later, and on one of an older version rebuilt
// from its records, whose totals were whole.
func TestDonorsCountAGiftLessItsRefundedPart(t *testing.T) {
	groupedFirstPassOnly(t, "each donor's total net of refunds in part, synced and rebuilt")
	s, path, _, c := syncedFile(t, demo.Options{Count: 600, Shape: demo.ShapeDonorbox}, dataset.SyncOptions{})
	all := apitest.Every(t, c)
	rules := []struct {
		name   string
		f      query.Filter
		counts func(status string) bool
	}{
		{"every gift", query.Filter{}, func(string) bool { return true }},
		{"paid", query.Filter{Statuses: store.PaidStatuses}, func(st string) bool { return slices.Contains(store.PaidStatuses, st) }},
		{"all but refunded", query.Filter{Statuses: []string{"paid", "pending", "failed", "disputed"}},
			func(st string) bool { return st != "" && st != store.Refunded }},
	}
	check := func(s *store.Store, when string) {
		t.Helper()
		for _, r := range rules {
			want, refunded := netByDonor(t, all, r.counts)
			if refunded == 0 {
				t.Fatalf("%s: no gift counted is refunded in part: the test tells nothing", r.name)
			}
			if src, err := s.DonorSource(context.Background(), r.f); err != nil || strings.Contains(src, "FROM donations") {
				t.Fatalf("%s %s: the donors are added up from the gifts, not read from the donors table: %s (%v)", when, r.name, src, err)
			}
			got, err := s.Donors(context.Background(), r.f, "email", false, 0, len(all))
			if err != nil || len(got) != len(want) {
				t.Fatalf("%s %s: %d donors (%v), want %d", when, r.name, len(got), err, len(want))
			}
			for _, d := range got {
				if w := want[d.Email]; d.Total.Compare(w) != 0 {
					t.Fatalf("%s %s: donor %q totals %s, the records %s", when, r.name, d.Email, d.Total, w)
				}
			}
		}
	}
	check(s, "synced,")
	// A refund in part that comes later adds its donor up again.
	i := slices.IndexFunc(all, func(d api.Donation) bool {
		g, ok := apitest.NetOf(t, &d)
		return ok && g.Converted && g.Part == 0 && g.Status == "paid" && d.Email.Value != "" && g.Net >= 10_000
	})
	all[i] = refundedInPart(t, all[i], "1.00")
	if _, err := s.Put(context.Background(), all[i:i+1]); err != nil {
		t.Fatal(err)
	}
	check(s, "refunded in part later,")
	s.Close()
	craft(t, path, `UPDATE donors SET total = 0, paid_total = 0, unrefunded_total = 0`, fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
	check(open(t, path), "rebuilt,")
}

// netByDonor adds up by e-mail (as the store keys it) the converted gifts
// of the statuses counts takes, each less its part refunded; refunded is
// how many of them were refunded in part.
func netByDonor(t *testing.T, all []api.Donation, counts func(status string) bool) (totals map[string]api.Decimal, refunded int) {
	totals = map[string]api.Decimal{}
	for i := range all {
		g, ok := apitest.NetOf(t, &all[i])
		if !ok || !counts(g.Status) {
			continue
		}
		email := strings.ToLower(strings.TrimSpace(all[i].Email.Value))
		var net api.Decimal // a gift without a conversion adds nothing to the total (Donor.Inexact counts it)
		if g.Converted {
			net = api.ScaledDecimal(g.Net, 4)
		}
		totals[email] = totals[email].Add(net)
		if g.Part > 0 {
			refunded++
		}
	}
	return totals, refunded
}

// refundedInPart is d as the server sends it once part of it is refunded.
func refundedInPart(t *testing.T, d api.Donation, part string) api.Donation {
	var fields map[string]any
	if err := json.Unmarshal(d.Raw, &fields); err != nil {
		t.Fatal(err)
	}
	fields["amount_refunded"] = part
	raw, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	var out api.Donation
	if err := out.UnmarshalJSON(raw); err != nil {
		t.Fatal(err)
	}
	return out
}
