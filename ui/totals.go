package ui

import (
	"strconv"
	"strings"

	"donations/textsafe"
)

// totalsLine is the loaded gifts' totals per currency, the most used first,
// then the count per status. On a narrow screen it shortens rather than
// cuts: the currencies that do not fit become "+3 currencies", the statuses
// "+2", and the statuses go first.
func (m *Model) totalsLine() string {
	st, t, w := &m.ctx.Styles, &m.data.tally, m.ctx.Layout.Width
	if len(m.data.rows.all) == 0 {
		return ""
	}
	var sums []string
	for _, cur := range byCount(t.gifts) {
		sums = append(sums, textsafe.Line(cur)+" "+grouped(t.totals[cur].String()))
	}
	var counts []string
	for _, s := range byCount(t.statuses) {
		counts = append(counts, st.StatusStyle(s).Render(textsafe.Line(s))+" "+commas(t.statuses[s]))
	}
	sigma, bar := st.Label.Render("Σ "), st.Muted.Render("  │  ")
	line := sigma + fitParts(sums, w-textsafe.Width(sigma), func(n int) string { return "+" + strconv.Itoa(n) + plural(n, " currency", " currencies") })
	if room := w - textsafe.Width(line) - textsafe.Width(bar); room > 0 {
		// "+5" alone says nothing: the statuses show only if one fits.
		if s := fitParts(counts, room, func(n int) string { return "+" + strconv.Itoa(n) }); s != "" && !strings.HasPrefix(s, "+") {
			line += bar + s
		}
	}
	return textsafe.Truncate(line, w)
}

// byCount lists a map's keys, the largest count first, then by name.
func byCount(m map[string]int) []string {
	return sortedKeys(m, func(a, b string) bool {
		if m[a] != m[b] {
			return m[a] > m[b]
		}
		return a < b
	})
}

// fitParts joins as many parts as fit in width with " · ", and says how many
// were left out with more(n); "" when not even that fits.
func fitParts(parts []string, width int, more func(n int) string) string {
	for k := len(parts); k >= 0; k-- {
		s := strings.Join(parts[:k], " · ")
		if k < len(parts) {
			s = strings.TrimPrefix(s+" "+more(len(parts)-k), " ")
		}
		if textsafe.Width(s) <= width {
			return s
		}
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
