package api

import (
	"fmt"
	"regexp"
	"strings"
)

// boundDigits is how many digits an amount bound may have before its point:
// with four decimals it must fit the 64-bit integers amounts are compared as.
const boundDigits = 14

// thousands is an amount whose commas all separate groups of three digits.
var thousands = regexp.MustCompile(`^[+-]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?$`)

// ParseAmountBound reads an amount a person typed as the bound of a filter:
// "25", "99.50", "1,000". A comma that is not a thousands separator is a
// decimal comma, refused rather than read as one: "5,00" is not 500.
func ParseAmountBound(s string) (Decimal, error) {
	t := strings.TrimSpace(s)
	switch n := strings.Count(t, ","); {
	case n == 1 && !thousands.MatchString(t):
		return Decimal{}, fmt.Errorf("%q: use a dot for decimals: %s", s,
			strings.Replace(strings.ReplaceAll(t, ".", ""), ",", ".", 1))
	case n > 1 && !thousands.MatchString(t):
		return Decimal{}, fmt.Errorf("%q: use a dot for decimals, and commas only between groups of three digits: 1,234.50", s)
	}
	d, err := ParseDecimal(t)
	if err != nil {
		return d, fmt.Errorf("%q is not an amount such as 25 or 99.50", s)
	}
	if d.scale > 4 {
		return d, fmt.Errorf("%q has more than 4 decimals (at most 4 decimals are compared)", s)
	}
	whole, _, _ := strings.Cut(strings.TrimPrefix(d.fixed(d.scale), "-"), ".")
	if len(whole) > boundDigits {
		return d, fmt.Errorf("%q is too long: at most %d digits before the point", s, boundDigits)
	}
	return d, nil
}
