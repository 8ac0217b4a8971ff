package report_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/dataset/datasettest"
	"donations/query"
	"donations/report"
	"donations/store"
)

// lapsedIn is the lapsed report kind of q in cur as text.
func lapsedIn(s *store.Store, q report.Query, kind, cur string) (string, error) {
	var b strings.Builder
	err := report.Lapsed(context.Background(), s, q, kind, cur, func(d report.LapsedDonor) error { _, err := fmt.Fprintf(&b, "%+v\n", d); return err })
	return b.String(), err
}

func paidGift(email, date, amount, cur, converted, convCur string) string {
	return fmt.Sprintf(`"email": %q, "donation_date": %q, "status": "paid", "amount": %q, "currency": %q, "converted_amount": %q, "converted_currency": %q`,
		email, date, amount, cur, converted, convCur)
}

// Amounts the integer columns do not hold (more decimals than four, as a
// float-multiplying server writes them; over a billion, as a major gift in
// dong is) add up exactly in every report, to what summary's groups add
// up; an amount that is no number is counted apart and said.
func TestReportsAddUpEveryAmountAsSummaryDoes(t *testing.T) {
	s := datasettest.StoreOfFields(t,
		paidGift("a@example.org", "2026-03-02T10:00:00Z", "25.00", "EUR", "27.950000000000003", "USD"),
		paidGift("a@example.org", "2026-03-03T10:00:00Z", "9.00", "EUR", "10.12345", "USD"),
		paidGift("b@example.org", "2026-03-04T10:00:00Z", "111.80", "USD", "111.80", "USD"),
		paidGift("c@example.org", "2025-05-04T10:00:00Z", "1000000001", "VND", "1000000001", "VND"),
		paidGift("c@example.org", "2025-05-05T10:00:00Z", "1001999999", "VND", "1001999999", "VND"),
		paidGift("a@example.org", "2025-03-02T10:00:00Z", "N/A", "USD", "N/A", "USD"),
		paidGift("d@example.org", "2025-03-02T10:00:00Z", "50.00", "USD", "50.00", "USD"),
	)
	ctx := context.Background()
	q := report.Query{Year: 2026, Now: time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)}
	months, err := report.YearOverYear(ctx, s, q, "USD")
	if err != nil {
		t.Fatal(err)
	}
	groups, err := s.Groups(ctx, query.Filter{Statuses: []string{"paid"}}, []string{"month"}, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	summary := map[string]api.Decimal{}
	for _, g := range groups {
		summary[g.Key[0]] = g.Converted["USD"]
	}
	march := months[2].This.Amount
	if want, _ := api.ParseDecimal("149.873450000000003"); march.Compare(want) != 0 || march.Compare(summary["2026-03"]) != 0 {
		t.Errorf("March 2026: yoy adds up %s, summary %s, the gifts %s", march, summary["2026-03"], want)
	}
	lapsed, err := lapsedIn(s, q, report.LYBUNT, "VND")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(lapsed, "LastYearTotal:2002000000.00") {
		t.Errorf("LYBUNT in VND: the two major gifts do not add up to 2,002,000,000:\n%s", lapsed)
	}
	r, err := report.RetentionOf(ctx, s, q, "USD")
	if err != nil {
		t.Fatal(err)
	}
	if r.ThisYear.Amount.Compare(march) != 0 || r.ThisYear.Donors != 2 {
		t.Errorf("retention: this year %d donors, %s; want 2 donors, %s", r.ThisYear.Donors, r.ThisYear.Amount, march)
	}
	n, err := report.NotesOf(ctx, s, q)
	if err != nil {
		t.Fatal(err)
	}
	if n.NoAmount != 1 || len(n.OwnCurrency) != 1 || n.OwnCurrency["VND"].Gifts != 2 {
		t.Errorf("notes: %d gifts with no amount (want 1), own currencies %+v (want VND's 2, 10.12345 being converted)", n.NoAmount, n.OwnCurrency)
	}
}

// A store synced in UTC, read in New York: a gift of 22:00 on 31 December
// there is of that year, so its donor is LYBUNT's the next year; the
// store's own zone puts it in the next year.
func TestReportsReadDaysInTheReadersZone(t *testing.T) {
	s := datasettest.StoreOfFields(t,
		paidGift("eve@example.org", "2025-12-31T22:00:00-05:00", "80.00", "USD", "80.00", "USD"),
		paidGift("june@example.org", "2025-06-01T12:00:00Z", "20.00", "USD", "20.00", "USD"),
	)
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	q := report.Query{Year: 2026, Now: time.Date(2026, 10, 31, 0, 0, 0, 0, ny), Zone: ny}
	got, err := lapsedIn(s, q, report.LYBUNT, "USD")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "eve@example.org") || !strings.Contains(got, "LastGift:2025-12-31") || !strings.Contains(got, "june@example.org") {
		t.Errorf("LYBUNT 2026 read in New York lacks the donor of New Year's Eve:\n%s", got)
	}
	q.Zone = time.UTC
	if got, _ := lapsedIn(s, q, report.LYBUNT, "USD"); strings.Contains(got, "eve@example.org") {
		t.Errorf("LYBUNT 2026 read in UTC lists a donor who gave in 2026 there:\n%s", got)
	}
}

