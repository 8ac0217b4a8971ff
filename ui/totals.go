package ui

import (
	"strings"

	"donations/api"
	"donations/textsafe"
	"donations/ui/uictx"
)

// totalsLine is the shown rows' totals: the headline, what the paid gifts
// raised, converted ("Σ raised ≈ USD 4,100.00"), then per currency, the
// most used first, then what is not counted, in words, and the recurring
// gifts. On a narrow screen it shortens rather than cuts: currencies that
// do not fit become "+3 currencies", statuses "+2 statuses"; a figure is
// never cut.
func (m *Model) totalsLine() string {
	st, w := &m.ctx.Styles, m.ctx.Layout.Width
	t, ok := m.data.shown.Sums()
	if !ok || t.Rule.All != m.data.allStatuses {
		// The totals on hand answer an older question: no figure until
		// this one's are in.
		return st.Label.Render("Σ ") + st.Muted.Render("counting…")
	}
	if t.Count == 0 {
		return ""
	}
	raised := t.Raised()
	head := m.totalsHead(raised)
	var sums []string
	for _, cur := range uictx.ByCount(t.Gifts) {
		if _, same := t.Converted[cur]; (!same || len(t.Gifts) > 1) && t.Counted[cur].Compare(api.Decimal{}) != 0 {
			sums = append(sums, uictx.Money(cur, t.Counted[cur]))
		}
	}
	// The headline, then what is left out, then as many currencies as the
	// rest of the line holds.
	sep, bar := " · ", st.Muted.Render("  │  ")
	notCounted := st.Muted.Render(", not counted")
	lead := bar + "+" // "+USD 12.00 refunded", as "+3 statuses": the cell lets it fit at 80
	room := w - textsafe.Width(head) - textsafe.Width(lead) - textsafe.Width(notCounted)
	tail := m.leftOut(room, bar)
	if tail != "" {
		tail = lead + tail + notCounted
	}
	tail += m.recurringPart(head+tail, bar, len(sums), w)
	if raised == "" {
		sep = ""
	}
	room = w - textsafe.Width(head) - textsafe.Width(sep) - textsafe.Width(tail)
	cur := uictx.FitParts(sums, room, func(n int) string { return "+" + textsafe.Count(n, "currency") })
	if cur == "" {
		sep = ""
	}
	return head + sep + cur + tail
}

// leftOut is what is not counted, in room cells, shortened to leave room
// for the bare "↻ 937" where it still names a figure then: at 120 columns
// on the platform's shape it would take the whole line. Where it would name none
// ("+5 statuses" alone), the money left out comes first.
func (m *Model) leftOut(room int, bar string) string {
	st := &m.ctx.Styles
	t, _ := m.data.shown.Sums()
	fit := func(room int) string {
		if s := t.LeftOutFit(st, room); !strings.HasPrefix(s, "+") {
			return s
		}
		return "" // "+5 statuses" alone names no figure
	}
	if bare := m.recurringBare(bar); bare != "" {
		if s := fit(room - textsafe.Width(bare)); s != "" {
			return s
		}
	}
	return fit(room)
}

// recurringBare is the recurring gifts' count in its shortest form after
// the totals line's bar ("  │  ↻ 937"), "" for none.
func (m *Model) recurringBare(bar string) string {
	if t, _ := m.data.shown.Sums(); t.Recurring > 0 {
		return bar + "↻ " + uictx.Commas(t.Recurring)
	}
	return ""
}

// recurringPart is the recurring gifts' count after before and the
// totals line's bar, in full where it leaves room for at least "+N
// currencies" (n of them), or else bare ("↻ 1,171"): at 80 columns a
// headline with unconverted gifts left no room for the full form, and the
// count fundraisers ask for went missing.
func (m *Model) recurringPart(before, bar string, n, w int) string {
	bare := m.recurringBare(bar)
	if bare == "" {
		return ""
	}
	reserve := 0
	if n > 0 {
		reserve = textsafe.Width(" · +" + textsafe.Count(n, "currency"))
	}
	switch full := bare + " recurring"; {
	case textsafe.Width(before+full)+reserve <= w:
		return full
	case textsafe.Width(before+bare) <= w:
		return bare
	}
	return ""
}

// totalsHead is the headline: "Σ", raised, and how many of the gifts it
// counts had no conversion: those in its currency it counts in their own
// amounts, those in another it cannot ("incl. 378 of 751 unconverted");
// one count of both said the figure held gifts it did not.
func (m *Model) totalsHead(raised string) string {
	st := &m.ctx.Styles
	head := st.Label.Render("Σ ")
	if p := m.data.partial(); p != "" {
		// Totals are what fundraisers report: a partial one says so first.
		head = st.Warn.Render(textsafe.Line(p)+": ") + head
	}
	head += raised
	if raised == "" {
		return head
	}
	t, _ := m.data.shown.Sums()
	switch in, apart := t.Unconverted(); {
	case in > 0 && apart > 0:
		head += st.Warn.Render(" incl. " + uictx.Commas(in) + " of " + uictx.Commas(in+apart) + " unconverted")
	case in > 0:
		head += st.Warn.Render(" incl. " + uictx.Commas(in) + " unconverted")
	case apart > 0:
		head += st.Warn.Render(" excl. " + uictx.Commas(apart) + " unconverted")
	}
	return head
}
