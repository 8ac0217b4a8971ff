package store

import (
	"cmp"
	"database/sql/driver"
	"fmt"
	"math"
	"math/big"

	"donations/api"

	"modernc.org/sqlite"
)

// A report's amounts (reportAmount) are × 10^4 integers where the columns
// hold them, as almost every amount is, and the amount's text where they
// do not: more than four decimals (a converted 27.950000000000003), or
// over a billion (a major gift in dong). Their sums (amountSum) stay
// int64 while they can and turn exact, through api.Decimal, at the first
// text or the first overflow: a report adds up what summary adds up, to
// the last digit, and a million ordinary gifts cost no big.Int.

// amountSum is a sum of report amounts.
type amountSum struct {
	e4    int64
	exact *api.Decimal // the whole sum, once the int64 no longer holds it
}

// add adds one amount as the SQL gives it: an int64 × 10^4, a decimal
// text, or NULL (an amount that is no number: nothing).
func (a *amountSum) add(v driver.Value) error {
	switch v := v.(type) {
	case nil:
		return nil
	case int64:
		if a.exact == nil {
			if s, ok := addInt64(a.e4, v); ok {
				a.e4 = s
				return nil
			}
		}
		a.addDecimal(api.ScaledDecimal(v, scale))
		return nil
	case float64:
		// SQLite gives a REAL only for a sum it could not keep whole,
		// which no report column is.
		return fmt.Errorf("local store: an amount summed as a float (%v)", v)
	case []byte:
		return a.add(string(v))
	case string:
		d, err := api.ParseDecimal(v)
		if err != nil {
			return fmt.Errorf("local store: the amount %q: %w", v, err)
		}
		a.addDecimal(d)
		return nil
	}
	return fmt.Errorf("local store: an amount of type %T", v)
}

// addInt64 is a+b, and whether it did not overflow.
func addInt64(a, b int64) (int64, bool) {
	if b > 0 && a > math.MaxInt64-b || b < 0 && a < math.MinInt64-b {
		return 0, false
	}
	return a + b, true
}

func (a *amountSum) addDecimal(d api.Decimal) {
	if a.exact == nil {
		e := api.ScaledDecimal(a.e4, scale)
		a.exact, a.e4 = &e, 0
	}
	*a.exact = a.exact.Add(d)
}

// plus adds o to a.
func (a *amountSum) plus(o amountSum) {
	if o.exact != nil {
		a.addDecimal(*o.exact)
		return
	}
	_ = a.add(o.e4) // an int64 always adds
}

// minus takes o off a.
func (a *amountSum) minus(o amountSum) {
	if o.exact == nil && o.e4 != math.MinInt64 {
		_ = a.add(-o.e4)
		return
	}
	a.addDecimal(api.ScaledDecimal(0, scale).Sub(o.decimal()))
}

// decimal is the sum as an exact decimal.
func (a amountSum) decimal() api.Decimal {
	if a.exact != nil {
		return *a.exact
	}
	return api.ScaledDecimal(a.e4, scale)
}

// value is the sum as SQL hands it on: an int64 × 10^4, or the decimal's
// text.
func (a amountSum) value() driver.Value {
	if a.exact != nil {
		return a.exact.String()
	}
	return a.e4
}

// Scan reads a sum as value gives it (NULL: nothing).
func (a *amountSum) Scan(v any) error {
	*a = amountSum{}
	return a.add(v)
}

// xsum(amount) is sum() of report amounts, exact: an int64 × 10^4 while
// one holds it, else the decimal's text. SQLite's sum() of a text is a
// float, and of integers past int64 an error.
type xsum struct{ amountSum }

func (a *xsum) Step(_ *sqlite.FunctionContext, args []driver.Value) error { return a.add(args[0]) }

func (a *xsum) WindowInverse(*sqlite.FunctionContext, []driver.Value) error {
	return fmt.Errorf("xsum is no window function")
}

func (a *xsum) WindowValue(*sqlite.FunctionContext) (driver.Value, error) { return a.value(), nil }

func (a *xsum) Final(*sqlite.FunctionContext) {}

// amountOrder is a sum as xsum gives it made a number SQL orders by: the
// int64 as it is, a text as the nearest float × 10^4. Two sums of text
// that differ past the 16th digit tie, and fall to the next key.
func amountOrder(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	switch v := args[0].(type) {
	case string, []byte:
		var a amountSum
		if err := a.add(v); err != nil {
			return nil, err
		}
		f, _ := new(big.Float).SetString(a.decimal().String())
		if f == nil {
			return nil, fmt.Errorf("local store: the sum %q", v)
		}
		x, _ := f.Float64()
		return x * 1e4, nil
	}
	return args[0], nil
}

// compare is -1, 0 or +1 as a is less than, equal to or more than o.
func (a amountSum) compare(o amountSum) int {
	if a.exact == nil && o.exact == nil {
		return cmp.Compare(a.e4, o.e4)
	}
	return a.decimal().Compare(o.decimal())
}

func ratOf(d api.Decimal) *big.Rat {
	r, _ := new(big.Rat).SetString(d.String()) // a decimal's text always reads
	return r
}

// decimalOfRat is r to places decimals, half away from zero.
func decimalOfRat(r *big.Rat, places int) api.Decimal {
	d, _ := api.ParseDecimal(r.FloatString(places)) // FloatString rounds half away from zero
	return d
}

// netExact(amount, refunded_e4, own) is amount less the part refunded, as
// netAmount and netConverted work it out, for an amount the integer
// columns do not hold (its text): refunded_e4 (× 10^4) of the gift's own
// amount own, and where own is NULL amount is the own amount, refunded
// as is; else amount is its conversion, refunded in the same share, to
// the cent. NULL refunded_e4: nothing was. The net is a decimal's text.
func netExact(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	var amount, refunded, own amountSum
	if args[0] == nil {
		return nil, nil
	}
	if err := amount.add(args[0]); err != nil {
		return nil, err
	}
	if args[1] == nil {
		return amount.value(), nil
	}
	if err := refunded.add(args[1]); err != nil {
		return nil, err
	}
	if args[2] != nil {
		if err := own.add(args[2]); err != nil {
			return nil, err
		}
		if own.compare(amountSum{}) == 0 {
			return amount.value(), nil
		}
		share := ratOf(amount.decimal())
		share.Mul(share, ratOf(refunded.decimal()))
		share.Quo(share, ratOf(own.decimal()))
		d := decimalOfRat(share, 2)
		refunded = amountSum{exact: &d}
	}
	amount.minus(refunded)
	return amount.decimal().String(), nil
}

// Sum is an exact sum of report amounts, as the store adds them up: the
// report package adds groups together with it, so that a figure made of
// several groups is written as one the store added up would be.
type Sum struct{ s amountSum }

// Plus is a + o; a is left as it was.
func (a Sum) Plus(o Sum) Sum {
	if a.s.exact != nil { // plus writes through the pointer
		e := *a.s.exact
		a.s.exact = &e
	}
	a.s.plus(o.s)
	return a
}

// Decimal is the sum as an exact decimal.
func (a Sum) Decimal() api.Decimal { return a.s.decimal() }

// E4 is the sum × 10^4, and whether an int64 holds it.
func (a Sum) E4() (int64, bool) { return a.s.e4, a.s.exact == nil }
