package ui

import (
	"context"
	"strconv"
	"strings"

	"donations/api"
	"donations/store"
	"donations/textsafe"
)

// footerSums is what the footer says of the rows shown: exact totals per
// currency, of every gift and of the paid ones, the same for the converted
// amounts, and the counts by status and of recurring gifts.
type footerSums struct {
	count               int
	amounts, paid       map[string]api.Decimal
	converted, convPaid map[string]api.Decimal
	gifts               map[string]int // per currency: the most used is shown first
	statuses            map[string]int
	recurring           int
	// notConverted gifts had no conversion: a converted sum in their
	// currency counts them in it (store.Group.Counted), and the line says
	// so; in another currency they are in amounts alone.
	notConverted int
}

// paidStatus is the status of money that arrived and stayed.
const paidStatus = "paid"

// sumFooter adds up what f selects, in the store, in one pass.
func sumFooter(ctx context.Context, st *store.Store, f store.Filter) (footerSums, error) {
	groups, err := st.Groups(ctx, f, []string{"status", "recurring"}, nil)
	s := footerSums{amounts: map[string]api.Decimal{}, paid: map[string]api.Decimal{}, converted: map[string]api.Decimal{},
		convPaid: map[string]api.Decimal{}, gifts: map[string]int{}, statuses: map[string]int{}}
	if err != nil {
		return s, err
	}
	unconverted, unconvertedPaid := map[string]api.Decimal{}, map[string]api.Decimal{}
	for _, g := range groups {
		status, recurring := g.Key[0], g.Key[1] == "recurring"
		if status == "" {
			status = "unknown"
		}
		s.count += g.Count
		s.statuses[status] += g.Count
		if recurring {
			s.recurring += g.Count
		}
		s.notConverted += g.NotConverted
		addAll(s.amounts, g.Amounts)
		addAll(s.converted, g.Converted)
		addAll(unconverted, g.Unconverted)
		if status == paidStatus {
			addAll(s.paid, g.Amounts)
			addAll(s.convPaid, g.Converted)
			addAll(unconvertedPaid, g.Unconverted)
		}
		for cur := range g.Amounts {
			s.gifts[cur] += g.Count
		}
	}
	for _, u := range []struct{ to, from map[string]api.Decimal }{{s.converted, unconverted}, {s.convPaid, unconvertedPaid}} {
		for cur, v := range u.from {
			if _, ok := s.converted[cur]; ok {
				u.to[cur] = u.to[cur].Add(v)
			}
		}
	}
	return s, nil
}

func addAll(to, from map[string]api.Decimal) {
	for k, v := range from {
		to[k] = to[k].Add(v)
	}
}

// totalsLine is the shown rows' totals: the converted total and its paid
// part first ("≈ USD 5,028.57 converted (paid 4,100.00)"), then per currency, the most used first, then the counts per
// status and of recurring gifts. On a narrow screen it shortens rather
// than cuts: currencies that do not fit become "+3 currencies", statuses
// "+2".
func (m *Model) totalsLine() string {
	st, t, w := &m.ctx.Styles, &m.data.shown.sums, m.ctx.Layout.Width
	if t.count == 0 {
		return ""
	}
	head := st.Label.Render("Σ ")
	if p := m.data.partial(); p != "" {
		// Totals are what fundraisers report: a partial one says so first.
		head = st.Warn.Render(textsafe.Line(p)+": ") + head
	}
	if len(t.converted) == 1 {
		for cur, v := range t.converted {
			// "converted" tells it from the gifts made in that currency,
			// which follow with the same code.
			head += "≈ " + money(cur, v) + " converted"
			if p, ok := t.convPaid[cur]; ok && p.String() != v.String() {
				head += " (" + paidStatus + " " + grouped(p.String()) + ")"
			}
			if t.notConverted > 0 {
				head += st.Warn.Render(" incl. " + commas(t.notConverted) + " unconverted")
			}
		}
	}
	var sums []string
	for _, cur := range byCount(t.gifts) {
		if _, same := t.converted[cur]; !same || len(t.gifts) > 1 {
			sums = append(sums, money(cur, t.amounts[cur]))
		}
	}
	var counts []string
	for _, s := range byCount(t.statuses) {
		counts = append(counts, st.StatusStyle(s).Render(textsafe.Line(s))+" "+commas(t.statuses[s]))
	}
	if t.recurring > 0 {
		counts = append(counts, "↻ "+commas(t.recurring)+" recurring")
	}
	// The converted total, then the statuses, then as many currencies as
	// the rest of the line holds.
	sep, bar := " · ", st.Muted.Render("  │  ")
	tail := fitParts(counts, w-textsafe.Width(head)-textsafe.Width(bar)-8, func(n int) string { return "+" + strconv.Itoa(n) })
	if strings.HasPrefix(tail, "+") {
		tail = "" // "+5" alone says nothing
	}
	if tail != "" {
		tail = bar + tail
	}
	if head == st.Label.Render("Σ ") {
		sep = ""
	}
	room := w - textsafe.Width(head) - textsafe.Width(sep) - textsafe.Width(tail)
	cur := fitParts(sums, room, func(n int) string { return "+" + textsafe.Count(n, "currency") })
	if cur == "" {
		sep = ""
	}
	line := head + sep + cur + tail
	return textsafe.Truncate(line, w)
}

func money(cur string, v api.Decimal) string {
	if cur == "" {
		cur = "?"
	}
	return textsafe.Line(cur) + " " + grouped(v.String())
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
