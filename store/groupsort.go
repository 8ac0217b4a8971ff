package store

import (
	"cmp"
	"context"
	"maps"
	"slices"

	"donations/api"
	"donations/query"
)

// SortGroups puts gs in order ("group", "count" or "amount"), descending
// if desc. Groups that tie keep key order, whatever the direction, so the
// same question always lists its groups alike, and a top-N cuts ties the
// same way everywhere: the donors of insights are in the same order
// (Donors: a total, ties by e-mail ascending). Amounts compare by the
// converted total; where groups convert to several currencies, the first
// currency in alphabetical order decides first.
func SortGroups(gs []Group, order string, desc bool) {
	slices.SortStableFunc(gs, func(a, b Group) int {
		c := CompareGroups(a, b, order)
		if desc {
			c = -c
		}
		if c == 0 {
			c = slices.Compare(a.Key, b.Key)
		}
		return c
	})
}

// CompareGroups compares a and b by order alone ("count", "amount", else
// their keys): 0 where they tie, and a top-N cutting between them cuts a
// tie.
func CompareGroups(a, b Group, order string) int {
	switch order {
	case "count":
		return cmp.Compare(a.Count, b.Count)
	case "amount":
		return compareSums(a.Converted, b.Converted)
	}
	return slices.Compare(a.Key, b.Key)
}

// compareSums compares two sums currency by currency, in currency order; a
// currency one of them lacks counts as zero.
func compareSums(a, b map[string]api.Decimal) int {
	curs := slices.Sorted(maps.Keys(a))
	for cur := range b {
		if _, ok := a[cur]; !ok {
			curs = append(curs, cur)
		}
	}
	slices.Sort(curs)
	for _, cur := range curs {
		if c := a[cur].Compare(b[cur]); c != 0 {
			return c
		}
	}
	return 0
}

// Whole is what every donation a filter selects adds up to, and the part
// of it that is recurring: what a summary's shares are of.
type Whole struct {
	All, Recurring Group
}

// Whole adds up every donation f selects, the recurring ones apart, in one
// reading of the store (through a rollup when f selects every donation).
func (s *Store) Whole(ctx context.Context, f query.Filter) (Whole, error) {
	w := Whole{All: *NewGroup(nil), Recurring: *NewGroup(nil)}
	err := s.EachGroup(ctx, f, []string{"recurring"}, nil, func(g Group) error {
		w.All.Add(g)
		if g.Key[0] == "recurring" {
			w.Recurring.Add(g)
		}
		return nil
	})
	return w, err
}

// Add adds o's count and sums to g (made by NewGroup or read from the
// store).
func (g *Group) Add(o Group) {
	g.Count += o.Count
	g.Amounts = addAll(g.Amounts, o.Amounts)
	g.Converted = addAll(g.Converted, o.Converted)
	g.Unconverted = addAll(g.Unconverted, o.Unconverted)
	g.Refunded = addAll(g.Refunded, o.Refunded)
	g.NotConverted += o.NotConverted
	g.NoNumber += o.NoNumber
}
