package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/export"
	"donations/query"
	"donations/report"
	"donations/store"
)

// tiedStore holds donors whose totals tie at the cut of a top 2: a gave
// 300.00, then b, c and d 100.00 each, e 50.00.
func tiedStore(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	var gifts []api.Donation
	for i, g := range []struct{ email, amount string }{
		{"d@example.org", "100.00"}, {"a@example.org", "300.00"}, {"c@example.org", "100.00"},
		{"b@example.org", "60.00"}, {"b@example.org", "40.00"}, {"e@example.org", "50.00"},
	} {
		var d api.Donation
		raw := fmt.Sprintf(`{"id": %d, "email": %q, "donation_date": "2026-03-0%dT10:00:00Z", "status": "paid", "amount": %[4]q, "currency": "USD", "converted_amount": %[4]q, "converted_currency": "USD"}`,
			i+1, g.email, i+1, g.amount)
		if err := json.Unmarshal([]byte(raw), &d); err != nil {
			t.Fatal(err)
		}
		gifts = append(gifts, d)
	}
	if _, err := s.Put(context.Background(), gifts); err != nil {
		t.Fatal(err)
	}
	return s
}

// Insights' top donors and summary --top --by donor cut a tie alike (the
// larger total first, ties by e-mail ascending), and both say how many
// more tie the last one kept.
func TestTopDonorsCutTiesAlikeAndSaySo(t *testing.T) {
	s, ctx := tiedStore(t), context.Background()
	f := query.Filter{Statuses: []string{"paid"}}
	in, err := s.Insight(ctx, f, "month", time.UTC, 2)
	if err != nil {
		t.Fatal(err)
	}
	var insights []string
	for _, d := range in.Top {
		insights = append(insights, d.Email)
	}
	whole, err := s.Whole(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	sum := report.Summary{By: []string{"donor"}, Order: "amount", Desc: true, Top: 2, Whole: whole,
		Groups: func(fn func(store.Group) error) error { return s.EachGroup(ctx, f, []string{"donor"}, time.UTC, fn) }}
	var b bytes.Buffer
	if err := export.WriteSummary(&b, "json", sum, 0); err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Group  string `json:"group"`
		Others int    `json:"others"`
		Ties   int    `json:"ties"`
	}
	if err := json.Unmarshal(b.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	var summary []string
	for _, r := range rows[:2] {
		summary = append(summary, r.Group)
	}
	want := "a@example.org b@example.org"
	if strings.Join(insights, " ") != want || strings.Join(summary, " ") != want {
		t.Errorf("top 2: insights %v, summary %v; want %s", insights, summary, want)
	}
	if in.TopTies != 2 || len(rows) != 3 || rows[2].Others != 3 || rows[2].Ties != 2 {
		t.Errorf("ties past the cut: insights %d, summary %+v; want 2, and 2 of the other row's 3", in.TopTies, rows)
	}
	b.Reset()
	if err := export.WriteSummary(&b, "table", sum, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "2 more tie the last one kept at USD 100.00") {
		t.Errorf("the table does not say that 2 more tie at USD 100.00:\n%s", b.String())
	}
	// No tie at the cut, no note.
	sum.Top = 1
	b.Reset()
	if err := export.WriteSummary(&b, "table", sum, 0); err != nil || strings.Contains(b.String(), "tie") {
		t.Errorf("a cut past a lone total speaks of ties (%v):\n%s", err, b.String())
	}
}
