package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/query"
	"donations/store"
)

// expectGroups adds up the donations by key with api.Decimal, apart from
// the store's SQL: what Groups must agree with.
func expectGroups(all []api.Donation, keep func(*api.Donation) bool, key func(*api.Donation) []string) map[string]store.Group {
	out := map[string]store.Group{}
	for i := range all {
		d := &all[i]
		if !keep(d) {
			continue
		}
		k := key(d)
		g, ok := out[strings.Join(k, "|")]
		if !ok {
			g = store.Group{Key: k, Amounts: map[string]api.Decimal{}, Converted: map[string]api.Decimal{}}
		}
		g.Count++
		if v, ok := d.Amount.Decimal(); ok {
			cur := strings.ToUpper(d.Currency.Value)
			g.Amounts[cur] = g.Amounts[cur].Add(v)
		}
		if v, ok := d.ConvertedAmount.Decimal(); ok {
			cur := strings.ToUpper(d.ConvertedCurrency.Value)
			g.Converted[cur] = g.Converted[cur].Add(v)
		}
		out[strings.Join(k, "|")] = g
	}
	return out
}

func TestGroupsAddUpExactly(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 4000)
	zone := time.FixedZone("east", 10*3600)
	local := func(d *api.Donation) time.Time { at, _ := api.Time(d.DonationDate); return at.In(zone) }
	yes := func(*api.Donation) bool { return true }
	cases := []struct {
		by   []string
		f    query.Filter
		keep func(*api.Donation) bool
		key  func(*api.Donation) []string
	}{
		{nil, query.Filter{}, yes, func(*api.Donation) []string { return []string{} }},
		{[]string{"form"}, query.Filter{}, yes, func(d *api.Donation) []string { return []string{d.FormName.Value} }},
		{[]string{"status", "month"}, query.Filter{}, yes, func(d *api.Donation) []string {
			return []string{strings.ToLower(d.Status.Value), local(d).Format("2006-01")}
		}},
		{[]string{"week"}, query.Filter{Statuses: []string{"paid"}}, func(d *api.Donation) bool { return strings.EqualFold(d.Status.Value, "paid") },
			func(d *api.Donation) []string {
				t := local(d)
				monday := t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
				return []string{monday.Format("2006-01-02")}
			}},
		{[]string{"day", "recurring"}, query.Filter{}, yes, func(d *api.Donation) []string {
			r := "one-time"
			if d.Recurring.Value {
				r = "recurring"
			}
			return []string{local(d).Format("2006-01-02"), r}
		}},
		{[]string{"donor"}, query.Filter{}, yes, func(d *api.Donation) []string { return []string{strings.ToLower(d.Email.Value)} }},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.by), func(t *testing.T) {
			got, err := s.Groups(context.Background(), c.f, c.by, zone)
			if err != nil {
				t.Fatal(err)
			}
			sameGroups(t, got, expectGroups(all, c.keep, c.key))
		})
	}
}

func TestGroupsRefuseAnUnknownKey(t *testing.T) {
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Groups(context.Background(), query.Filter{}, []string{"colour"}, nil); err == nil || !strings.Contains(err.Error(), "payment_type") {
		t.Fatalf("err = %v, want one listing the keys", err)
	}
}

func TestGroupsAddAmountsTheIntegerColumnCannotHold(t *testing.T) {
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var list []api.Donation
	for i, amount := range []string{"0.10", "0.000001", "92233720368547758.07", "0.20"} {
		var d api.Donation
		raw := fmt.Sprintf(`{"id": %d, "amount": %q, "currency": "usd", "status": "paid", "form_name": "F"}`, i+1, amount)
		if err := d.UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatal(err)
		}
		list = append(list, d)
	}
	if _, err := s.Put(context.Background(), list); err != nil {
		t.Fatal(err)
	}
	got, err := s.Groups(context.Background(), query.Filter{}, []string{"form"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Count != 4 || got[0].Amounts["USD"].String() != "92233720368547758.370001" {
		t.Fatalf("groups = %+v, want one of 4 summing to 92233720368547758.370001 USD", got)
	}
}

// One pass gives the same break-downs and top donors as Groups and Donors.
func TestInsightAgreesWithGroupsAndDonors(t *testing.T) {
	skipShort(t)
	s, _ := synced(t, 2500)
	zone := time.FixedZone("west", -5*3600)
	f := query.Filter{Statuses: []string{"paid", "refunded"}}
	in, err := s.Insight(context.Background(), f, "week", zone, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		by  string
		got []store.Group
	}{{"week", in.Periods}, {"form", in.Forms}, {"status", in.Statuses}, {"currency", in.Currencies}, {"payment_type", in.Payments}, {"recurring", in.Recurring}} {
		want, err := s.Groups(context.Background(), f, []string{tc.by}, zone)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(tc.got) != fmt.Sprint(want) {
			t.Errorf("by %s: %v, want %v", tc.by, tc.got, want)
		}
	}
	top, err := s.Donors(context.Background(), f, "total", true, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	for i := range top {
		a, b := in.Top[i], top[i]
		if a.Email != b.Email || a.Total.String() != b.Total.String() || a.Gifts != b.Gifts || a.FirstName != b.FirstName || !a.Last.Equal(b.Last) {
			t.Errorf("top donor %d: %+v, want %+v", i, a, b)
		}
	}
}

// Whole is what an independent addition of every selected donation gives,
// with its recurring part, from the rollups and from the donations alike.
func TestWholeAndItsRecurringPart(t *testing.T) {
	firstPassOnly(t, "the whole and its recurring part against the records")
	_, s, _ := syncedCopy(t, demo.Options{Count: 1500})
	all := windowAll(t, s)
	paid := query.Filter{Statuses: []string{"paid"}}
	for _, f := range []query.Filter{{}, paid} {
		keep := func(d *api.Donation) bool { return f.Statuses == nil || strings.EqualFold(d.Status.Value, "paid") }
		want := expectGroups(all, keep, func(d *api.Donation) []string {
			if d.Recurring.Value {
				return []string{"recurring"}
			}
			return []string{"all"}
		})
		rec := want["recurring"]
		whole := store.NewGroup(nil)
		whole.Add(want["all"])
		whole.Add(rec)
		read := func(s *store.Store) (string, error) {
			w, err := s.Whole(context.Background(), f)
			return fmt.Sprintf("%d %v %v\n%d %v %v", w.All.Count, w.All.Amounts, w.All.Converted,
				w.Recurring.Count, w.Recurring.Amounts, w.Recurring.Converted), err
		}
		got, err := read(s)
		if w := fmt.Sprintf("%d %v %v\n%d %v %v", whole.Count, whole.Amounts, whole.Converted, rec.Count, rec.Amounts, rec.Converted); err != nil || got != w {
			t.Errorf("%+v: %v\n%s\nwant\n%s", f, err, got, w)
		}
		agree(t, s, read)
	}
}