// Gifts with no date that reads, or one past the year 9999, are in no
// report and said: a gift of the year 10000 is not the past of 2026.
func TestReportsSayWhichGiftsHaveNoYear(t *testing.T) {
	s := datasettest.StoreOfFields(t,
		paidGift("old@example.org", "2020-05-01T10:00:00Z", "5.00", "USD", "5.00", "USD"),
		paidGift("old@example.org", "9999-12-31T23:00:00-05:00", "7.00", "USD", "7.00", "USD"),
		paidGift("x@example.org", "01/03/2025", "5.00", "USD", "5.00", "USD"),
		paidGift("x@example.org", "not a date", "5.00", "USD", "5.00", "USD"),
		`"email": "x@example.org", "donation_date": null, "status": "paid", "amount": "5.00", "currency": "USD"`,
		paidGift("x@example.org", "2025-04-01T10:00:00Z", "5.00", "USD", "5.00", "USD"),
	)
	q := report.Query{Year: 2026, Now: time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC), Zone: time.UTC}
	n, err := report.NotesOf(context.Background(), s, q)
	if err != nil {
		t.Fatal(err)
	}
	if n.Undated != 4 || n.Gifts != 2 {
		t.Errorf("notes: %d gifts counted, %d with no year; want 2 and 4", n.Gifts, n.Undated)
	}
	got, err := lapsedIn(s, q, report.SYBUNT, "USD")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "LastGift:2020-05-01") || strings.Contains(got, "10000") {
		t.Errorf("SYBUNT 2026: the gift of the year 10000 is taken as the past:\n%s", got)
	}
}

// A donor whose year adds up to less than nothing is in no band of the
// gift range table, and no share; by gift, each gift is banded by its
// size, a band holding its lower end.
func TestRangesBandDonorsOrGiftsAndLeaveOutTotalsBelowZero(t *testing.T) {
	s := datasettest.StoreOfFields(t,
		paidGift("neg@example.org", "2026-02-01T10:00:00Z", "-50.00", "USD", "-50.00", "USD"),
		paidGift("two@example.org", "2026-02-01T10:00:00Z", "60.00", "USD", "60.00", "USD"),
		paidGift("two@example.org", "2026-02-02T10:00:00Z", "40.00", "USD", "40.00", "USD"),
	)
	q := report.Query{Year: 2026, Now: time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)}
	byDonor, err := report.Ranges(context.Background(), s, q, "USD", []int64{0, 100})
	if err != nil {
		t.Fatal(err)
	}
	if byDonor.Bands[0].Donors != 0 || byDonor.Bands[1].Donors != 1 || byDonor.Below.Donors != 1 {
		t.Errorf("by donor: %+v", byDonor)
	}
	q.ByGift = true
	byGift, err := report.Ranges(context.Background(), s, q, "USD", []int64{0, 100})
	if err != nil {
		t.Fatal(err)
	}
	if byGift.Bands[0].Gifts != 2 || byGift.Bands[1].Gifts != 0 || byGift.Below.Gifts != 1 {
		t.Errorf("by gift: %+v", byGift)
	}
}

// recurringGift is a paid recurring gift's JSON fields, refunded in part
// by refunded (none: "0.0").
func recurringGift(email, date, amount, cur, converted, convCur, interval, refunded string) string {
	return paidGift(email, date, amount, cur, converted, convCur) +
		fmt.Sprintf(`, "recurring": true, "interval": %q, "amount_refunded": %q`, interval, refunded)
}

// The recurring report's monthly value and total add up amounts the
// integer columns do not hold as the other reports do, a partial refund
// taken off (an interval not understood taken as monthly): the largest
// monthly value first.
func TestRecurringAddsUpEveryAmountLessItsRefund(t *testing.T) {
	s := datasettest.StoreOfFields(t,
		recurringGift("float@example.org", "2026-09-02T10:00:00Z", "25.00", "EUR", "27.950000000000003", "USD", "1 M", "0.0"),
		recurringGift("float@example.org", "2026-10-02T10:00:00Z", "25.00", "EUR", "27.950000000000003", "USD", "1 M", "0.0"),
		recurringGift("part@example.org", "2026-10-03T10:00:00Z", "100.00", "EUR", "111.800000000000001", "USD", "1 M", "50.00"),
		recurringGift("big@example.org", "2026-10-04T10:00:00Z", "1200000000", "VND", "1200000000", "VND", "1 Y", "0.0"),
		recurringGift("small@example.org", "2026-10-05T10:00:00Z", "20.00", "USD", "20.00", "USD", "1 M", "0.0"),
		recurringGift("odd@example.org", "2026-10-06T10:00:00Z", "27.950000000000003", "USD", "27.950000000000003", "USD", "every blue moon", "0.0"),
	)
	q := report.Query{Year: 2026, Now: time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC), Zone: time.UTC}
	for _, c := range []struct {
		cur  string
		want []string // e-mail, monthly value, total, in the report's order
	}{
		{"USD", []string{"part@example.org 55.900000000000001 55.900000000000001", "float@example.org 27.950000000000003 55.900000000000006",
			"odd@example.org 27.950000000000003 27.950000000000003", "small@example.org 20.00 20.00"}},
		{"VND", []string{"big@example.org 100000000.00 1200000000.00"}},
	} {
		var got []string
		err := report.Recurring(context.Background(), s, q, c.cur, func(d report.RecurringDonor) error {
			if zero := (api.Decimal{}); d.Monthly.Compare(zero) != 0 || d.Total.Compare(zero) != 0 {
				got = append(got, fmt.Sprintf("%s %s %s", d.Email, d.Monthly, d.Total))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("recurring in %s:\n%s\nwant\n%s", c.cur, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
