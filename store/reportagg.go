package store

import (
	"context"
	"database/sql/driver"
	"fmt"
	"sync"
	"sync/atomic"

	"modernc.org/sqlite"
)

// SQLite groups by sorting: a report that adds a million gifts up into a
// handful of groups (by status, by month) would spend most of its time
// sorting them. tally() adds them up in a Go map instead, in the one pass the
// query makes: tally(id, value, key...) counts the rows and sums value by
// the keys (up to maxTallyKeys) into the tally registered under id, which
// the caller reads once the query is done; tally2(id, value, value2,
// key...) sums two values. lastsum(key, value) is the sum
// of value over the rows with the greatest key: a donor's last year's
// total in the same pass as their lifetime, where SQL needed a GROUP BY by
// donor and year, sorted. least(x) is min(x), which SQLite does not know
// for one: beside a lone max() the bare columns are those of the row with
// the greatest value (a donor's newest gift), and a second min() or max()
// would make them any row's.

const maxTallyKeys = 4

// tallyKey is a group's keys as SQLite gives them (int64, string, nil).
type tallyKey [maxTallyKeys]any

// tallySum is what a group adds up to: its rows, and the sums of the
// values (sum2 of tally2's second).
type tallySum struct {
	n, nulls  int64 // nulls: the rows whose value is NULL
	sum, sum2 amountSum
}

// tallies are the tallies of the queries under way, by id.
var (
	tallies  sync.Map // int64 -> map[tallyKey]*tallySum
	tallyIDs atomic.Int64
)

var registerOnce = sync.OnceValue(func() error {
	for name, values := range map[string]int{"tally": 1, "tally2": 2} {
		err := sqlite.RegisterFunction(name, &sqlite.FunctionImpl{NArgs: -1,
			MakeAggregate: func(sqlite.FunctionContext) (sqlite.AggregateFunction, error) { return &tallyAgg{values: values}, nil }})
		if err != nil {
			return err
		}
	}
	err := sqlite.RegisterFunction("lastsum", &sqlite.FunctionImpl{NArgs: 2, Deterministic: true,
		MakeAggregate: func(sqlite.FunctionContext) (sqlite.AggregateFunction, error) { return &lastSum{}, nil }})
	if err != nil {
		return err
	}
	err = sqlite.RegisterFunction("xsum", &sqlite.FunctionImpl{NArgs: 1, Deterministic: true,
		MakeAggregate: func(sqlite.FunctionContext) (sqlite.AggregateFunction, error) { return &xsum{}, nil }})
	if err != nil {
		return err
	}
	err = sqlite.RegisterFunction("amountorder", &sqlite.FunctionImpl{NArgs: 1, Deterministic: true, Scalar: amountOrder})
	if err != nil {
		return err
	}
	err = sqlite.RegisterFunction("netexact", &sqlite.FunctionImpl{NArgs: 3, Deterministic: true, Scalar: netExact})
	if err != nil {
		return err
	}
	err = sqlite.RegisterFunction("dayin", &sqlite.FunctionImpl{NArgs: 2, Deterministic: true, Scalar: dayIn})
	if err != nil {
		return err
	}
	err = sqlite.RegisterFunction("recurringsum", &sqlite.FunctionImpl{NArgs: 6, Deterministic: true,
		MakeAggregate: func(sqlite.FunctionContext) (sqlite.AggregateFunction, error) { return &recurringAgg{}, nil }})
	if err != nil {
		return err
	}
	return sqlite.RegisterFunction("least", &sqlite.FunctionImpl{NArgs: 1, Deterministic: true,
		MakeAggregate: func(sqlite.FunctionContext) (sqlite.AggregateFunction, error) { return &least{}, nil }})
})

// registerFunctions makes tally(), lastsum(), xsum(), amountorder(), netexact(), dayin(), least() and recurringsum() known to the
// connections opened after it.
func registerFunctions() error { return registerOnce() }

type tallyAgg struct {
	values int // 1 for tally, 2 for tally2
	groups map[tallyKey]*tallySum
}

func (a *tallyAgg) Step(_ *sqlite.FunctionContext, args []driver.Value) error {
	if a.groups == nil {
		if len(args) < 1+a.values || len(args) > 1+a.values+maxTallyKeys {
			return fmt.Errorf("tally takes an id, %d values and 0 to %d keys", a.values, maxTallyKeys)
		}
		id, _ := args[0].(int64)
		g, ok := tallies.Load(id)
		if !ok {
			return fmt.Errorf("tally %d is not registered", id)
		}
		a.groups = g.(map[tallyKey]*tallySum)
	}
	var k tallyKey
	for i, v := range args[1+a.values:] {
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		k[i] = v
	}
	g := a.groups[k]
	if g == nil {
		g = &tallySum{}
		a.groups[k] = g
	}
	g.n++
	if args[1] == nil {
		g.nulls++
	}
	if err := g.sum.add(args[1]); err != nil {
		return err
	}
	if a.values == 2 {
		return g.sum2.add(args[2])
	}
	return nil
}

func (a *tallyAgg) WindowInverse(*sqlite.FunctionContext, []driver.Value) error {
	return fmt.Errorf("tally is no window function")
}

func (a *tallyAgg) WindowValue(*sqlite.FunctionContext) (driver.Value, error) {
	return int64(len(a.groups)), nil
}

func (a *tallyAgg) Final(*sqlite.FunctionContext) {}

// tally runs query, whose first argument is the tally's id, and gives the
// groups it added up.
func (s *Store) tally(ctx context.Context, query string, args ...any) (map[tallyKey]*tallySum, error) {
	id, groups := tallyIDs.Add(1), map[tallyKey]*tallySum{}
	tallies.Store(id, groups)
	defer tallies.Delete(id)
	var n any
	if err := s.db.QueryRowContext(ctx, query, append([]any{id}, args...)...).Scan(&n); err != nil {
		return nil, s.explain(err)
	}
	return groups, nil
}

type lastSum struct {
	key  int64
	sum  amountSum
	some bool
}

func (a *lastSum) Step(_ *sqlite.FunctionContext, args []driver.Value) error {
	k, _ := args[0].(int64)
	switch {
	case !a.some || k > a.key:
		a.key, a.sum, a.some = k, amountSum{}, true
	case k < a.key:
		return nil
	}
	return a.sum.add(args[1])
}

func (a *lastSum) WindowInverse(*sqlite.FunctionContext, []driver.Value) error {
	return fmt.Errorf("lastsum is no window function")
}

func (a *lastSum) WindowValue(*sqlite.FunctionContext) (driver.Value, error) {
	return a.sum.value(), nil
}

func (a *lastSum) Final(*sqlite.FunctionContext) {}

// least is the smallest integer of a group, NULL for none.
type least struct {
	v    int64
	some bool
}

func (a *least) Step(_ *sqlite.FunctionContext, args []driver.Value) error {
	if v, ok := args[0].(int64); ok && (!a.some || v < a.v) {
		a.v, a.some = v, true
	}
	return nil
}

func (a *least) WindowInverse(*sqlite.FunctionContext, []driver.Value) error {
	return fmt.Errorf("least is no window function")
}

func (a *least) WindowValue(*sqlite.FunctionContext) (driver.Value, error) {
	if !a.some {
		return nil, nil
	}
	return a.v, nil
}

func (a *least) Final(*sqlite.FunctionContext) {}
