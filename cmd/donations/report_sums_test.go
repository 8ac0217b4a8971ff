package main

import (
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"

	"donations/api"
)

// retentionPart is a number of donors and what they gave, as the model
// adds them up.
type retentionPart struct {
	donors int
	amount api.Decimal
}

func (p *retentionPart) add(v api.Decimal) { p.donors++; p.amount = p.amount.Add(v) }

// checkRetention checks the retention figures against the sector's
// definitions applied to each donor of the model.
func checkRetention(t *testing.T, m reportModel, rows []map[string]any) {
	var ly, y, retained, fresh, recaptured, lost, newLY, newKept, repeatLY, repeatKept retentionPart
	for _, gifts := range m.byDonor {
		ay, _ := m.sum(gifts, m.year)
		aly, _ := m.sum(gifts, m.year-1)
		iy := m.gave(gifts, func(fy int) bool { return fy == m.year })
		ily := m.gave(gifts, func(fy int) bool { return fy == m.year-1 })
		before := m.gave(gifts, func(fy int) bool { return fy < m.year-1 })
		for _, p := range []struct {
			when bool
			to   *retentionPart
			v    api.Decimal
		}{
			{ily, &ly, aly}, {iy, &y, ay}, {ily && iy, &retained, ay}, {iy && !ily && !before, &fresh, ay},
			{iy && !ily && before, &recaptured, ay}, {ily && !iy, &lost, aly},
			{ily && !before, &newLY, aly}, {ily && !before && iy, &newKept, ay},
			{ily && before, &repeatLY, aly}, {ily && before && iy, &repeatKept, ay},
		} {
			if p.when {
				p.to.add(p.v)
			}
		}
	}
	if len(rows) != 9 || ly.donors == 0 {
		t.Fatalf("%d rows, %d donors last year: %v", len(rows), ly.donors, rows)
	}
	for i, p := range []retentionPart{ly, y, retained, fresh, recaptured, lost} {
		// The same number, however many decimals each writes it with.
		amount, _ := rows[i]["amount"].(string)
		if got, want := fmt.Sprint(rows[i]["donors"], " ", amount), fmt.Sprint(p.donors, " ", p.amount); rows[i]["donors"] != float64(p.donors) || decimal(t, amount).Compare(p.amount) != 0 {
			t.Errorf("%s: %s, want %s", rows[i]["figure"], got, want)
		}
	}
	for i, r := range [][2]retentionPart{{retained, ly}, {newKept, newLY}, {repeatKept, repeatLY}} {
		row := rows[6+i]
		donors := float64(r[0].donors) / float64(r[1].donors)
		amount := decimalFloat(t, r[0].amount) / decimalFloat(t, r[1].amount)
		if row["donors"] != percent(donors) || row["amount"] != percent(amount) {
			t.Errorf("%s: %v %v, want %v %v", row["figure"], row["donors"], row["amount"], percent(donors), percent(amount))
		}
	}
}

// percent is a fraction as the JSON writes it: a percent, two decimals.
func percent(f float64) float64 { return math.Round(f*100*100) / 100 }

