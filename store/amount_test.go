package store_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/query"
	"donations/store"
)

// put stores records given as JSON in a memory store.
func put(t *testing.T, records ...string) *store.Store {
	t.Helper()
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	list := make([]api.Donation, len(records))
	for i, r := range records {
		if err := json.Unmarshal([]byte(r), &list[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Put(context.Background(), list); err != nil {
		t.Fatal(err)
	}
	return s
}

// Amounts the integer column cannot hold (more than four decimals, over a
// billion, written with an exponent) are bounded and sorted by their value,
// as every other amount is, and the same filter adds them up.
func TestAmountsPastTheIntegerColumnFilterAndSort(t *testing.T) {
	huge := "1" + strings.Repeat("0", 399)
	s := put(t,
		`{"id":1,"amount":"10.00","currency":"USD"}`,
		`{"id":2,"amount":"1E3","currency":"USD"}`,
		`{"id":3,"amount":12.345678901234567,"currency":"USD"}`,
		`{"id":4,"amount":"`+huge+`","currency":"USD"}`,
		`{"id":5,"amount":"5","currency":"USD"}`,
		`{"id":6,"amount":"-2.5e1","currency":"USD"}`,
		`{"id":7,"amount":"N/A","currency":"USD"}`,
	)
	ids := func(q query.Query) []int64 {
		var out []int64
		err := s.Donations(context.Background(), q, 0, -1, func(d *api.Donation) error {
			out = append(out, d.ID.Value)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	bound := func(v string) *api.Decimal {
		d, err := api.ParseAmountBound(v)
		if err != nil {
			t.Fatal(err)
		}
		return &d
	}
	for _, tc := range []struct {
		name string
		q    query.Query
		want []int64
	}{
		{"min 0", query.Query{Sort: "id", Filter: query.Filter{MinAmount: bound("0")}}, []int64{1, 2, 3, 4, 5}},
		{"min 12.3457", query.Query{Sort: "id", Filter: query.Filter{MinAmount: bound("12.3457")}}, []int64{2, 4}},
		{"min 12.3456", query.Query{Sort: "id", Filter: query.Filter{MinAmount: bound("12.3456")}}, []int64{2, 3, 4}},
		{"max 1000", query.Query{Sort: "id", Filter: query.Filter{MaxAmount: bound("1000")}}, []int64{1, 2, 3, 5, 6}},
		{"by amount", query.Query{Sort: "amount"}, []int64{7, 6, 5, 1, 3, 2, 4}},
		{"by amount, descending", query.Query{Sort: "amount", Desc: true}, []int64{4, 2, 3, 1, 5, 6, 7}},
	} {
		if got := ids(tc.q); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	g, err := s.Groups(context.Background(), query.Filter{MinAmount: bound("0")}, []string{"currency"}, nil)
	if err != nil || len(g) != 1 {
		t.Fatalf("%v %v", g, err)
	}
	want := huge[:len(huge)-4] + "1027.345678901234567" // 10^399 + 1000 + 12.345678901234567 + 10 + 5
	if got := g[0].Amounts["USD"].String(); got != want || g[0].Count != 5 {
		t.Errorf("sum %s over %d, want %s over 5", got, g[0].Count, want)
	}
}
