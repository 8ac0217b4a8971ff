package export

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"donations/api"
	"donations/report"
	"donations/textsafe"
)

// Each reads a report's rows from the store, calling fn with each.
type Each[T any] func(fn func(T) error) error

// LapsedReport is LYBUNT's or SYBUNT's table: a donor a row, amounts in cur.
func LapsedReport(each Each[report.LapsedDonor], cur string, q report.Query) Report {
	return Report{
		Columns: []ReportColumn{{"email", "E-MAIL"}, {"name", "NAME"}, {"last_gift", "LAST GIFT"},
			{"last_year", "LAST YEAR"}, {"last_year_total", "YEAR TOTAL " + cur}, {"lifetime", "LIFETIME " + cur},
			{"gifts", "GIFTS"}, {"other_currencies", "OTHER CURRENCIES"}},
		Rows: func(fn func([]any) error) error {
			return each(func(d report.LapsedDonor) error {
				return fn([]any{d.Email, strings.TrimSpace(d.FirstName + " " + d.LastName), d.LastGift, report.YearName(q, d.LastYear),
					d.LastYearTotal, d.Lifetime, d.Gifts, joinedOrNil(d.Other)})
			})
		},
	}
}

// joinedOrNil is "EUR 12.00 · GBP 5.00", or nil for none.
func joinedOrNil(m map[string]api.Decimal) any {
	if len(m) == 0 {
		return nil
	}
	return joined(m)
}

