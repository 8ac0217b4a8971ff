package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/query"
	"donations/store"
)

// Grouping by donor reads donations_donor in its own order (finer than the
// keys, the rows of one key added up in Go): every grouping that takes it,
// filtered or not, must agree with the donations added up one by one, on
// donors without an e-mail, several currencies per donor, missing
// currencies and amounts the integer columns cannot hold.
func TestGroupsByDonorAgreeWithTheDonations(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 3000)
	odd := oddDonations(t)
	if _, err := s.Put(context.Background(), odd); err != nil {
		t.Fatal(err)
	}
	all = append(all, odd...)
	day := func(d *api.Donation) string {
		at, ok := api.Time(d.DonationDate)
		if !ok {
			return ""
		}
		return at.In(time.Local).Format("2006-01-02")
	}
	email := func(d *api.Donation) string { return strings.ToLower(d.Email.Value) }
	yes := func(*api.Donation) bool { return true }
	paid := func(d *api.Donation) bool { return strings.EqualFold(d.Status.Value, "paid") }
	cases := []struct {
		by   []string
		f    query.Filter
		keep func(*api.Donation) bool
		key  func(*api.Donation) []string
	}{
		{[]string{"donor"}, query.Filter{}, yes, func(d *api.Donation) []string { return []string{email(d)} }},
		{[]string{"donor"}, query.Filter{Statuses: []string{"paid"}}, paid, func(d *api.Donation) []string { return []string{email(d)} }},
		{[]string{"donor", "day"}, query.Filter{}, yes, func(d *api.Donation) []string { return []string{email(d), day(d)} }},
		{[]string{"donor", "month"}, query.Filter{Statuses: []string{"paid"}}, paid, func(d *api.Donation) []string {
			return []string{email(d), day(d)[:min(7, len(day(d)))]}
		}},
		{[]string{"day", "donor"}, query.Filter{}, yes, func(d *api.Donation) []string { return []string{day(d), email(d)} }},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.by, c.f.Statuses), func(t *testing.T) {
			got, err := s.Groups(context.Background(), c.f, c.by, time.Local)
			if err != nil {
				t.Fatal(err)
			}
			sameGroups(t, got, expectGroups(all, c.keep, c.key))
		})
	}
}

// oddDonations are what the demo seldom sends: no e-mail, no currency, an
// amount past the integer columns, one of six decimals, two currencies and
// two conversions for one donor.
func oddDonations(t *testing.T) []api.Donation {
	var out []api.Donation
	for i, fields := range []string{
		`"amount": "10.50", "currency": "usd", "converted_amount": "10.50", "converted_currency": "usd"`,
		`"amount": "0.000001", "currency": "eur", "converted_amount": "0.0000012", "converted_currency": "usd"`,
		`"amount": "92233720368547758.07", "currency": "usd", "converted_amount": "92233720368547758.07", "converted_currency": "usd"`,
		`"amount": "922337203685.47", "currency": "usd", "converted_amount": "922337203685.47", "converted_currency": "eur"`,
		`"amount": "3", "converted_amount": "3"`,
		`"amount": "7.25", "currency": "gbp", "email": ""`,
		`"amount": "1.75", "currency": "gbp"`,
	} {
		email := `"email": "odd@example.org", `
		if strings.Contains(fields, `"email"`) || i == 6 {
			email = ""
		}
		raw := fmt.Sprintf(`{"id": %d, %s"donation_date": "2024-03-0%d 12:00:00", "status": "paid", %s}`, 900000+i, email, 1+i%3, fields)
		var d api.Donation
		if err := d.UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// sameGroups fails unless got holds want's groups, in key order.
func sameGroups(t *testing.T, got []store.Group, want map[string]store.Group) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d groups, want %d", len(got), len(want))
	}
	for i, g := range got {
		if i > 0 && strings.Join(got[i-1].Key, "\x00") >= strings.Join(g.Key, "\x00") {
			t.Fatalf("groups out of order: %q before %q", got[i-1].Key, g.Key)
		}
		w, ok := want[strings.Join(g.Key, "|")]
		if !ok || w.Count != g.Count || fmt.Sprint(w.Amounts) != fmt.Sprint(g.Amounts) || fmt.Sprint(w.Converted) != fmt.Sprint(g.Converted) {
			t.Fatalf("group %q = %d %v %v, want %d %v %v", g.Key, g.Count, g.Amounts, g.Converted, w.Count, w.Amounts, w.Converted)
		}
	}
}