func decimalFloat(t *testing.T, d api.Decimal) float64 {
	f, err := strconv.ParseFloat(d.String(), 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// checkYearOverYear checks each month's gifts and amounts, both years,
// and the running totals, from the year's first month; this year's
// figures of a month to come are null, not 0.
func checkYearOverYear(t *testing.T, m reportModel, rows []map[string]any) {
	if len(rows) != 12 {
		t.Fatalf("%d months", len(rows))
	}
	y, ly := m.yearName(m.year), m.yearName(m.year-1)
	var toDate [2]api.Decimal
	for i, r := range rows {
		month := time.Month((max(m.fs, 1)-1+i)%12 + 1)
		var n [2]int
		var sum [2]api.Decimal
		for _, g := range m.gifts {
			if g.at.Month() != month || g.fy < m.year-1 {
				continue
			}
			k := m.year - g.fy // 0 this year, 1 last
			n[k]++
			if g.cur == m.cur {
				sum[k] = sum[k].Add(g.amount)
			}
		}
		toDate[0], toDate[1] = toDate[0].Add(sum[0]), toDate[1].Add(sum[1])
		this := []any{n[0], sum[0], toDate[0]}
		start := m.year
		if m.fs > 1 {
			start--
		}
		if pinnedNow().Before(time.Date(start, time.Month(max(m.fs, 1)), 1, 0, 0, 0, 0, time.Local).AddDate(0, i, 0)) {
			this = []any{nil, nil, nil}
		}
		got := fmt.Sprintln(r["month"], r["gifts_"+y], r["gifts_"+ly], r["amount_"+y], r["amount_"+ly], r["to_date_"+y], r["to_date_"+ly])
		if want := fmt.Sprintln(month.String()[:3], this[0], n[1], this[1], sum[1], this[2], toDate[1]); got != want {
			t.Errorf("month %d: %s, want %s", i+1, got, want)
		}
	}
}

// checkRanges checks the default bands: each donor of the year in the band
// of their year's total, with their gifts and amount.
func checkRanges(t *testing.T, m reportModel, rows []map[string]any) {
	from := []int64{0, 100, 250, 500, 1000, 2500, 5000, 10000}
	type band struct {
		donors, gifts int
		amount        api.Decimal
	}
	want := make([]band, len(from))
	for _, gifts := range m.byDonor {
		var total api.Decimal
		n := 0
		for _, g := range gifts {
			if g.fy == m.year && g.cur == m.cur {
				total, n = total.Add(g.amount), n+1
			}
		}
		if n == 0 {
			continue
		}
		i := len(from) - 1
		for total.Compare(api.ScaledDecimal(from[i], 0)) < 0 {
			i--
		}
		want[i] = band{want[i].donors + 1, want[i].gifts + n, want[i].amount.Add(total)}
	}
	if len(rows) != len(from) {
		t.Fatalf("%d bands, want %d", len(rows), len(from))
	}
	for i, r := range rows {
		got := fmt.Sprintln(r["from"], r["donors"], r["gifts"], r["amount"])
		if w := fmt.Sprintln(api.ScaledDecimal(from[i], 0), want[i].donors, want[i].gifts, want[i].amount); got != w {
			t.Errorf("band %d: %s, want %s", i, got, w)
		}
	}
}

// planMonths are the months of each interval the demo sends; a plan with
// none (the spec's shape sends none) is taken as monthly.
var planMonths = map[string]int{"": 1, "1 M": 1, "3 M": 3, "1 Y": 12}

// checkRecurring checks the list of recurring donors who stopped in the
// year: no recurring gift for two of their plan's intervals (their last
// gift's) before its end (now, in a year not over), the second of them
// over in the year; their monthly value is the last gift over the months
// of its interval, the largest first.
func checkRecurring(t *testing.T, m reportModel, rows []map[string]any) {
	if m.plans != nil {
		checkRecurringPlans(t, m, rows)
		return
	}
	from, end := recurringPeriod(m)
	want, kinds := map[string]string{}, map[string]bool{}
	for email, gifts := range m.byDonor {
		var first, last *reportGift
		var total api.Decimal
		n := 0
		for i, g := range gifts {
			if !g.recurring || !g.at.Before(end) {
				continue
			}
			if first == nil || g.at.Before(first.at) {
				first = &gifts[i]
			}
			if last == nil || g.at.After(last.at) {
				last = &gifts[i]
			}
			if n++; g.cur == m.cur {
				total = total.Add(g.amount)
			}
		}
		if last == nil {
			continue
		}
		months, ok := planMonths[last.every]
		if !ok {
			t.Fatalf("the demo sent the interval %q, which this test does not know", last.every)
		}
		if stop := last.at.AddDate(0, 2*months, 0); !stop.Before(end) || stop.Before(from) {
			continue
		}
		kinds[last.every] = true
		monthly := api.Decimal{}
		if last.cur == m.cur {
			a4, _ := last.amount.Scaled(4)
			monthly = api.ScaledDecimal(int64(math.Round(float64(a4)/float64(months))), 4)
		}
		want[email] = fmt.Sprintln(first.day, last.day, last.every, monthly.Add(api.ScaledDecimal(0, 2)), n, total.Add(api.ScaledDecimal(0, 2)))
	}
	if len(rows) != len(want) || len(want) == 0 {
		t.Fatalf("%d stopped, want %d", len(rows), len(want))
	}
	prev := ""
	for i, r := range rows {
		email, _ := r["email"].(string)
		every, _ := r["interval"].(string)
		if got := fmt.Sprintln(r["first_gift"], r["last_gift"], every, r["monthly"], r["gifts"], r["total"]); got != want[email] {
			t.Errorf("%s: %s, want %s", email, got, want[email])
		}
		if v := r["monthly"].(string); i > 0 && decimal(t, v).Compare(decimal(t, prev)) > 0 {
			t.Errorf("row %d: monthly %s after %s: not the largest first", i, v, prev)
		}
		prev = r["monthly"].(string)
	}
	if !m.narrowed && !kinds[""] && !kinds["3 M"] && !kinds["1 Y"] {
		t.Errorf("every stopped donor's plan is monthly (%v): the intervals are not tested", kinds)
	}
}

// recurringPeriod is the period a recurring report of m looks at: its
// year, up to now in a year not over.
func recurringPeriod(m reportModel) (from, end time.Time) {
	from = time.Date(m.year, time.Month(max(m.fs, 1)), 1, 0, 0, 0, 0, time.Local)
	if m.fs > 1 {
		from = from.AddDate(-1, 0, 0)
	}
	end = from.AddDate(1, 0, 0)
	if now := pinnedNow(); now.Before(end) {
		end = now
	}
	return from, end
}

// checkRecurringPlans checks the recurring report read from the server's
// plans: exactly the plans that are not active and whose last gift fell
// in the period, each with its monthly value (its amount over the months
// of its type) in the currency of its newest gift; the report's currency
// first, then by currency, the largest monthly value first.
func checkRecurringPlans(t *testing.T, m reportModel, rows []map[string]any) {
	from, end := recurringPeriod(m)
	months := map[string]int{"monthly": 1, "quarterly": 3, "annual": 12}
	want := map[int64]string{}
	for _, p := range m.plans {
		last, ok := api.Time(p.LastDonationDate)
		if p.Status.Value == "active" || !ok || last.Before(from) || !last.Before(end) {
			continue
		}
		a, _ := p.Amount.Decimal()
		a4, _ := a.Scaled(4)
		n := months[p.Type.Value]
		if n == 0 {
			t.Fatalf("plan %d: type %q, which this test does not know", p.ID.Value, p.Type.Value)
		}
		monthly := api.ScaledDecimal(int64(math.Round(float64(a4)/float64(n))), 4)
		want[p.ID.Value] = fmt.Sprintln(p.Status.Value, last.In(time.Local).Format(time.DateOnly), monthly, m.planCur[p.ID.Value])
	}
	if len(rows) != len(want) || len(want) == 0 {
		t.Fatalf("%d plans stopped, want %d", len(rows), len(want))
	}
	key := func(r map[string]any) (int, string, api.Decimal) {
		cur, _ := r["currency"].(string)
		return boolRank(cur != m.cur), cur, decimal(t, r["monthly"].(string))
	}
	for i, r := range rows {
		id := int64(r["plan"].(float64))
		if got := fmt.Sprintln(r["status"], r["last_gift"], r["monthly"], r["currency"]); got != want[id] {
			t.Errorf("plan %d: %s, want %s", id, got, want[id])
		}
		if i == 0 {
			continue
		}
		o1, c1, v1 := key(rows[i-1])
		o2, c2, v2 := key(r)
		if o1 > o2 || o1 == o2 && (c1 > c2 || c1 == c2 && v2.Compare(v1) > 0) {
			t.Errorf("row %d (plan %d): not in the report's order", i, id)
		}
	}
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