// RetentionReport is the retention table: a line a figure, donors and
// amounts, and the rates as the sector defines them.
func RetentionReport(r report.Retention, q report.Query) Report {
	ly, y := report.YearName(q, q.Year-1), report.YearName(q, q.Year)
	parts := []struct {
		name string
		p    report.Part
	}{
		{"donors " + ly, r.LastYear}, {"donors " + y, r.ThisYear}, {"retained (gave " + ly + " and " + y + ")", r.Retained},
		{"new (first gift in " + y + ")", r.New}, {"recaptured (lapsed, back in " + y + ")", r.Recaptured},
		{"lost (gave " + ly + ", not " + y + ")", r.Lost},
	}
	rates := []struct {
		name        string
		part, whole report.Part
	}{
		{"retention rate", r.Retained, r.LastYear},
		{"new donor retention (first gift in " + ly + ")", r.NewRetained, r.NewLastYear},
		{"repeat donor retention (gave before " + ly + ")", r.RepeatRetained, r.RepeatLastYear},
	}
	return Report{
		Columns: []ReportColumn{{"figure", "FIGURE"}, {"donors", "DONORS"}, {"amount", "AMOUNT"}},
		Rows: func(fn func([]any) error) error {
			for _, p := range parts {
				if err := fn([]any{p.name, p.p.Donors, p.p.Amount}); err != nil {
					return err
				}
			}
			for _, r := range rates {
				d, a, ok := report.Rate(r.part, r.whole)
				cells := []any{r.name, nil, nil}
				if ok {
					cells = []any{r.name, Percent(d), Percent(a)}
				}
				if err := fn(cells); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// RecurringReport is the recurring donors who stopped in the period, a
// row each, the largest monthly value first, with their plan's interval
// (empty where it is unknown and taken as monthly); sum gathers the
// figures of every recurring donor on the way (active, monthly value,
// started, stopped, unknown intervals), for the notes.
func RecurringReport(each Each[report.RecurringDonor], sum *RecurringSum) Report {
	return Report{
		Columns: []ReportColumn{{"email", "E-MAIL"}, {"name", "NAME"}, {"first_gift", "FIRST"},
			{"last_gift", "LAST"}, {"interval", "EVERY"}, {"monthly", "MONTHLY"}, {"gifts", "GIFTS"}, {"total", "TOTAL"}},
		Rows: func(fn func([]any) error) error {
			*sum = RecurringSum{}
			return each(func(d report.RecurringDonor) error {
				sum.add(d)
				if !d.Stopped {
					return nil
				}
				var every any
				if d.Interval.Unit != 0 {
					every = d.Interval.String()
				}
				return fn([]any{d.Email, strings.TrimSpace(d.FirstName + " " + d.LastName), d.First.Format(time.DateOnly),
					d.Last.Format(time.DateOnly), every, d.Monthly, d.Gifts, d.Total})
			})
		},
	}
}

// RecurringSum is what a recurring report counts of every recurring donor.
type RecurringSum struct {
	Active, Started, Stopped int
	// Unknown counts the plans whose interval the server did not send, or
	// sent in a form not understood: they are taken as monthly.
	Unknown int
	Monthly api.Decimal // the active donors' monthly value
}

func (s *RecurringSum) add(d report.RecurringDonor) {
	if d.Active {
		s.Active++
		s.Monthly = s.Monthly.Add(d.Monthly)
	}
	if d.Started {
		s.Started++
	}
	if d.Stopped {
		s.Stopped++
	}
	if d.Interval.Unit == 0 {
		s.Unknown++
	}
}

// Line is the sum in words.
func (s RecurringSum) Line(cur string) string {
	line := fmt.Sprintf("recurring donors active: %s, giving %s %s a month; started in the period: %s; stopped: %s (the donors in the table: no gift for %d of their plan's intervals)",
		textsafe.Thousands(fmt.Sprint(s.Active)), cur, textsafe.Thousands(s.Monthly.Cents().String()),
		textsafe.Thousands(fmt.Sprint(s.Started)), textsafe.Thousands(fmt.Sprint(s.Stopped)), report.Stopping)
	if s.Unknown > 0 {
		line += fmt.Sprintf("; %s plans with no interval the server sent or one not understood, taken as monthly", textsafe.Thousands(fmt.Sprint(s.Unknown)))
	}
	return line
}

// YearOverYearReport is a year against the one before, a month a row. In
// a year not over, the months to come are empty (null in JSON), not 0, and
// the running total is "so far".
func YearOverYearReport(months []report.YearMonth, q report.Query) Report {
	y, ly := report.YearName(q, q.Year), report.YearName(q, q.Year-1)
	toDate, toCome, underWay := "TO DATE ", []string(nil), ""
	for _, m := range months {
		if m.ToCome {
			toCome = append(toCome, time.Month(m.Month).String()[:3])
		}
		if m.UnderWay {
			toDate, underWay = "SO FAR ", time.Month(m.Month).String()[:3]
		}
	}
	r := Report{
		Columns: []ReportColumn{{"month", "MONTH"}, {"gifts_" + y, "GIFTS " + y}, {"gifts_" + ly, ly},
			{"amount_" + y, "AMOUNT " + y}, {"amount_" + ly, ly}, {"to_date_" + y, toDate + y}, {"to_date_" + ly, ly}},
		Rows: func(fn func([]any) error) error {
			for _, m := range months {
				var gifts, amount, toDate any = m.This.Donors, m.This.Amount, m.ThisToDate.Amount
				if m.ToCome {
					gifts, amount, toDate = nil, nil, nil
				}
				cells := []any{time.Month(m.Month).String()[:3], gifts, m.Last.Donors, amount, m.Last.Amount,
					toDate, m.LastToDate.Amount}
				if err := fn(cells); err != nil {
					return err
				}
			}
			return nil
		},
	}
	if underWay != "" {
		now := q.Now
		if q.Zone != nil {
			now = now.In(q.Zone)
		}
		r.Notes = func() []string {
			// A month under way against a whole one: its row and the
			// totals so far are not like for like, and say so.
			notes := []string{fmt.Sprintf("%s so far: %s is under way (%s counts its first %s, %s the whole month)",
				y, underWay, y, textsafe.Count(now.Day(), "day"), ly)}
			if len(toCome) > 0 {
				notes = append(notes, fmt.Sprintf("%s still to come, left empty", strings.Join(toCome, ", ")))
			}
			return notes
		}
	}
	return r
}

// RangesReport is the gift range table: a band a row, with each band's
// share of the donors (by gift: of the gifts) and of the amount. A band
// holds its FROM and up to, not including, its TO. Totals below 0 are in
// no band and no share: a note says how many and how much.
func RangesReport(t report.RangeTable) Report {
	// What a band counts: its donors, or by gift its gifts.
	units := func(b report.Band) int {
		if t.ByGift {
			return b.Gifts
		}
		return b.Donors
	}
	var whole report.Part
	for _, b := range t.Bands {
		whole = report.Part{Donors: whole.Donors + units(b), Amount: whole.Amount.Add(b.Amount)}
	}
	r := Report{
		Columns: []ReportColumn{{"from", "FROM"}, {"to", "UP TO"}, {"donors", "DONORS"}, {"share_donors", "SHARE"},
			{"gifts", "GIFTS"}, {"amount", "AMOUNT"}, {"share_amount", "SHARE"}},
		Rows: func(fn func([]any) error) error {
			for i, b := range t.Bands {
				var to any
				if i+1 < len(t.Bands) {
					to = t.Bands[i+1].From
				}
				d, a, _ := report.Rate(report.Part{Donors: units(b), Amount: b.Amount}, whole)
				cells := []any{b.From, to, b.Donors, Percent(d), b.Gifts, b.Amount, Percent(a)}
				if t.ByGift {
					cells = []any{b.From, to, b.Gifts, Percent(d), b.Amount, Percent(a)}
				}
				if err := fn(cells); err != nil {
					return err
				}
			}
			return nil
		},
	}
	if t.ByGift {
		r.Columns = []ReportColumn{{"from", "FROM"}, {"to", "UP TO"}, {"gifts", "GIFTS"}, {"share_gifts", "SHARE"},
			{"amount", "AMOUNT"}, {"share_amount", "SHARE"}}
	}
	r.Notes = func() []string {
		notes := []string{bandsNote}
		switch {
		case t.ByGift && t.Below.Gifts > 0:
			notes = append(notes, fmt.Sprintf("%s below 0 (%s): in no band and no share", textsafe.Count(t.Below.Gifts, "gift"),
				textsafe.Thousands(t.Below.Amount.String())))
		case !t.ByGift && t.Below.Donors > 0:
			notes = append(notes, fmt.Sprintf("%s whose year adds up to less than 0 (%s in %s): in no band and no share",
				textsafe.Count(t.Below.Donors, "donor"), textsafe.Thousands(t.Below.Amount.String()), textsafe.Count(t.Below.Gifts, "gift")))
		}
		return notes
	}
	return r
}

// bandsNote says which end of a band holds a total that falls on it.
const bandsNote = "a band holds the totals from its FROM up to, not including, its UP TO"

// ReportNotes are the words every report ends with: the year (so far, if
// it is not over), what counted and what did not, the currency, and the
// gifts counted apart. countOthers says how the statuses not counted are
// counted, in the words of where the report is shown (a flag, a key).
// The count of gifts is of every gift up to the end of the year (the
// lapsed reports look back years), not of the report's own span, and
// says so: a table of one year's gifts ended with a larger count read as
// a sum that did not add up.
func ReportNotes(n report.Notes, q report.Query, running bool, countOthers string) []string {
	year, end := report.YearName(q, q.Year), report.YearName(q, q.Year)
	if q.FiscalStart > 1 {
		from, until := q.YearSpan(q.Year, time.UTC)
		year += fmt.Sprintf(" (%s %d to %s %d)", from.Month().String()[:3], from.Year(),
			until.AddDate(0, -1, 0).Month().String()[:3], until.AddDate(0, -1, 0).Year())
	}
	if running {
		year += ", so far"
	}
	counted := "paid gifts only, refunded ones taken off"
	if st := report.Counted(q.Rule()); st == nil {
		counted = "every status but " + report.Refunded
	} else if !slices.Equal(st, report.Counted(report.Rule{})) {
		counted = "gifts of status " + strings.Join(st, ", ")
	}
	out := []string{fmt.Sprintf("year %s · %s · amounts in %s, converted · %s through %s", year, counted,
		orNone(n.Currency), textsafe.Count(n.Gifts, "gift"), end)}
	if note := outsideYear(q); note != "" {
		out = append(out, note)
	}
	if len(n.LeftOut) > 0 {
		var parts []string
		for _, st := range slices.Sorted(maps.Keys(n.LeftOut)) {
			parts = append(parts, orNone(st)+" "+textsafe.Thousands(strconv.Itoa(n.LeftOut[st])))
		}
		out = append(out, "not counted ("+countOthers+"): "+strings.Join(parts, ", "))
	}
	if n.NoEmail > 0 {
		out = append(out, fmt.Sprintf("%s with no e-mail (%s): no donor, left out of donor figures",
			textsafe.Count(n.NoEmail, "gift"), joined(n.NoEmailSums)))
	}
	if len(n.OwnCurrency) > 0 {
		out = append(out, ownCurrencyNote(n))
	}
	if n.NoAmount > 0 {
		out = append(out, textsafe.Count(n.NoAmount, "gift")+" with an amount that is no number: counted as gifts, added to no sum")
	}
	if n.Undated > 0 {
		out = append(out, textsafe.Count(n.Undated, "gift")+" left out: no date that reads, or one past the year 9999")
	}
	return out
}

// outsideYear says when the dates asked hold no day of the year reported:
// `report retention --dates 2025-01-01..2025-12-31` reported 2026, every
// donor of 2025 lost, and nothing said the range and the year missed each
// other.
func outsideYear(q report.Query) string {
	d := q.Filter.Dates
	from, until := q.YearSpan(q.Year, time.UTC)
	if d.IsZero() || (d.Since.IsZero() || d.Since.Before(until)) && (d.Until.IsZero() || d.Until.After(from)) {
		return ""
	}
	return fmt.Sprintf("the dates asked hold no day of %s, the year reported: its figures count none of its gifts", report.YearName(q, q.Year))
}

// ownCurrencyNote is one line for every currency of the gifts with no
// conversion: a line each would crowd the report's rows off a terminal of
// 80×24.
func ownCurrencyNote(n report.Notes) string {
	gifts, parts := 0, []string(nil)
	for _, cur := range slices.Sorted(maps.Keys(n.OwnCurrency)) {
		c := n.OwnCurrency[cur]
		gifts += c.Gifts
		parts = append(parts, fmt.Sprintf("%s %s (%d)", orNone(cur), textsafe.Thousands(c.Sum.String()), c.Gifts))
	}
	return fmt.Sprintf("%s with no conversion, counted apart in their own currency, not in the %s figures: %s",
		textsafe.Count(gifts, "gift"), orNone(n.Currency), strings.Join(parts, " · "))
}

func orNone(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
