package export

import (
	"bytes"
	"strings"
	"testing"

	"donations/api"
	"donations/report"
	"donations/textsafe"
)

// On a terminal the lapsed donors' table fits the width by dropping
// columns in the order a fundraiser needs (lifetime, gifts, name first),
// keeping the e-mail, the year's total and the last gift; no line is
// cut, so no number is.
func TestLapsedTableFitsTheTerminal(t *testing.T) {
	donors := []report.LapsedDonor{
		{Email: "someone.with.a.long.address@example.org", FirstName: "Someone", LastName: "With A Long Name",
			LastGift: "2025-11-30", LastYear: 2025, LastYearTotal: api.ScaledDecimal(123456789, 2),
			Lifetime: api.ScaledDecimal(987654321, 2), Gifts: 1234},
		{Email: "b@example.org", FirstName: "B", LastGift: "2025-01-02", LastYear: 2025,
			LastYearTotal: api.ScaledDecimal(500, 2), Lifetime: api.ScaledDecimal(500, 2), Gifts: 1},
	}
	each := func(fn func(report.LapsedDonor) error) error {
		for _, d := range donors {
			if err := fn(d); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range []struct {
		width      int
		shown, not []string
	}{
		{80, []string{"E-MAIL", "LAST GIFT", "YEAR TOTAL USD", "1,234,567.89", "someone.with.a.long.address@exa…"},
			[]string{"LIFETIME", "GIFTS", "NAME"}},
		{100, []string{"E-MAIL", "NAME", "LAST GIFT", "LAST YEAR", "YEAR TOTAL USD", "1,234,567.89", "GIFTS", "1,234"},
			[]string{"LIFETIME"}},
		{120, []string{"E-MAIL", "NAME", "LAST GIFT", "YEAR TOTAL USD", "LIFETIME USD", "9,876,543.21", "GIFTS"},
			[]string{"OTHER CURRENCIES"}},
		{0, []string{"LIFETIME USD", "9,876,543.21", "OTHER CURRENCIES"}, nil},
	} {
		r := LapsedReport(each, "USD", report.Query{Year: 2026})
		r.Width = c.width
		var b bytes.Buffer
		if err := WriteReport(&b, "table", r); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if c.width > 0 && textsafe.Width(l) > c.width {
				t.Errorf("width %d: a line of %d: %q", c.width, textsafe.Width(l), l)
			}
		}
		for _, s := range c.shown {
			if !strings.Contains(out, s) {
				t.Errorf("width %d: %q is not shown:\n%s", c.width, s, out)
			}
		}
		for _, s := range c.not {
			if strings.Contains(out, s) {
				t.Errorf("width %d: %q is shown:\n%s", c.width, s, out)
			}
		}
	}
}

// The gifts with no conversion are one line whatever their currencies (a
// line each took five of a report's 24 rows at 80×24), with each sum
// grouped in thousands and its count of gifts, adding up to the total.
func TestGiftsWithNoConversionAreOneLine(t *testing.T) {
	n := report.Notes{Currency: "USD", Gifts: 10, OwnCurrency: map[string]report.CurrencySum{
		"EUR": {Gifts: 97, Sum: api.ScaledDecimal(2331235, 2)},
		"AUD": {Gifts: 75, Sum: api.ScaledDecimal(1782045, 2)},
		"JPY": {Gifts: 65, Sum: api.ScaledDecimal(1396720, 0)},
	}}
	notes := ReportNotes(n, report.Query{Year: 2026}, false, "a flag")
	var own []string
	for _, l := range notes {
		if strings.Contains(l, "no conversion") {
			own = append(own, l)
		}
	}
	want := "237 gifts with no conversion, counted apart in their own currency, not in the USD figures: " +
		"AUD 17,820.45 (75) · EUR 23,312.35 (97) · JPY 1,396,720.00 (65)"
	if len(own) != 1 || own[0] != want {
		t.Fatalf("notes of the gifts with no conversion:\n%q\nwant one line:\n%q", own, want)
	}
}

// A narrow table keeps the column its rows are sorted by, as SYBUNT's are
// by the lifetime total: dropped first, it left rows that looked out of
// order. It drops another in its place.
func TestANarrowTableKeepsTheColumnItIsSortedBy(t *testing.T) {
	donors := []report.LapsedDonor{
		{Email: "someone.with.a.long.address@example.org", FirstName: "Someone", LastName: "With A Long Name",
			LastGift: "2023-11-30", LastYear: 2023, LastYearTotal: api.ScaledDecimal(1000, 2), Lifetime: api.ScaledDecimal(987654321, 2), Gifts: 12},
		{Email: "b@example.org", FirstName: "B", LastGift: "2023-01-02", LastYear: 2023,
			LastYearTotal: api.ScaledDecimal(90000, 2), Lifetime: api.ScaledDecimal(90000, 2), Gifts: 1},
	}
	each := func(fn func(report.LapsedDonor) error) error {
		for _, d := range donors {
			if err := fn(d); err != nil {
				return err
			}
		}
		return nil
	}
	r := LapsedReport(each, "USD", report.Query{Year: 2026})
	r.Width, r.SortedBy = 80, "lifetime"
	var b bytes.Buffer
	if err := WriteReport(&b, "table", r); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, "LIFETIME USD") || !strings.Contains(out, "9,876,543.21") {
		t.Errorf("the column the rows are sorted by was dropped at 80:\n%s", out)
	}
}
