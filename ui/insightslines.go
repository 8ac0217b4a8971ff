package ui

import (
	"fmt"
	"strings"

	"donations/api"
	"donations/store"
	"donations/textsafe"
	"donations/ui/tally"
	"donations/ui/uictx"
)

// title is insights' header: how many gifts count and what they raised,
// what is left out, in words, and what the numbers cover.
func (v *insightsView) title(width int) string {
	st, t := &v.ctx.Styles, &v.facts.sums
	counted := 0
	for s, n := range t.Statuses {
		if t.Rule.Counts(s) {
			counted += n
		}
	}
	// The partial note comes first: a narrow screen wraps the rest.
	parts := []string{st.Title.Render("Insights"), strings.TrimPrefix(strings.TrimSpace(v.note()), "· "),
		st.Muted.Render(uictx.Commas(counted) + " of " + textsafe.Count(t.Count, "donation") + " counted (" + tally.Word(t.Rule) + ")")}
	if r := t.Raised(); r != "" {
		parts = append(parts, r)
	}
	if out := t.LeftOut(st); len(out) > 0 {
		out[0] = "+ " + out[0]
		out[len(out)-1] += st.Muted.Render(", not counted")
		parts = append(parts, out...)
	}
	parts = append(parts, st.Muted.Render("over what the list shows"))
	return uictx.WrapParts(parts, width)
}

// shares is the ratios of the gifts counted: recurring, average and
// median, and the refunded share of every gift.
func (v *insightsView) shares(cur string, total api.Decimal, count, width int) string {
	fa := v.facts
	recurring := 0
	for _, g := range fa.recurring {
		if g.Key[0] == "recurring" {
			recurring = g.Count
		}
	}
	pct := func(n, of int) string {
		if of == 0 {
			return "—"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
	}
	parts := []string{"recurring " + pct(recurring, count) + " (" + uictx.Commas(recurring) + ")",
		"refunded " + pct(fa.sums.Statuses[store.Refunded], fa.sums.Count) + " of every gift"}
	if e4, ok := total.Scaled(4); ok && count > 0 {
		parts = append(parts, "average "+uictx.Money(cur, api.ScaledDecimal((e4/int64(count)+50)/100, 2)))
	}
	if fa.medianOf > 0 {
		parts = append(parts, "median "+uictx.Money(cur, fa.median))
	}
	return uictx.WrapParts(parts, width)
}

// topDonors is one line per donor: rank, name, e-mail, gifts and total.
// The total and the gifts are sized to their widest; the name and the
// e-mail share the rest, and the e-mail goes when too little is left.
func topDonors(top []store.Donor, width int) string {
	totalW, giftsW := 0, 0
	for _, d := range top {
		totalW = max(totalW, textsafe.Width(uictx.Money(d.Currency, d.Total)))
		giftsW = max(giftsW, textsafe.Width(uictx.Commas(d.Gifts)+" gifts"))
	}
	rest := width - 4 - giftsW - totalW - 4 // rank, then two spaces before each figure
	nameW, emailW := min(22, rest), rest-22-2
	if emailW < 12 {
		nameW, emailW = rest, 0
	}
	var b strings.Builder
	for i, d := range top {
		line := fmt.Sprintf("%2d. %s", i+1, textsafe.Fit(textsafe.Line(strings.TrimSpace(d.FirstName+" "+d.LastName)), max(nameW, 1)))
		if emailW > 0 {
			line += "  " + textsafe.Fit(textsafe.Line(d.Email), emailW)
		}
		gifts := uictx.Commas(d.Gifts) + " " + textsafe.Plural(d.Gifts, "gift")
		line += "  " + textsafe.Fit(gifts, giftsW) + "  " + textsafe.FitRight(uictx.Money(d.Currency, d.Total), totalW)
		b.WriteString(line + "\n")
	}
	return b.String()
}
