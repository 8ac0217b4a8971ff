package store

import (
	"math"

	"donations/api"
)

// summing is a group as its rows are read: the rows' integer sums (amounts
// × 10^4) add up as int64 by currency and become exact decimals once, when
// the group is whole (settle). A big.Int sum per row was a third of a
// grouping by donor.
type summing struct {
	Group
	amounts, converted, unconverted map[string]int64
}

// add adds a row of the group's key.
func (g *summing) add(r groupRow) {
	g.Count += int(r.n)
	if r.nA4 > 0 {
		g.amounts = g.addE4(g.amounts, g.Amounts, r.cur, r.amount)
	}
	if r.nC4 > 0 {
		g.converted = g.addE4(g.converted, g.Converted, r.conv, r.converted)
	}
	// The store names no converted currency where nothing was converted.
	if r.conv == "" {
		g.NotConverted += int(r.n)
		if r.nA4 > 0 {
			g.unconverted = g.addE4(g.unconverted, g.Unconverted, r.cur, r.amount)
		}
	}
}

// addE4 adds v to sums[cur]; a sum that would overflow moves to exact
// before it does.
func (g *summing) addE4(sums map[string]int64, exact map[string]api.Decimal, cur string, v int64) map[string]int64 {
	if sums == nil {
		sums = make(map[string]int64, 1)
	}
	old, ok := sums[cur]
	if ok && (v > 0 && old > math.MaxInt64-v || v < 0 && old < math.MinInt64-v) {
		exact[cur] = exact[cur].Add(api.ScaledDecimal(old, scale))
		old = 0
	}
	sums[cur] = old + v
	return sums
}

// settle turns the integer sums into the group's exact ones.
func (g *summing) settle() {
	settle(g.amounts, g.Amounts)
	settle(g.converted, g.Converted)
	settle(g.unconverted, g.Unconverted)
	g.amounts, g.converted, g.unconverted = nil, nil, nil
}

func settle(sums map[string]int64, exact map[string]api.Decimal) {
	for cur, v := range sums {
		d := api.ScaledDecimal(v, scale)
		if old, ok := exact[cur]; ok {
			d = old.Add(d)
		}
		exact[cur] = d
	}
}
