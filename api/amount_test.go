package api_test

import (
	"strings"
	"testing"

	"donations/api"
)

// An amount bound is read as a person types it, and refused with the reason
// that applies: a decimal comma is not read as a thousands separator.
func TestParseAmountBound(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want, err string }{
		{"25", "25.00", ""},
		{" 99.5 ", "99.50", ""},
		{"-3", "-3.00", ""},
		{"1,000", "1000.00", ""},
		{"1,234,567.25", "1234567.25", ""},
		{"0.0001", "0.0001", ""},
		{"5,00", "", `"5,00": use a dot for decimals: 5.00`},
		{"1.000,50", "", `"1.000,50": use a dot for decimals: 1000.50`},
		{"1,0", "", `"1,0": use a dot for decimals: 1.0`},
		{"12,34,567", "", `"12,34,567": use a dot for decimals`},
		{"1.5,000", "", `use a dot for decimals`},
		{"12345678901234567890123", "", `"12345678901234567890123" is too long: at most 14 digits before the point`},
		{"99999999999999", "99999999999999.00", ""},
		{"0.00001", "", `"0.00001" has more than 4 decimals`},
		{"ten", "", `"ten" is not an amount such as 25 or 99.50`},
		{"", "", `"" is not an amount`},
	} {
		d, err := api.ParseAmountBound(tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: err %v, want %q", tc.in, err, tc.err)
		case tc.err == "" && (err != nil || d.String() != tc.want):
			t.Errorf("%q: %v, %v; want %s", tc.in, d, err, tc.want)
		}
	}
}
