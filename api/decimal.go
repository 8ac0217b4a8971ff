package api

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// Decimal is an exact base-10 number: unscaled × 10^-scale. Totals of money are
// computed with it so that 0.10 + 0.20 is 0.30, never 0.30000000000000004.
type Decimal struct {
	unscaled big.Int
	scale    int
}

// maxExponent bounds the exponent ParseDecimal accepts: 1e400 is a number
// of 401 digits, cheap to hold, where 1e999999999 would take a gigabyte.
const maxExponent = 1000

// decimalComma is a number written with a decimal comma where nothing
// else can be meant: one or two digits after the comma, and dots, if any,
// between groups of three digits ("12,50", "1.234,5").
var decimalComma = regexp.MustCompile(`^[+-]?([0-9]+|[0-9]{1,3}(\.[0-9]{3})+),[0-9]{1,2}$`)

// ParseDecimal reads "12", "-3.50", "+0.5" or "1.5E3", with thousands
// separators ("1,234.50"), which some servers put in amounts, or a
// decimal comma where nothing else can be meant ("12,50", "1.234,50"),
// which servers set to a European locale write. Any other comma is
// refused: "12,345,6" is no number a reader can be sure of.
func ParseDecimal(s string) (Decimal, error) {
	var d Decimal
	t := strings.TrimSpace(s)
	switch {
	case !strings.Contains(t, ","):
	case decimalComma.MatchString(t):
		t = strings.Replace(strings.ReplaceAll(t, ".", ""), ",", ".", 1)
	case thousands.MatchString(t):
		t = strings.ReplaceAll(t, ",", "")
	default:
		return d, fmt.Errorf("not a decimal: %q (a comma neither between groups of three digits nor before the cents)", s)
	}
	if t == "" {
		return d, fmt.Errorf("empty decimal")
	}
	neg := false
	switch t[0] {
	case '-':
		neg, t = true, t[1:]
	case '+':
		t = t[1:]
	}
	t, exp, err := exponent(t)
	if err != nil {
		return d, fmt.Errorf("not a decimal: %q (%v)", s, err)
	}
	intPart, frac, _ := strings.Cut(t, ".")
	digits := intPart + frac
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return d, fmt.Errorf("not a decimal: %q", s)
	}
	d.unscaled.SetString(digits, 10)
	if neg {
		d.unscaled.Neg(&d.unscaled)
	}
	d.scale = len(frac) - exp
	if d.scale < 0 {
		d.unscaled.Mul(&d.unscaled, new(big.Int).Exp(ten, big.NewInt(int64(-d.scale)), nil))
		d.scale = 0
	}
	return d, nil
}

// exponent splits "1.5e3" into "1.5" and 3; t without one is itself and 0.
func exponent(t string) (string, int, error) {
	i := strings.IndexAny(t, "eE")
	if i < 0 {
		return t, 0, nil
	}
	e, err := strconv.Atoi(t[i+1:])
	if err != nil {
		return t, 0, fmt.Errorf("a bad exponent")
	}
	if e > maxExponent || e < -maxExponent {
		return t, 0, fmt.Errorf("an exponent past ±%d", maxExponent)
	}
	return t[:i], e, nil
}

var ten = big.NewInt(10)

func rescaled(d *Decimal, scale int) *big.Int {
	v := new(big.Int).Set(&d.unscaled)
	if scale > d.scale {
		v.Mul(v, new(big.Int).Exp(ten, big.NewInt(int64(scale-d.scale)), nil))
	}
	return v
}

func (d Decimal) combine(o Decimal, op func(z, x, y *big.Int) *big.Int) Decimal {
	scale := max(d.scale, o.scale)
	var r Decimal
	op(&r.unscaled, rescaled(&d, scale), rescaled(&o, scale))
	r.scale = scale
	return r
}

// Add returns d + o exactly.
func (d Decimal) Add(o Decimal) Decimal { return d.combine(o, (*big.Int).Add) }

// Sub returns d - o exactly.
func (d Decimal) Sub(o Decimal) Decimal { return d.combine(o, (*big.Int).Sub) }

// String writes the number with at least two decimals, as money is shown.
func (d Decimal) String() string { return d.fixed(max(2, d.scale)) }

// fixed writes the number with exactly `places` decimals when that loses
// nothing, and with all its own decimals otherwise.
func (d Decimal) fixed(places int) string {
	places = max(places, d.scale)
	if s, ok := d.small(places); ok {
		return s
	}
	return d.wide(places)
}

// wide is fixed for any number, through big.Int.
func (d Decimal) wide(places int) string {
	v := rescaled(&d, places)
	neg := v.Sign() < 0
	s := new(big.Int).Abs(v).String()
	if places > 0 {
		if len(s) <= places {
			s = strings.Repeat("0", places-len(s)+1) + s
		}
		s = s[:len(s)-places] + "." + s[len(s)-places:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// small is fixed for the usual number, whose digits at places fit in an
// int64, written without big.Int's allocations, which would be much of a
// summary's JSON by donor and day; ok is false for any other.
func (d Decimal) small(places int) (s string, ok bool) {
	if places > 19 || !d.unscaled.IsInt64() {
		return "", false
	}
	v := d.unscaled.Int64()
	for range places - d.scale {
		if v > math.MaxInt64/10 || v < math.MinInt64/10 {
			return "", false
		}
		v *= 10
	}
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	var buf [24]byte // 20 digits, or places+1, a point and a sign
	i := len(buf)
	for n := 0; u > 0 || n <= places; n++ {
		if n == places && places > 0 {
			i--
			buf[i] = '.'
		}
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
	}
	if v < 0 {
		i--
		buf[i] = '-'
	}
	return string(buf[i:]), true
}

// Cents is d to the cent, half away from zero, for a figure that is
// worked out rather than sent (a median between two gifts, a monthly value
// over plans of a quarter or a year) and is said as money.
func (d Decimal) Cents() Decimal {
	if d.scale <= 2 {
		return d
	}
	div := new(big.Int).Exp(ten, big.NewInt(int64(d.scale-2)), nil)
	q, r := new(big.Int).QuoRem(&d.unscaled, div, new(big.Int))
	if r.Mul(r.Abs(r), big.NewInt(2)).Cmp(div) >= 0 {
		q.Add(q, big.NewInt(int64(d.unscaled.Sign())))
	}
	var c Decimal
	c.unscaled.Set(q)
	c.scale = 2
	return c
}

// Scaled is d × 10^places as an integer, when that is exact and fits in 64
// bits: the form in which a store can sum amounts exactly.
func (d Decimal) Scaled(places int) (int64, bool) {
	if d.scale > places {
		return 0, false
	}
	v := rescaled(&d, places)
	return v.Int64(), v.IsInt64()
}

// ScaledDecimal is the Decimal v × 10^-places: the inverse of Scaled, with
// the zeros that places added past the cents dropped, so a store's 12.3400
// reads 12.34 again while 1.005 keeps its third decimal.
func ScaledDecimal(v int64, places int) Decimal {
	for places > 2 && v%10 == 0 {
		v /= 10
		places--
	}
	var d Decimal
	d.unscaled.SetInt64(v)
	d.scale = places
	return d
}

// Compare is -1, 0 or +1 as d is less than, equal to or more than o, by
// value: 1.5 equals 1.50.
func (d Decimal) Compare(o Decimal) int {
	scale := max(d.scale, o.scale)
	return rescaled(&d, scale).Cmp(rescaled(&o, scale))
}
