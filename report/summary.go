package report

import (
	"errors"
	"fmt"
	"strconv"

	"donations/api"
	"donations/store"
	"donations/textsafe"
)

// Summary is what `donations summary` adds up, as the store reads it: the
// groups of a question and the whole they are shares of, and in which
// order and how many of them it lists.
type Summary struct {
	By []string // the keys' names
	// Groups calls fn with each group, in key order: store.EachGroup over
	// one question. The table and CSV read the rows twice (their widths
	// and columns are known once every group is seen), so in key order no
	// format holds every group.
	Groups func(fn func(store.Group) error) error
	// Whole is every donation the question selects: each group's shares
	// are of it, and the table ends with its total and recurring part.
	Whole store.Whole
	// Order and Desc put the groups in order (see store.SortGroups): by
	// key ascending they stream, in any other order they are held.
	Order string
	Desc  bool
	// Top keeps the first Top groups and adds up the rest in one "other"
	// row, so that the total stays whole; 0 keeps every group.
	Top int
	// Fresh says that each reading of Groups reads new groups, whose maps
	// no one else holds (as store.EachGroup's): a summary that keeps none
	// past its row, in key order and whole, gives them back once written
	// (store.Release) for the groups after them.
	Fresh bool
}

// SummaryRow is one line of a summary, its keys and currencies made safe
// to print (they are the server's text, and a JSON or CSV file is read on
// a terminal too): a group, the "other" row that adds up the groups past
// Top, or the whole. Converted is what a converted total counts
// (store.Group.Counted): a gift the server sent no conversion for is
// counted in its own currency, never dropped, and NotConverted says how
// many were.
type SummaryRow struct {
	Key                                       []string
	Count                                     int
	Amounts, Converted, Unconverted, Refunded map[string]api.Decimal
	NotConverted                              int
	// NoNumber counts the gifts whose amount the server sent as text that
	// is no number ("N/A"): in Count, in no sum.
	NoNumber int
	// Others is, for the "other" row, how many groups it adds up; Ties
	// how many of them tie Tied, the last one kept (store.CompareGroups):
	// the cut took them by key.
	Others, Ties int
	Tied         *SummaryRow
	// ShareCount is the percent of the whole's count, unrounded;
	// ShareConverted the percent of the whole's converted total, nil where
	// that total is nothing, or in more than one currency (a share of a
	// sum across currencies would mean nothing).
	ShareCount     float64
	ShareConverted *float64
}

// ErrChanged stops a summary whose readings of the groups disagree: a
// currency the first did not meet, a column grown wider, or counts that no
// longer add up to the whole. A sync wrote the store in between.
var ErrChanged = errors.New("the store changed while the summary was written (a sync ran); run it again")

// WholeRows are the whole selection's row and its recurring part's, with
// their shares of the whole.
func (s Summary) WholeRows() (all, recurring SummaryRow) {
	whole := safeGroup(s.Whole.All)
	base := shareBaseOf(whole)
	return shared(whole, 0, base), shared(safeGroup(s.Whole.Recurring), 0, base)
}

// Rows calls fn with each row of s: its groups made safe, sorted, cut at
// Top, with their shares. Each reading checks that the counts add up to
// the whole: a sync that wrote the store between the readings is an error
// (ErrChanged), not a total that no longer adds up.
func (s Summary) Rows(fn func(SummaryRow) error) error {
	whole := safeGroup(s.Whole.All)
	base := shareBaseOf(whole)
	inOrder := (s.Order == "group" || s.Order == "") && !s.Desc
	// A group held past its row (sorted, or the first past Top) keeps its
	// maps; every other is written, then done with.
	lend := s.Fresh && inOrder && s.Top == 0
	groups := func(fn func(store.Group) error) error {
		return s.Groups(func(g store.Group) error {
			err := fn(safeGroup(g))
			if lend {
				store.Release(g)
			}
			return err
		})
	}
	if !inOrder {
		groups = sorted(groups, s.Order, s.Desc)
	}
	n := 0
	err := top(groups, s.Top, s.Order)(func(g store.Group, c cut) error {
		n += g.Count
		r := shared(g, c.others, base)
		r.Ties = c.ties
		if c.ties > 0 {
			tied := shared(c.last, 0, base)
			r.Tied = &tied
		}
		return fn(r)
	})
	if err == nil && n != whole.Count {
		err = ErrChanged
	}
	return err
}

