package store_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/query"
)

func TestDonorsAddUpEachDonorsGifts(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 3000)
	type want struct {
		gifts     int
		total     api.Decimal
		recurring bool
		latest    api.Donation
	}
	byEmail := map[string]*want{}
	for _, d := range all {
		if d.Status.Value != "paid" {
			continue
		}
		k := strings.ToLower(d.Email.Value)
		w := byEmail[k]
		if w == nil {
			w = &want{}
			byEmail[k] = w
		}
		w.gifts++
		v, _ := d.ConvertedAmount.Decimal()
		w.total = w.total.Add(v)
		w.recurring = w.recurring || d.Recurring.Value
		at, _ := api.Time(d.DonationDate)
		if prev, _ := api.Time(w.latest.DonationDate); w.latest.ID.Value == 0 || !at.Before(prev) {
			w.latest = d
		}
	}
	f := query.Filter{Statuses: []string{"paid"}}
	donors, err := s.Donors(context.Background(), f, "total", true, 0, 40)
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.DonorCount(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(byEmail) || len(donors) != 40 {
		t.Fatalf("%d donors (%d listed), want %d", n, len(donors), len(byEmail))
	}
	for i, d := range donors {
		w := byEmail[d.Email]
		if w == nil || d.Gifts != w.gifts || d.Total.String() != w.total.String() || d.Recurring != w.recurring ||
			d.FirstName != w.latest.FirstName.Value || d.LastName != w.latest.LastName.Value || d.Currency != "USD" {
			t.Fatalf("donor %s = %+v, want %d gifts, %s, recurring %v, named %s %s", d.Email, d, w.gifts, w.total, w.recurring,
				w.latest.FirstName.Value, w.latest.LastName.Value)
		}
		if i > 0 && strings.HasPrefix(donors[i-1].Total.Sub(d.Total).String(), "-") {
			t.Errorf("donor %d (%s) is above a larger total (%s)", i-1, donors[i-1].Total, d.Total)
		}
	}
	page2, err := s.Donors(context.Background(), f, "total", true, 40, 40)
	if err != nil || len(page2) != 40 || page2[0].Email == donors[39].Email {
		t.Errorf("the next 40: %d donors, %v", len(page2), err)
	}
	if _, err := s.Donors(context.Background(), f, "colour", false, 0, 10); err == nil {
		t.Error("an unknown sort was accepted")
	}
}

func TestMedianIsTheMiddleGift(t *testing.T) {
	groupedFirstPassOnly(t, "the median of each rule's gifts")
	s, all := synced(t, 1001)
	for _, tc := range []struct {
		name string
		f    query.Filter
		keep func(api.Donation) bool
	}{
		{"all", query.Filter{}, func(api.Donation) bool { return true }},
		{"paid", query.Filter{Statuses: []string{"paid"}}, func(d api.Donation) bool { return d.Status.Value == "paid" }},
		{"refunded", query.Filter{Statuses: []string{"refunded"}}, func(d api.Donation) bool { return d.Status.Value == "refunded" }},
		{"all but refunded", query.Filter{Statuses: []string{"paid", "pending", "failed", "disputed"}},
			func(d api.Donation) bool {
				return slices.Contains([]string{"paid", "pending", "failed", "disputed"}, d.Status.Value)
			}},
	} {
		var vals []api.Decimal
		for _, d := range all {
			if v, ok := d.ConvertedAmount.Decimal(); ok && tc.keep(d) {
				vals = append(vals, v)
			}
		}
		slices.SortFunc(vals, func(a, b api.Decimal) int {
			switch d := a.Sub(b).String(); {
			case strings.HasPrefix(d, "-"):
				return -1
			case strings.Trim(d, "0.") == "":
				return 0
			}
			return 1
		})
		want := vals[(len(vals)-1)/2]
		if len(vals)%2 == 0 {
			sum, _ := api.ParseDecimal(vals[len(vals)/2-1].Add(vals[len(vals)/2]).String())
			half, _ := sum.Scaled(5)
			want = api.ScaledDecimal(half*5/10, 5)
		}
		got, n, err := s.Median(context.Background(), tc.f)
		if err != nil || n != len(vals) || got.String() != want.String() {
			t.Errorf("%s: median %s of %d (%v), want %s of %d", tc.name, got, n, err, want, len(vals))
		}
	}
}
