package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/query"
)

// A summary by donor reads each gift's currencies and key joined by the
// unit separator, and splits them: an address that holds the separator
// (and what looks like a day after it) stays whole, and a store where a
// currency holds it reads the columns apart, with the same groups.
func TestGroupsByDonorSplitHostileText(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, currency string
		perRow         bool
	}{
		{"address", "usd", true},
		{"currency", "u\u001fsd", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := memStore(t)
			var list []api.Donation
			for i, email := range []string{"a\u001f2024-01-01\u001fEUR@x.org", "a\u001f2024-01-01\u001fEUR@x.org", "b@x.org"} {
				raw := fmt.Sprintf(`{"id": %d, "email": %s, "donation_date": "2024-03-0%d 12:00:00", "status": "paid",
					"amount": "%d.50", "currency": %s, "converted_amount": "%d.50", "converted_currency": "eur"}`, i+1, jsonText(email), 1+i/2, i+1, jsonText(tc.currency), i+1)
				var d api.Donation
				if err := d.UnmarshalJSON([]byte(raw)); err != nil {
					t.Fatal(err)
				}
				list = append(list, d)
			}
			if _, err := s.Put(ctx, list); err != nil {
				t.Fatal(err)
			}
			src, err := s.groupSource(ctx, filter{Filter: query.Filter{Statuses: PaidStatuses}}, []string{"donor", "day"}, time.UTC)
			if err != nil || src.perRow != tc.perRow {
				t.Fatalf("read row by row: %v, %v; want %v", src.perRow, err, tc.perRow)
			}
			gs, err := s.Groups(ctx, query.Filter{Statuses: PaidStatuses}, []string{"donor", "day"}, time.UTC)
			if err != nil {
				t.Fatal(err)
			}
			cur := strings.ToUpper(tc.currency)
			var got []string
			for _, g := range gs {
				got = append(got, fmt.Sprintf("%q %d %s %s", g.Key, g.Count, g.Amounts[cur], g.Converted["EUR"]))
			}
			want := []string{
				fmt.Sprintf("%q 2 4.00 4.00", []string{"a\x1f2024-01-01\x1feur@x.org", "2024-03-01"}),
				fmt.Sprintf("%q 1 3.50 3.50", []string{"b@x.org", "2024-03-02"}),
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("groups\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// jsonText is s as a JSON string, its controls escaped as JSON does.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
