package api

import (
	"math"
	"testing"
)

// Cents rounds half away from zero, on either side of zero, and leaves a
// figure of two decimals or fewer as it is.
func TestCents(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"69.965", "69.97"},
		{"69.9649", "69.96"},
		{"-69.965", "-69.97"},
		{"-0.004", "0.00"},
		{"0.005", "0.01"},
		{"4034.1290", "4034.13"},
		{"12.3", "12.30"},
		{"100", "100.00"},
		{"99999999999999999999.995", "100000000000000000000.00"},
	} {
		d, err := ParseDecimal(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Cents().String(); got != c.want {
			t.Errorf("%s to the cent: %s, want %s", c.in, got, c.want)
		}
	}
}

// Numbers whose digits fit in 64 bits are written without big.Int: exactly
// as through it, at every number of places, about zero and at the ends of
// int64, and where the places take them past it.
func TestSmallDecimalsAreWrittenAsWide(t *testing.T) {
	t.Parallel()
	values := []int64{0, 1, -1, 5, -5, 9, 10, 99, 100, 12345, -12345, 1_000_000, 922337203685477580, -922337203685477580,
		math.MaxInt64, math.MinInt64, math.MaxInt64 / 10, math.MinInt64 / 10, math.MaxInt64/10 + 1}
	for _, v := range values {
		for scale := 0; scale <= 21; scale++ {
			d := ScaledDecimal(v, 0)
			d.scale = scale
			for places := scale; places <= scale+3; places++ {
				want := d.wide(places)
				if got := d.fixed(places); got != want {
					t.Errorf("%d × 10^-%d at %d places: %q, want %q", v, scale, places, got, want)
				}
			}
		}
	}
	for _, text := range []string{"0.10", "-0.000001", "12.3", "1e3", "92233720368547758.07", "-92233720368547758.08", "1844674407370955.1624"} {
		d, err := ParseDecimal(text)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := d.String(), d.wide(max(2, d.scale)); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
}

// A comma is read where only one reading is possible: between groups of
// three digits before a point, or before one or two cents with no point.
// Any other is refused, for the caller to count apart.
func TestParseDecimalCommas(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"12,50", "12.50"}, {"12,5", "12.50"}, {"-12,50", "-12.50"}, {"1.234,50", "1234.50"},
		{"1.234.567,89", "1234567.89"}, {"1234,50", "1234.50"}, {"0,99", "0.99"},
		{"1,000.00", "1000.00"}, {"1,000", "1000.00"}, {"1,234,567.25", "1234567.25"},
		{"12,345,6", ""}, {"12,503", "12503.00"}, {"1,2,3", ""}, {"1.23,50", ""}, {"12,", ""}, {",50", ""},
		{"1,234,50", ""}, {"12,50.1", ""}, {"1.234,567", ""},
	} {
		d, err := ParseDecimal(c.in)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%q read as %s", c.in, d)
		case c.want != "" && (err != nil || d.String() != c.want):
			t.Errorf("%q: %s, %v; want %s", c.in, d, err, c.want)
		}
	}
}
