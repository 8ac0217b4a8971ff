package api

import (
	"fmt"
	"math/big"
	"strings"
)

// Decimal is an exact base-10 number: unscaled × 10^-scale. Totals of money are
// computed with it so that 0.10 + 0.20 is 0.30, never 0.30000000000000004.
type Decimal struct {
	unscaled big.Int
	scale    int
}

// ParseDecimal reads "12", "-3.50", "+0.5" or "1e3"-free plain decimals, with
// optional thousands separators (","), which some servers put in amounts.
func ParseDecimal(s string) (Decimal, error) {
	var d Decimal
	t := strings.ReplaceAll(strings.TrimSpace(s), ",", "")
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
	intPart, frac, hasDot := strings.Cut(t, ".")
	if intPart == "" && frac == "" || hasDot && frac == "" && intPart == "" {
		return d, fmt.Errorf("not a decimal: %q", s)
	}
	digits := intPart + frac
	for _, r := range digits {
		if r < '0' || r > '9' {
			return d, fmt.Errorf("not a decimal: %q", s)
		}
	}
	if digits == "" {
		return d, fmt.Errorf("not a decimal: %q", s)
	}
	d.unscaled.SetString(digits, 10)
	if neg {
		d.unscaled.Neg(&d.unscaled)
	}
	d.scale = len(frac)
	return d, nil
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
