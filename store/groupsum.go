package store

import (
	"math"
	"sync"

	"donations/api"
)

// summing is a group as its rows are read: the rows' integer sums (amounts
// × 10^4) add up as int64 by currency and become exact decimals once, when
// the group is whole (settle): a big.Int sum per row, or even a map of
// int64 sums per group, is much of what a grouping by donor costs. Until
// it settles, its Group's maps hold only what would have overflowed an int64
// (nil where nothing did).
type summing struct {
	Group
	amounts, converted, unconverted []e4Sum
}

// e4Sum is the sum of a currency's amounts × 10^4 so far.
type e4Sum struct {
	cur string
	v   int64
}

// add adds a row of the group's key.
func (g *summing) add(r groupRow) {
	g.Count += int(r.n)
	if r.nA4 > 0 {
		g.amounts = addE4(g.amounts, &g.Amounts, r.cur, r.amount)
	}
	if r.nC4 > 0 {
		g.converted = addE4(g.converted, &g.Converted, r.conv, r.converted)
	}
	// The store names no converted currency where nothing was converted.
	if r.conv == "" {
		g.NotConverted += int(r.n)
		if r.nA4 > 0 {
			g.unconverted = addE4(g.unconverted, &g.Unconverted, r.cur, r.amount)
		}
	}
}

// addE4 adds v to cur's sum in sums; a sum that would overflow moves to
// exact before it does.
func addE4(sums []e4Sum, exact *map[string]api.Decimal, cur string, v int64) []e4Sum {
	i := 0
	for i < len(sums) && sums[i].cur != cur {
		i++
	}
	if i == len(sums) {
		return append(sums, e4Sum{cur, v})
	}
	if old := sums[i].v; v > 0 && old > math.MaxInt64-v || v < 0 && old < math.MinInt64-v {
		*exact = addAll(*exact, map[string]api.Decimal{cur: api.ScaledDecimal(old, scale)})
		sums[i].v = 0
	}
	sums[i].v += v
	return sums
}

// handOver is the group to hand to the goroutine that settles it, its
// integer sums moved to the end of arena, and empties g's for the next
// group. The arena may move as it grows: what was handed over keeps the
// array it was given.
func (g *summing) handOver(arena *[]e4Sum) summing {
	out := summing{Group: g.Group}
	out.amounts, *arena = moveTo(*arena, g.amounts)
	out.converted, *arena = moveTo(*arena, g.converted)
	out.unconverted, *arena = moveTo(*arena, g.unconverted)
	g.amounts, g.converted, g.unconverted = g.amounts[:0], g.converted[:0], g.unconverted[:0]
	return out
}

// moveTo appends sums to arena, and is where they are now and the arena.
func moveTo(arena, sums []e4Sum) ([]e4Sum, []e4Sum) {
	if len(sums) == 0 {
		return nil, arena
	}
	n := len(arena)
	arena = append(arena, sums...)
	return arena[n:len(arena):len(arena)], arena
}

// settle turns the integer sums into the group's exact ones.
func (g *summing) settle() {
	g.Amounts = settle(g.amounts, g.Amounts)
	g.Converted = settle(g.converted, g.Converted)
	g.Unconverted = settle(g.unconverted, g.Unconverted)
}

func settle(sums []e4Sum, exact map[string]api.Decimal) map[string]api.Decimal {
	if exact == nil && len(sums) > 0 {
		exact = sumMaps.Get().(map[string]api.Decimal)
	}
	for _, s := range sums {
		d := api.ScaledDecimal(s.v, scale)
		if old, ok := exact[s.cur]; ok {
			d = old.Add(d)
		}
		exact[s.cur] = d
	}
	return exact
}

// sumMaps are maps of sums given back (Release), for settle to fill again:
// a summary by donor and day has as many groups as gifts, and two new maps
// a group would keep the collector busy.
var sumMaps = sync.Pool{New: func() any { return map[string]api.Decimal{} }}

// Release gives g's maps back for the groups EachGroup reads after it. The
// caller must hold nothing of them any more: no copy of g, and no map it
// shares (Counted's, with nothing unconverted, is Converted).
func Release(g Group) {
	for _, m := range []map[string]api.Decimal{g.Amounts, g.Converted, g.Unconverted, g.Refunded} {
		if m == nil {
			continue
		}
		clear(m)
		sumMaps.Put(m)
	}
}
