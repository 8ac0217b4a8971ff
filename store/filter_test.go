package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// synced is a memory store holding the whole demo of n donations, and the
// donations as decoded, for computing what a query should answer.
func synced(t *testing.T, n int) (*store.Store, []api.Donation) {
	t.Helper()
	srv := server(t, demo.Options{Count: n})
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
	var all []api.Donation
	err = s.Window(context.Background(), query.Query{Sort: "id"}, 0, -1, func(raw []byte) error {
		var d api.Donation
		if err := d.UnmarshalJSON(raw); err != nil {
			return err
		}
		all = append(all, d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s, all
}

func dec(t *testing.T, s string) *api.Decimal {
	d, err := api.ParseDecimal(s)
	if err != nil {
		t.Fatal(err)
	}
	return &d
}

func TestFiltersSelectWhatTheyName(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 3000)
	mid, _ := api.Time(all[len(all)/2].DonationDate)
	late, _ := api.Time(all[len(all)*3/4].DonationDate)
	first := all[7]
	amount := func(d *api.Donation) api.Decimal { v, _ := d.Amount.Decimal(); return v }
	between := func(d *api.Donation, lo, hi string) bool {
		v := amount(d)
		return v.Sub(*dec(t, lo)).String()[0] != '-' && dec(t, hi).Sub(v).String()[0] != '-'
	}
	cases := []struct {
		name string
		f    query.Filter
		want func(d *api.Donation) bool
	}{
		{"everything", query.Filter{}, func(*api.Donation) bool { return true }},
		{"date range", query.Filter{Dates: api.DateRange{Since: mid, Until: late}}, func(d *api.Donation) bool {
			t, ok := api.Time(d.DonationDate)
			return ok && !t.Before(mid) && t.Before(late)
		}},
		{"since only", query.Filter{Dates: api.DateRange{Since: late}}, func(d *api.Donation) bool {
			t, ok := api.Time(d.DonationDate)
			return ok && !t.Before(late)
		}},
		{"statuses", query.Filter{Statuses: []string{"Refunded", "failed"}}, func(d *api.Donation) bool {
			return slices.Contains([]string{"refunded", "failed"}, strings.ToLower(d.Status.Value))
		}},
		{"amount range, bounds included", query.Filter{MinAmount: dec(t, "25"), MaxAmount: dec(t, "100.00")}, func(d *api.Donation) bool {
			return d.Amount.Valid && between(d, "25", "100")
		}},
		{"currency", query.Filter{Currency: "eur"}, func(d *api.Donation) bool { return strings.EqualFold(d.Currency.Value, "EUR") }},
		{"form", query.Filter{Form: strings.ToUpper(first.FormName.Value)}, func(d *api.Donation) bool { return d.FormName.Value == first.FormName.Value }},
		{"recurring", query.Filter{Recurring: query.Yes}, func(d *api.Donation) bool { return d.Recurring.Value }},
		{"not recurring, a tribute", query.Filter{Recurring: query.No, Tribute: query.Yes}, func(d *api.Donation) bool { return !d.Recurring.Value && d.Honor != nil }},
		{"anonymous", query.Filter{Anonymous: query.Yes}, func(d *api.Donation) bool { return d.Anonymous.Value }},
		{"search and status", query.Filter{Search: strings.ToLower(first.LastName.Value), Statuses: []string{first.Status.Value}}, func(d *api.Donation) bool {
			return strings.Contains(store.Fold(d.DonorName()+" "+d.Email.Value+" "+d.FormName.Value+" "+d.City.Value+" "+honoree(d)+" "+d.Status.Value), store.Fold(first.LastName.Value)) &&
				strings.EqualFold(d.Status.Value, first.Status.Value)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var want []int64
			for i := range all {
				if c.want(&all[i]) {
					want = append(want, all[i].ID.Value)
				}
			}
			if len(want) == 0 || c.name != "everything" && len(want) == len(all) {
				t.Fatalf("the case selects %d of %d: pick one that tells", len(want), len(all))
			}
			var got []int64
			err := s.Window(context.Background(), query.Query{Filter: c.f, Sort: "id"}, 0, -1, func(raw []byte) error {
				var d api.Donation
				err := d.UnmarshalJSON(raw)
				got = append(got, d.ID.Value)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("got %d donations, want %d (first difference at %d)", len(got), len(want), firstDiff(got, want))
			}
			if n, err := s.Count(context.Background(), query.Query{Filter: c.f}); err != nil || n != len(want) {
				t.Fatalf("Count = %d, %v; want %d", n, err, len(want))
			}
		})
	}
}

// honoree is what the search holds of a tribute: its type, the honoree,
// the recipient and the message.
func honoree(d *api.Donation) string {
	if d.Honor == nil {
		return ""
	}
	h := d.Honor
	return h.TributeType.Value + " " + h.HonoreeName.Value + " " + h.RecipientName.Value + " " + h.RecipientMessage.Value
}

func TestAnAmountBoundTheStoreCannotCompareIsAnError(t *testing.T) {
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = s.Count(context.Background(), query.Query{Filter: query.Filter{MinAmount: dec(t, "1.00001")}})
	if err == nil || !strings.Contains(err.Error(), "1.00001") {
		t.Fatalf("err = %v, want one naming the bound", err)
	}
}

func TestDateFiltersUseTheInstantNotTheWrittenZone(t *testing.T) {
	s, all := synced(t, 500)
	d := all[100]
	at, _ := api.Time(d.DonationDate)
	in := time.FixedZone("far", 13*3600)
	q := query.Query{Filter: query.Filter{Dates: api.DateRange{Since: at.In(in), Until: at.Add(time.Millisecond)}}}
	var ids []int64
	err := s.Window(context.Background(), q, 0, -1, func(raw []byte) error {
		var got api.Donation
		err := got.UnmarshalJSON(raw)
		ids = append(ids, got.ID.Value)
		return err
	})
	if err != nil || !slices.Contains(ids, d.ID.Value) {
		t.Fatalf("a range of one millisecond around donation %d found %v, %v", d.ID.Value, ids, err)
	}
}

// The form and the donor's names match as SQLite's lower() matches them,
// which folds ASCII letters alone (the others match as they are written):
// the argument lower-cased in Go as well (É to é) matched no form named
// "Été" however it was typed.
func TestNamesWithLettersBeyondASCIIMatch(t *testing.T) {
	ctx := context.Background()
	s, err := store.Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var list []api.Donation
	for i, who := range [][3]string{{"Émile", "Zola", "Été"}, {"Ana", "Ólafsdóttir", "Spring Gala"}, {"Bob", "Smith", "Winter"}} {
		var d api.Donation
		raw := fmt.Sprintf(`{"id": %d, "email": "d%d@example.org", "donation_date": "2024-03-01 12:00:00", "status": "paid",
			"amount": "1", "currency": "usd", "first_name": %q, "last_name": %q, "form_name": %q}`, i+1, i, who[0], who[1], who[2])
		if err := d.UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatal(err)
		}
		list = append(list, d)
	}
	if _, err := s.Put(ctx, list); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    query.Filter
		want int
	}{
		{query.Filter{Form: "Été"}, 1}, {query.Filter{Form: " ÉTé "}, 1}, {query.Filter{Form: "spring GALA"}, 1},
		{query.Filter{FirstName: "Émile"}, 1}, {query.Filter{FirstName: "ÉMILE"}, 1}, {query.Filter{LastName: "ÓLAFSDóTTIR"}, 1},
	} {
		if n, err := s.Count(ctx, query.Query{Filter: c.f}); err != nil || n != c.want {
			t.Errorf("%+v counts %d, %v; want %d", c.f, n, err, c.want)
		}
	}
}
