package store

import (
	"database/sql/driver"
	"encoding/binary"
	"errors"
	"fmt"

	"modernc.org/sqlite"
)

// Reading every gift through the donor index to pick the recurring ones
// is slow at a million gifts, so rollup_donor_last's
// column recurring holds, for each donor with counted recurring gifts,
// what the report reads of them: their first and newest such gift's time,
// the newest one's amount, plan interval and name, and their count and
// total, each gift counted and dated as the report counts and dates it. It
// is packed by recurringsum(), NULL for a donor with none (most rows): as
// eight columns of their own, the NULLs of those alone would cost more
// than the packed values, and a store is held to its JSON's size.

// recurringSum is a donor's column recurring unpacked. Amounts are × 10^4
// in the donor's currency (the row's cur; donors with several are read the
// slow way).
type recurringSum struct {
	first, last, gifts int64
	// The newest gift's amount and the total: × 10^4 integers in the
	// rollups, which serve only amounts the integer columns hold.
	amount, total amountSum
	interval      string
	// named: the newest recurring gift's name is not the row's (the newest
	// counted gift's); most are, and are not written again.
	named               bool
	firstName, lastName string
}

// The flags packed below the count of gifts.
const (
	recurringNamed    = 1
	recurringInterval = 2
	recurringFlags    = 2 // bits
)

// pack writes r as unpack reads it: the count and flags, the newest time,
// how long before it the first was, the newest amount, the total only if
// there are more gifts than one (else it is the amount), the name only if
// it is not the row's, the interval only if sent.
func (r recurringSum) pack() []byte {
	flags := uint64(0)
	if r.named {
		flags |= recurringNamed
	}
	if r.interval != "" {
		flags |= recurringInterval
	}
	b := binary.AppendUvarint(nil, uint64(r.gifts)<<recurringFlags|flags)
	b = binary.AppendVarint(b, r.last)
	b = binary.AppendVarint(b, r.last-r.first)
	b = binary.AppendVarint(b, r.amount.e4)
	if r.gifts > 1 {
		b = binary.AppendVarint(b, r.total.e4)
	}
	if r.named {
		b = appendText(appendText(b, r.firstName), r.lastName)
	}
	if r.interval != "" {
		b = appendText(b, r.interval)
	}
	return b
}

func appendText(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// errRecurringSum is a column recurring that pack did not write.
var errRecurringSum = errors.New("store: a recurring sum of rollup_donor_last is damaged")

// unpackRecurring reads what pack wrote; firstName and lastName are the
// row's, the name unless another was written.
func unpackRecurring(b []byte, firstName, lastName string) (recurringSum, error) {
	var r recurringSum
	var bad bool
	uvarint := func() uint64 {
		v, n := binary.Uvarint(b)
		bad, b = bad || n <= 0, b[max(n, 0):]
		return v
	}
	varint := func() int64 {
		v, n := binary.Varint(b)
		bad, b = bad || n <= 0, b[max(n, 0):]
		return v
	}
	text := func() string {
		n := uvarint()
		if bad || n > uint64(len(b)) {
			bad = true
			return ""
		}
		s := string(b[:n])
		b = b[n:]
		return s
	}
	head := uvarint()
	r.gifts, r.named = int64(head>>recurringFlags), head&recurringNamed != 0
	r.last = varint()
	r.first = r.last - varint()
	r.amount.e4 = varint()
	r.total = r.amount
	if r.gifts > 1 {
		r.total.e4 = varint()
	}
	r.firstName, r.lastName = firstName, lastName
	if r.named {
		r.firstName, r.lastName = text(), text()
	}
	if head&recurringInterval != 0 {
		r.interval = text()
	}
	if bad || len(b) != 0 || r.gifts < 1 {
		return recurringSum{}, errRecurringSum
	}
	return r, nil
}

// recurringAgg is recurringsum(date_utc, recurring, e4, plan_interval,
// first_name, last_name) over a donor's counted gifts: their column
// recurring. Of gifts with the same time the first read is the newest, as
// for max()'s bare columns.
type recurringAgg struct {
	sum recurringSum
	// The row's name is that of the newest counted gift as the bare
	// columns beside max(date_utc) take it: loaded from each row until one
	// has a time, then from each with a later time.
	dated               bool
	newest              int64
	firstName, lastName string
}

func (a *recurringAgg) Step(_ *sqlite.FunctionContext, args []driver.Value) error {
	if len(args) != 6 {
		return fmt.Errorf("recurringsum takes 6 arguments, not %d", len(args))
	}
	t, timed := args[0].(int64)
	if !a.dated || timed && t > a.newest {
		a.firstName, a.lastName = textOf(args[4]), textOf(args[5])
	}
	if timed && (!a.dated || t > a.newest) {
		a.dated, a.newest = true, t
	}
	// The report reads the gifts before the period's end: none without a
	// time.
	if rec, _ := args[1].(int64); rec == 0 || !timed {
		return nil
	}
	e4, _ := args[2].(int64)
	r := &a.sum
	if r.gifts == 0 || t < r.first {
		r.first = t
	}
	if r.gifts == 0 || t > r.last {
		r.last, r.amount, r.interval = t, amountSum{e4: e4}, textOf(args[3])
		r.firstName, r.lastName = textOf(args[4]), textOf(args[5])
	}
	r.gifts, r.total.e4 = r.gifts+1, r.total.e4+e4
	return nil
}

// textOf is a text argument as the report reads it, NULL as empty.
func textOf(v driver.Value) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	}
	return ""
}

func (a *recurringAgg) WindowInverse(*sqlite.FunctionContext, []driver.Value) error {
	return fmt.Errorf("recurringsum is no window function")
}

func (a *recurringAgg) WindowValue(*sqlite.FunctionContext) (driver.Value, error) {
	if a.sum.gifts == 0 {
		return nil, nil
	}
	r := a.sum
	r.named = r.firstName != a.firstName || r.lastName != a.lastName
	return r.pack(), nil
}

func (a *recurringAgg) Final(*sqlite.FunctionContext) {}
