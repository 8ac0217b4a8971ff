package export

import (
	"fmt"
	"math"
	"strconv"

	"donations/api"
	"donations/store"
	"donations/textsafe"
)

// row is one line of a summary: a group, or the "other" row that adds up
// the groups past --top, with its shares of the whole selection.
type row struct {
	store.Group
	others int // the "other" row: how many groups it adds up
	// ties: how many of the other row's groups tie the last one kept
	// (store.CompareGroups), tiedAt its figure: the cut took them by key.
	ties       int
	tiedAt     string
	shareCount float64 // percent of the whole's count, unrounded
	// shareConverted is the percent of the whole's converted total; nil
	// where that total is nothing, or in more than one currency (a share
	// of a sum across currencies would mean nothing).
	shareConverted *float64
}

// rows calls fn with each row; a summary reads them once (JSON) or twice.
type rows func(fn func(row) error) error

// rowsOf is what s writes: its groups made safe, sorted, cut at Top, with
// their shares. Each reading checks that the counts add up to the whole:
// a sync that wrote the store between the readings is an error, not a
// total that no longer adds up.
func rowsOf(s Summary) rows {
	whole := safeGroup(s.Whole.All)
	base := shareBaseOf(whole)
	inOrder := (s.Order == "group" || s.Order == "") && !s.Desc
	// A group held past its row (sorted, or the first past --top) keeps
	// its maps; every other is written, then done with.
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
	return func(fn func(row) error) error {
		n := 0
		err := top(groups, s.Top, s.Order)(func(g store.Group, c cut) error {
			n += g.Count
			r := shared(g, c.others, base)
			r.ties, r.tiedAt = c.ties, c.tiedAt
			return fn(r)
		})
		if err == nil && n != whole.Count {
			err = errChanged
		}
		return err
	}
}

// sorted reads the groups once, into memory, and gives them in order.
func sorted(groups Groups, order string, desc bool) Groups {
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
// kept in order, and that one's figure.
type cut struct {
	others, ties int
	tiedAt       string
}

// top gives the first n groups, then one that adds up the rest (a single
// one left over is given as itself); n 0 gives all. Groups in order
// (store.SortGroups) tie by its figure alone.
func top(groups Groups, n int, order string) func(fn func(store.Group, cut) error) error {
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
			c := cut{others: seen - n, ties: ties}
			if ties > 0 {
				c.tiedAt = figure(last, order)
			}
			err = fn(*rest, c)
		}
		return err
	}
}

// figure is what g is ordered by, as written: its count or its converted
// total.
func figure(g store.Group, order string) string {
	if order == "count" {
		return textsafe.Thousands(strconv.Itoa(g.Count)) + " " + textsafe.Plural(g.Count, "gift")
	}
	return joined(g.Converted)
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
			b.cur, b.total = cur, float(total)
		}
	}
	return b
}

// shared is g's row, with its shares of base.
func shared(g store.Group, others int, base shareBase) row {
	r := row{Group: g, others: others}
	if base.count > 0 {
		r.shareCount = percent(float64(g.Count), float64(base.count))
	}
	if base.total != 0 {
		p := percent(float(g.Converted[base.cur]), base.total)
		r.shareConverted = &p
	}
	return r
}

// percent is part of all in percent, as a float: a share is read, not
// added up (the sums are exact; the shares are rounded as written).
func percent(part, all float64) float64 { return part / all * 100 }

// rounded is a share to two decimals, as JSON writes it.
func rounded(p float64) float64 { return math.Round(p*100) / 100 }

func float(d api.Decimal) float64 {
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}
