package report

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode"

	"donations/api"
	"donations/store"
)

// Interval is how often a recurring plan gives: every N days, weeks,
// months or years. The zero Interval is one the server did not send, or
// sent in a form not understood: the report takes it as monthly and says
// how many such plans it counted.
type Interval struct {
	N    int
	Unit byte // 'D', 'W', 'M' or 'Y'; 0 when unknown
}

// Monthly is the interval the report takes an unknown one as.
var Monthly = Interval{1, 'M'}

// perYear is how many of each unit a year holds: a weekly gift is worth
// 52/12 of itself a month, a daily one 365/12.
var perYear = map[byte]int64{'D': 365, 'W': 52, 'M': 12, 'Y': 1}

// intervalWords are the plans' intervals as words, as plans and other
// servers of this kind name them ("monthly"; Donorbox's donations send
// "1 M").
var intervalWords = map[string]Interval{
	"daily": {1, 'D'}, "weekly": {1, 'W'}, "biweekly": {2, 'W'}, "fortnightly": {2, 'W'},
	"monthly": {1, 'M'}, "quarterly": {3, 'M'}, "semiannually": {6, 'M'}, "semiannual": {6, 'M'},
	"halfyearly": {6, 'M'}, "annually": {1, 'Y'}, "annual": {1, 'Y'}, "yearly": {1, 'Y'},
}

// joined writes "semi-annually" and "half yearly" as one word.
var joined = strings.NewReplacer("-", "", " ", "", "_", "")

// unitWords are the units a count is written with ("3 M", "3 months").
var unitWords = map[string]byte{
	"d": 'D', "day": 'D', "days": 'D', "w": 'W', "wk": 'W', "week": 'W', "weeks": 'W',
	"m": 'M', "mo": 'M', "month": 'M', "months": 'M', "q": 'Q', "quarter": 'Q', "quarters": 'Q',
	"y": 'Y', "yr": 'Y', "year": 'Y', "years": 'Y',
}

// ParseInterval reads a plan's interval as servers send it: "1 M", "3 M",
// "1 Y", "2 W" (Donorbox), "3 months", "1M", or a word ("monthly",
// "quarterly", "annually", "weekly"...). ok is false for anything else,
// blank included.
func ParseInterval(s string) (Interval, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if iv, ok := intervalWords[joined.Replace(s)]; ok {
		return iv, true
	}
	digits := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) })
	if digits <= 0 {
		return Interval{}, false
	}
	n, err := strconv.Atoi(s[:digits])
	unit, known := unitWords[strings.TrimSpace(s[digits:])]
	if err != nil || !known || n < 1 || n > 1000 {
		return Interval{}, false
	}
	if unit == 'Q' {
		return Interval{3 * n, 'M'}, true
	}
	return Interval{n, unit}, true
}

// String is the interval as Donorbox writes it ("3 M"), "" when unknown.
func (iv Interval) String() string {
	if iv.Unit == 0 {
		return ""
	}
	return fmt.Sprintf("%d %c", iv.N, iv.Unit)
}

// After is t plus n of the interval (an unknown one is monthly).
func (iv Interval) After(t time.Time, n int) time.Time {
	if iv.Unit == 0 {
		iv = Monthly
	}
	k := n * iv.N
	switch iv.Unit {
	case 'D':
		return t.AddDate(0, 0, k)
	case 'W':
		return t.AddDate(0, 0, 7*k)
	case 'Y':
		return t.AddDate(k, 0, 0)
	}
	return t.AddDate(0, k, 0)
}

// MonthlyE4 is what a gift of e4 (an amount × 10^4) every interval is
// worth a month, × 10^4, rounded half away from zero: e4 × (units a year)
// / (12 × N).
func (iv Interval) MonthlyE4(e4 int64) int64 {
	if iv.Unit == 0 {
		return e4
	}
	num, den := e4*perYear[iv.Unit], 12*int64(iv.N)
	if num < 0 {
		return -((-num + den/2) / den)
	}
	return (num + den/2) / den
}

// monthly is what a gift of a every interval iv is worth a month, to
// 10^-4 half away from zero as MonthlyE4 works it out, or a itself for a
// monthly plan: × 10^4 where an int64 holds it, else exact.
func monthly(a store.Sum, iv Interval) (e4 int64, exact *api.Decimal) {
	if e4, ok := a.E4(); ok {
		return iv.MonthlyE4(e4), nil
	}
	return monthlyExact(a.Decimal(), iv)
}

// monthlyOf is what a gift of d every interval iv is worth a month, as
// monthly works it out.
func monthlyOf(d api.Decimal, iv Interval) api.Decimal {
	if e4, ok := d.Scaled(4); ok {
		return api.ScaledDecimal(iv.MonthlyE4(e4), 4)
	}
	e4, exact := monthlyExact(d, iv)
	if exact != nil {
		return *exact
	}
	return api.ScaledDecimal(e4, 4)
}

// monthlyExact is monthly of an amount no int64 holds × 10^4.
func monthlyExact(d api.Decimal, iv Interval) (e4 int64, exact *api.Decimal) {
	if iv.Unit != 0 && perYear[iv.Unit] != 12*int64(iv.N) { // a monthly gift is its own monthly value, to the last digit
		r, _ := new(big.Rat).SetString(d.String()) // a decimal's text always reads
		r.Mul(r, big.NewRat(perYear[iv.Unit], 12*int64(iv.N)))
		d, _ = api.ParseDecimal(r.FloatString(4)) // FloatString rounds half away from zero
		if e4, ok := d.Scaled(4); ok {
			return e4, nil
		}
	}
	return 0, &d
}
