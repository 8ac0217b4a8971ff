package demo

import "strings"

// Forms of donation_date other than the spec's (Options.DateForm).
const (
	// DateNoColon writes offsets without a colon, as PHP and strftime's %z
	// do, with the other forms such servers mix in: "+00", a space for the
	// "T", microseconds.
	DateNoColon = "no-colon"
	// DateOnly writes the gift's day (in UTC) with no time: "2026-01-01".
	DateOnly = "date"
)

// noColonLayouts are the forms of DateNoColon, one record after another.
var noColonLayouts = []string{"2006-01-02T15:04:05-0700", "2006-01-02T15:04:05.000000-0700",
	"2006-01-02 15:04:05-07", "2006-01-02T15:04:05.000-07"}

// localize rewrites rec, donation i, in the forms o asks for; it names the
// same moment and the same money.
func localize(rec *Record, i int, o Options) {
	rec.DonationDate = dateIn(rec.DonationDate, i, o.DateForm)
	if o.DecimalComma {
		rec.Amount, rec.ConvertedAmount = decimalComma(rec.Amount), decimalComma(rec.ConvertedAmount)
	}
}

// decimalComma is the amount s ("1234.50") written as in much of Europe:
// "1.234,50".
func decimalComma(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	sign := ""
	if strings.HasPrefix(whole, "-") {
		sign, whole = "-", whole[1:]
	}
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString("," + frac)
	}
	return sign + b.String()
}
