package ask

import (
	"donations/query"
	"errors"
	"strings"
	"testing"
	"time"
)

var now = time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func TestReadEveryField(t *testing.T) {
	q, errs := Read(Texts{"email": "a@b.org", "first_name": "Zoë", "last_name": "Lefèvre", "campaign_id": "101", "id": "7",
		"dates": "last month", "status": "paid, refunded", "amount": "25..100", "currency": "eur", "form": "Spring Appeal",
		"recurring": "yes", "tribute": "no", "anonymous": "y", "search": "zoe lef"}, now)
	if errs != nil {
		t.Fatal(errs)
	}
	f := q.Filter
	switch {
	case q.Query.Email != "a@b.org" || q.Query.FirstName != "Zoë" || q.Query.LastName != "Lefèvre" || q.Query.CampaignID != 101 || q.Query.ID != 7:
		t.Errorf("server filters: %+v", q.Query)
	case f.Dates.Since != day(2026, 2, 1) || f.Dates.Until != day(2026, 3, 1):
		t.Errorf("dates: %v", f.Dates)
	case strings.Join(f.Statuses, "|") != "paid|refunded":
		t.Errorf("statuses: %q", f.Statuses)
	case f.MinAmount.String() != "25.00" || f.MaxAmount.String() != "100.00":
		t.Errorf("amounts: %v..%v", f.MinAmount, f.MaxAmount)
	case f.Currency != "eur" || f.Form != "Spring Appeal" || f.Search != "zoe lef":
		t.Errorf("texts: %+v", f)
	case f.Recurring != query.Yes || f.Tribute != query.No || f.Anonymous != query.Yes:
		t.Errorf("yes/no: %v %v %v", f.Recurring, f.Tribute, f.Anonymous)
	case f.Email != "" || f.ID != 0:
		t.Errorf("the store filter holds the server's: %+v", f)
	}
	if s := q.Store(true); s.Email != "a@b.org" || s.ID != 7 || s.Currency != "eur" {
		t.Errorf("Store(true) = %+v", s)
	}
}

func TestReadDates(t *testing.T) {
	for _, tc := range []struct {
		text         string
		since, until time.Time
	}{
		{"last month", day(2026, 2, 1), day(2026, 3, 1)},
		{"this year", day(2026, 1, 1), day(2027, 1, 1)},
		{"2026-03-01", day(2026, 3, 1), day(2026, 3, 2)},
		{"2026-03-01..2026-03-31", day(2026, 3, 1), day(2026, 4, 1)},
		{"last month..", day(2026, 2, 1), time.Time{}},
		{"..last month", time.Time{}, day(2026, 3, 1)},
		{"14d", now.AddDate(0, 0, -14), time.Time{}},
		{"today", day(2026, 3, 15), day(2026, 3, 16)},
	} {
		q, errs := Read(Texts{"dates": tc.text}, now)
		if errs != nil || !q.Filter.Dates.Since.Equal(tc.since) || !q.Filter.Dates.Until.Equal(tc.until) {
			t.Errorf("%q: %v (%v); want %v..%v", tc.text, q.Filter.Dates, errs, tc.since, tc.until)
		}
	}
}

func TestReadRefuses(t *testing.T) {
	for _, tc := range []struct {
		field, text, want string
	}{
		{"email", "nobody", "looks like name@example.org"},
		{"id", "0", "not a whole number above 0"},
		{"campaign_id", "abc", "not a whole number above 0"},
		{"dates", "yesterday", "not a date"},
		{"dates", "2026-03-10..2026-03-01", "is not before"},
		{"amount", "100..10", "the least amount, 100, is above the most, 10"},
		{"amount", "1.00001", "more than 4 decimals"},
		{"amount", "5,00..", "use a dot for decimals: 5.00"},
		{"amount", "12345678901234567890123", "too long"},
		{"recurring", "maybe", "not yes or no"},
		{"status", ",", "name a status"},
		{"search", "zoe\x00\x1b[2J", "control characters"},
		{"search", strings.Repeat("x", 400), "longer than"},
		{"colour", "red", "not a filter"},
	} {
		q, errs := Read(Texts{tc.field: tc.text}, now)
		if !strings.Contains(errs[tc.field], tc.want) {
			t.Errorf("%s=%q: errors %v; want %q", tc.field, tc.text, errs, tc.want)
		}
		if q.Has(tc.field) {
			t.Errorf("%s=%q: kept in the question", tc.field, tc.text)
		}
	}
}

func TestWithAndOnly(t *testing.T) {
	q, _ := Read(Texts{"email": "a@b.org", "status": "paid"}, now)
	q.Query.PerPage, q.Sort, q.Desc = 20, "amount", true
	n, err := q.With("email", "", now)
	if err != nil || n.Has("email") || !n.Has("status") || n.Query.PerPage != 20 || n.Sort != "amount" || !n.Desc {
		t.Errorf("With dropped the wrong things: %+v, %v", n, err)
	}
	if !q.Has("email") {
		t.Error("With changed the question it was called on")
	}
	if _, err := q.With("id", "x", now); err == nil {
		t.Error("With took a bad id")
	}
	kept := q.Only(func(f Field) bool { return !f.OneOff }, now)
	if kept.Has("email") || !kept.Has("status") || kept.Sort != "amount" {
		t.Errorf("Only kept %v", kept.Texts)
	}
}

func TestCheck(t *testing.T) {
	known := func(col string) ([]string, error) {
		return map[string][]string{"status": {"paid", "refunded", "pending"}, "form": {"Spring Appeal", "General Fund"},
			"currency": {"EUR", "USD"}}[col], nil
	}
	for _, tc := range []struct {
		texts Texts
		want  string
	}{
		{Texts{"status": "paid, REFUNDED", "form": "spring appeal", "currency": "usd"}, ""},
		{Texts{"status": "refundd"}, `status: no donation has "refundd" (did you mean "refunded"?)`},
		{Texts{"form": "Spring"}, `form: no donation has "Spring" (did you mean "Spring Appeal"?)`},
		{Texts{"status": "bounced"}, `status: no donation has "bounced" (the donations have paid, refunded, pending)`},
	} {
		q, _ := Read(tc.texts, now)
		err := q.Check(known)
		if got := ""; err != nil {
			got = err.Error()
			if got != tc.want {
				t.Errorf("%v: %q; want %q", tc.texts, got, tc.want)
			}
		} else if tc.want != "" {
			t.Errorf("%v: no error; want %q", tc.texts, tc.want)
		}
	}
	broken := errors.New("disk")
	q, _ := Read(Texts{"status": "paid"}, now)
	if err := q.Check(func(string) ([]string, error) { return nil, broken }); !errors.Is(err, broken) {
		t.Errorf("a store error became %v", err)
	}
}

func TestParseSort(t *testing.T) {
	for _, tc := range []struct {
		in, key string
		desc    bool
		bad     bool
	}{{"date", "", false, false}, {"-amount", "amount", true, false}, {"name", "name", false, false}, {"nope", "", false, true}} {
		k, d, err := ParseSort(tc.in)
		if k != tc.key || d != tc.desc || (err != nil) != tc.bad {
			t.Errorf("%q: %q %v %v", tc.in, k, d, err)
		}
	}
}
