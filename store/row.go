package store

import (
	"strconv"
	"strings"
	"time"

	"donations/api"
)

// rowMaker makes the rows of donations one after another, keeping what
// one row leaves that the next can use: the search text's buffer, and the
// day, which most of a page's donations share (formatting it is two
// allocations a row).
type rowMaker struct {
	zone  *time.Location // of the day column
	words searchWords
	date  struct {
		y, d int
		m    time.Month
	}
	day any // the day column of date
}

// appendRow is vals with the values of upsertRow's columns for d after
// them: appended, where a slice of them for each donation would be an
// allocation of each row.
func (m *rowMaker) appendRow(vals []any, d *api.Donation) []any {
	var dateUTC, localDay any
	// A date with no time is a day in the store's zone, so it is read there.
	if at, ok := api.TimeIn(d.DonationDate, m.zone); ok {
		dateUTC, localDay = at.UnixMilli(), m.dayOf(at)
	}
	t, ok := api.Time(d.DonationDate) // the search's day is in UTC
	e4, e4f := scaled(d.Amount)
	c4, c4f := scaled(d.ConvertedAmount)
	vals = append(vals, d.ID.Value, dateUTC, localDay,
		number(d.Amount), e4, e4f, strings.ToUpper(d.Currency.Value),
		number(d.ConvertedAmount), c4, c4f, convertedCurrency(d),
		statusKey(d.Status.Value),
		text(d.FirstName), text(d.LastName), boundedKey(Fold(d.LastName.Value+" "+d.FirstName.Value)),
		emailKey(d.Email.Value),
		boundedText(d.FormName), text(d.PaymentType),
		d.Recurring.Value, d.Anonymous.Value, d.Honor != nil)
	return append(appendLast(vals, d, m.words.text(d, t, ok), e4), planInterval(d), planID(d))
}

// dayOf is the day column of t: its date in m.zone.
func (m *rowMaker) dayOf(t time.Time) any {
	local := t.In(m.zone)
	y, mo, d := local.Date()
	if m.day == nil || y != m.date.y || mo != m.date.m || d != m.date.d {
		m.date.y, m.date.m, m.date.d = y, mo, d
		m.day = local.Format("2006-01-02")
	}
	return m.day
}

// appendLast is vals with the values of the search and of the columns
// after it but the plan's interval (campaign, tribute's type, part
// refunded) after them, for d whose search text is search and amount ×
// 10^4 is e4.
func appendLast(vals []any, d *api.Donation, search string, e4 any) []any {
	var campaignID any
	if d.CampaignID.Valid {
		campaignID = d.CampaignID.Value
	}
	tributeType := ""
	if d.Honor != nil {
		tributeType = strings.ToLower(strings.TrimSpace(d.Honor.TributeType.Value))
	}
	return append(vals, search, campaignID, boundedText(d.CampaignName), nullIfEmpty(tributeType), refunded(d, e4))
}

// planID is the value of the column plan_id for d: the plan it names, on
// any gift that names one (a server may name it on a gift it does not
// call recurring), else NULL.
func planID(d *api.Donation) any {
	if !d.PlanID.Valid {
		return nil
	}
	return d.PlanID.Value
}

// convertedCurrency is the currency of d's conversion, nil when it has no
// converted amount: servers of this kind name the currency on old gifts
// they never converted, and a currency with no amount would make those
// gifts look converted to nothing.
func convertedCurrency(d *api.Donation) any {
	if !d.ConvertedAmount.Valid || strings.TrimSpace(d.ConvertedCurrency.Value) == "" {
		return nil
	}
	return strings.ToUpper(d.ConvertedCurrency.Value)
}

// refunded is the part of d's amount refunded, × 10^4, at most the amount
// e4: nil when nothing was, or when either is not an exact number.
func refunded(d *api.Donation, e4 any) any {
	r, _ := scaled(d.AmountRefunded)
	rv, ok := r.(int64)
	av, exact := e4.(int64)
	if !ok || !exact || rv <= 0 || av <= 0 {
		return nil
	}
	return min(rv, av)
}

// emailKey is the e-mail column of a donation whose e-mail is email, and
// what a filter by e-mail looks for.
func emailKey(email string) string { return boundedKey(strings.ToLower(strings.TrimSpace(email))) }

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func text(t api.Text) any {
	if !t.Valid {
		return nil
	}
	return t.Value
}

// boundedText is text of a key column (boundedKey).
func boundedText(t api.Text) any {
	if !t.Valid {
		return nil
	}
	return boundedKey(t.Value)
}

func number(n api.Number) any {
	if !n.Valid {
		return nil
	}
	return n.Text
}

// maxScaled bounds the amounts kept as integers (a billion units): sums of
// them in SQLite cannot overflow before a group holds 922,337 of them, and
// an overflowing sum would stop a page from being stored. A larger amount
// is added up exactly from its text, as one with more than four decimals.
const maxScaled = 1e9 * 1e4

// scaled is n × 10^4 for the columns: as an exact integer when it fits,
// else as the nearest float (±Inf past its range), which compares and
// sorts it with the others; sums add it up from its text. Both are NULL
// for an amount that is missing or not a number.
func scaled(n api.Number) (exact, approx any) {
	if !n.Valid {
		return nil, nil
	}
	if v, ok := plainScaled(n.Text); ok {
		return v, nil
	}
	return scaledDecimal(n)
}

// scaledDecimal is scaled of any number, through api.Decimal.
func scaledDecimal(n api.Number) (exact, approx any) {
	d, ok := n.Decimal()
	if !ok {
		return nil, nil
	}
	if v, ok := d.Scaled(scale); ok && v <= maxScaled && v >= -maxScaled {
		return v, nil
	}
	f, _ := strconv.ParseFloat(d.String(), 64) // out of range: ±Inf, as wanted
	return nil, f * 1e4
}

// plainScaled is s × 10^4 when s is plainly written and within
// maxScaled: a sign, digits and at most four decimals, as almost every
// amount is. Read through api.Decimal (big.Int), the three amounts of a
// donation are much of what its row costs, and a dozen allocations.
func plainScaled(s string) (int64, bool) {
	i, neg := 0, false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		i, neg = 1, s[0] == '-'
	}
	var v int64
	digits, decimals := 0, -1 // decimals: -1 before a point
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			if digits++; digits > 14 { // × 10^4 still fits in an int64
				return 0, false
			}
			v = v*10 + int64(c-'0')
			if decimals >= 0 {
				decimals++
			}
		case c == '.' && decimals < 0:
			decimals = 0
		default:
			return 0, false
		}
	}
	if digits == 0 || decimals > scale {
		return 0, false
	}
	for range scale - max(decimals, 0) {
		v *= 10
	}
	if neg {
		v = -v
	}
	return v, v <= maxScaled && v >= -maxScaled
}

// planInterval is the value of the column plan_interval for d: its plan's
// interval as sent, on a recurring gift only (what the recurring report
// reads), else NULL.
func planInterval(d *api.Donation) any {
	if !d.Recurring.Value {
		return nil
	}
	return nullIfEmpty(strings.TrimSpace(d.Interval.Value))
}
