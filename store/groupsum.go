package store

import (
	"math"

	"donations/api"
)

// summing is a group as its rows are read: the rows' integer sums (amounts
// × 10^4) add up as int64 by currency and become exact decimals once, when
// the group is whole (settle). A big.Int sum per row was a third of a
// grouping by donor; a map of the int64 sums per group, a tenth.
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
		g.amounts = addE4(g.amounts, g.Amounts, r.cur, r.amount)
	}
	if r.nC4 > 0 {
		g.converted = addE4(g.converted, g.Converted, r.conv, r.converted)
	}
	// The store names no converted currency where nothing was converted.
	if r.conv == "" {
		g.NotConverted += int(r.n)
		if r.nA4 > 0 {
			g.unconverted = addE4(g.unconverted, g.Unconverted, r.cur, r.amount)
		}
	}
}

// addE4 adds v to cur's sum in sums; a sum that would overflow moves to
// exact before it does.
func addE4(sums []e4Sum, exact map[string]api.Decimal, cur string, v int64) []e4Sum {
	i := 0
	for i < len(sums) && sums[i].cur != cur {
		i++
	}
	if i == len(sums) {
		return append(sums, e4Sum{cur, v})
	}
	if old := sums[i].v; v > 0 && old > math.MaxInt64-v || v < 0 && old < math.MinInt64-v {
		exact[cur] = exact[cur].Add(api.ScaledDecimal(old, scale))
		sums[i].v = 0
	}
	sums[i].v += v
	return sums
}

// settle turns the integer sums into the group's exact ones, and empties
// them for the next group.
func (g *summing) settle() {
	settle(g.amounts, g.Amounts)
	settle(g.converted, g.Converted)
	settle(g.unconverted, g.Unconverted)
	g.amounts, g.converted, g.unconverted = g.amounts[:0], g.converted[:0], g.unconverted[:0]
}

func settle(sums []e4Sum, exact map[string]api.Decimal) {
	for _, s := range sums {
		d := api.ScaledDecimal(s.v, scale)
		if old, ok := exact[s.cur]; ok {
			d = old.Add(d)
		}
		exact[s.cur] = d
	}
}