// safeGroup is g with its keys and currency names made safe to print, its
// Converted what a converted total counts. The sums of g are shared, not
// copied, where they are safe already (they nearly always are): copies
// would be much of a summary by donor and day. Nothing writes a group's
// sums once it is read.
func safeGroup(g store.Group) store.Group {
	return store.Group{Key: safeKeys(g.Key), Count: g.Count,
		Amounts: SafeSums(g.Amounts), Converted: SafeSums(g.Counted()),
		Unconverted: SafeSums(g.Unconverted), NotConverted: g.NotConverted,
		Refunded: SafeSums(g.Refunded), NoNumber: g.NoNumber}
}

func safeKeys(keys []string) []string {
	for _, k := range keys {
		if textsafe.Line(k) != k {
			out := make([]string, len(keys))
			for i, k := range keys {
				out[i] = textsafe.Line(k)
			}
			return out
		}
	}
	return keys
}

// SafeSums are sums by currency, the currencies made safe to print: those
// that differ only by what was stripped are added together. m itself
// where every currency is safe already.
func SafeSums(m map[string]api.Decimal) map[string]api.Decimal {
	safe := true
	for cur := range m {
		safe = safe && textsafe.Line(cur) == cur
	}
	if safe {
		return m
	}
	out := make(map[string]api.Decimal, len(m))
	for cur, v := range m {
		safe := textsafe.Line(cur)
		if old, ok := out[safe]; ok { // seldom: a big.Int sum per currency would weigh on a summary by donor
			v = old.Add(v)
		}
		out[safe] = v
	}
	return out
}

// sorted reads the groups once, into memory, and gives them in order.
func sorted(groups func(fn func(store.Group) error) error, order string, desc bool) func(fn func(store.Group) error) error {
	var all []store.Group
	var err error
	read := false
	return func(fn func(store.Group) error) error {
		if !read {
			read, err = true, groups(func(g store.Group) error { all = append(all, g); return nil })
			store.SortGroups(all, order, desc)
		}
		if err != nil {
			return err
		}
		for _, g := range all {
			if err := fn(g); err != nil {
				return err
			}
		}
		return nil
	}
}

// cut is what top says of a group it gives: for the row that adds up the
// rest, how many groups it holds and how many of them tie the last one
// kept in order, and that one.
type cut struct {
	others, ties int
	last         store.Group
}

// top gives the first n groups, then one that adds up the rest (a single
// one left over is given as itself); n 0 gives all. Groups in order
// (store.SortGroups) tie by its figure alone.
func top(groups func(fn func(store.Group) error) error, n int, order string) func(fn func(store.Group, cut) error) error {
	return func(fn func(store.Group, cut) error) error {
		seen, ties := 0, 0
		var last, first store.Group
		rest := store.NewGroup(nil)
		err := groups(func(g store.Group) error {
			seen++
			switch {
			case n == 0 || seen < n:
				return fn(g, cut{})
			case seen == n:
				last = g
				return fn(g, cut{})
			case seen == n+1:
				first = g
			}
			if store.CompareGroups(g, last, order) == 0 {
				ties++
			}
			rest.Add(g)
			return nil
		})
		switch {
		case err != nil || n == 0 || seen <= n:
		case seen == n+1:
			err = fn(first, cut{})
		default:
			rest.Key = make([]string, len(first.Key))
			rest.Key[0] = fmt.Sprintf("other (%s groups)", textsafe.Thousands(strconv.Itoa(seen-n)))
			err = fn(*rest, cut{others: seen - n, ties: ties, last: last})
		}
		return err
	}
}

// shareBase is what shares are of: the whole's count and, where it
// converts to one currency, its converted total (0 otherwise), read once
// rather than for every group.
type shareBase struct {
	count int
	cur   string
	total float64
}

func shareBaseOf(whole store.Group) shareBase {
	b := shareBase{count: whole.Count}
	if len(whole.Converted) == 1 {
		for cur, total := range whole.Converted {
			b.cur, b.total = cur, decimalFloat(total)
		}
	}
	return b
}

// shared is g's row, with its shares of base.
func shared(g store.Group, others int, base shareBase) SummaryRow {
	r := SummaryRow{Key: g.Key, Count: g.Count, Amounts: g.Amounts, Converted: g.Converted, Unconverted: g.Unconverted,
		Refunded: g.Refunded, NotConverted: g.NotConverted, NoNumber: g.NoNumber, Others: others}
	if base.count > 0 {
		r.ShareCount = percent(float64(g.Count), float64(base.count))
	}
	if base.total != 0 {
		p := percent(decimalFloat(g.Converted[base.cur]), base.total)
		r.ShareConverted = &p
	}
	return r
}

// percent is part of all in percent, as a float: a share is read, not
// added up (the sums are exact; the shares are rounded as written).
func percent(part, all float64) float64 { return part / all * 100 }
