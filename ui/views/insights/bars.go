package insights

import (
	"fmt"
	"strings"

	"donations/api"
	"donations/dataset"
	"donations/textsafe"
	"donations/ui/uictx"
)

// groupWorth is what a group's gifts add up to in cur: converted, and the gifts
// in cur the server sent no conversion for as they were sent, as the
// footer and summary count them (never dropped: a month of old gifts read
// 0.00 beside its hundred gifts).
func groupWorth(g dataset.Group, cur string) api.Decimal {
	return g.Converted[cur].Add(g.Unconverted[cur])
}

// SumOf adds the groups' sums in cur, and their counts.
func SumOf(groups []dataset.Group, cur string) (api.Decimal, int) {
	var total api.Decimal
	n := 0
	for _, g := range groups {
		total = total.Add(groupWorth(g, cur))
		n += g.Count
	}
	return total, n
}

// largestFirst orders break-down groups by their converted sum.
func largestFirst(groups []dataset.Group, cur string) []dataset.Group {
	out := append([]dataset.Group(nil), groups...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && less(groupWorth(out[j-1], cur), groupWorth(out[j], cur)); j-- {
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return out
}

func less(a, b api.Decimal) bool { return a.Compare(b) < 0 }

// bars draws one line per group: its key, a bar in proportion to its
// converted sum, the sum and the count. last keeps the latest groups when
// there are more than fit a screen's worth.
func bars(groups []dataset.Group, cur string, width int, last bool) string {
	const most = 40
	if len(groups) > most && last {
		groups = groups[len(groups)-most:]
	}
	var top float64
	for _, g := range groups {
		top = max(top, toFloat(groupWorth(g, cur)))
	}
	// The figures take the width they need; the label and the bar the rest.
	label, sumW, countW := 0, 0, 0
	for _, g := range groups {
		label = max(label, textsafe.Width(keyText(g)))
		sumW = max(sumW, textsafe.Width(uictx.Grouped(groupWorth(g, cur).String())))
		countW = max(countW, textsafe.Width(uictx.Commas(g.Count)))
	}
	sumW, countW = max(sumW, 12)+2, max(countW, 6)+2
	label = max(min(label, 26, width-sumW-countW-7), 1)
	room := max(width-label-sumW-countW-2, 5)
	var b strings.Builder
	for _, g := range groups {
		sum := groupWorth(g, cur)
		n := 0
		if top > 0 {
			n = int(float64(room) * toFloat(sum) / top)
		}
		line := textsafe.Fit(keyText(g), label) + " " + strings.Repeat("█", n) + strings.Repeat(" ", room-n) + " " +
			textsafe.FitRight(uictx.Grouped(sum.String()), sumW) + textsafe.FitRight(uictx.Commas(g.Count), countW)
		b.WriteString(textsafe.Truncate(line, width) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func keyText(g dataset.Group) string {
	if len(g.Key) == 0 || g.Key[0] == "" {
		return "—"
	}
	return textsafe.Line(g.Key[0])
}

// toFloat is a sum for drawing only: bar lengths need no exact cents.
func toFloat(d api.Decimal) float64 {
	var f float64
	fmt.Sscan(d.String(), &f)
	return f
}

// sparkline draws the groups' counts as one line of eighth-blocks, from the
// fewest to the most, the latest ones when there are more than fit.
func sparkline(groups []dataset.Group, width int) string {
	ticks := []rune("▁▂▃▄▅▆▇█")
	if len(groups) > width {
		groups = groups[len(groups)-width:]
	}
	low, high := 0, 0
	for i, g := range groups {
		if i == 0 || g.Count < low {
			low = g.Count
		}
		high = max(high, g.Count)
	}
	var b strings.Builder
	for _, g := range groups {
		i := len(ticks) - 1
		if high > low {
			i = (g.Count - low) * (len(ticks) - 1) / (high - low)
		}
		b.WriteRune(ticks[i])
	}
	return b.String()
}
