package insights

import (
	"fmt"
	"strings"

	"donations/api"
	"donations/dataset"
	"donations/report"
	"donations/textsafe"
	"donations/ui/uictx"
)

// title is insights' header: how many gifts count and what they raised,
// what is left out, in words, and what the numbers cover.
func (v *View) title(width int) string {
	st, t := &v.ctx.Styles, &v.facts.Sums
	counted := 0
	for s, n := range t.Statuses {
		if t.Counts(s) {
			counted += n
		}
	}
	// The partial note comes first: a narrow screen wraps the rest.
	parts := []string{st.Title.Render("Insights"), strings.TrimPrefix(strings.TrimSpace(v.Note()), "· "),
		st.Muted.Render(uictx.Commas(counted) + " of " + textsafe.Count(t.Count, "donation") + " counted (" + report.Word(t.Rule) + ")")}
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
func (v *View) shares(cur string, total api.Decimal, count, width int) string {
	fa := v.facts
	recurring := 0
	for _, g := range fa.Recurring {
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
		"refunded " + pct(fa.Sums.Statuses[dataset.Refunded], fa.Sums.Count) + " of every gift"}
	if e4, ok := total.Scaled(4); ok && count > 0 {
		parts = append(parts, "average "+uictx.Money(cur, api.ScaledDecimal(e4/int64(count), 4).Cents()))
	}
	if fa.MedianOf > 0 {
		parts = append(parts, "median "+uictx.Money(cur, fa.Median.Cents()))
	}
	return uictx.WrapParts(parts, width)
}

// topDonors is one line per donor: rank, name, e-mail, gifts and total,
// then how many more tie the last one's total, if some do.
// The total and the gifts are sized to their widest; the name and the
// e-mail share the rest, and the e-mail goes when too little is left.
func topDonors(top []dataset.Donor, ties, width int) string {
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
	if ties > 0 {
		last := top[len(top)-1]
		b.WriteString(textsafe.Fit(fmt.Sprintf("    %s more tie at %s (ties by e-mail)", uictx.Commas(ties), uictx.Money(last.Currency, last.Total)), width) + "\n")
	}
	return b.String()
}

func (v *View) View() string {
	if v.reports.on() {
		return v.reports.View()
	}
	st, lay := &v.ctx.Styles, v.ctx.Layout
	width := v.layout()
	return st.Panel.Width(lay.Width).MaxHeight(lay.ScreenHeight).Render(v.vp.View() + "\n" + v.ctx.KeyLineWidth(v.ShortHelp(), width))
}

// layout fits the viewport to the screen and fills it; it returns the width.
func (v *View) layout() int {
	st, lay := &v.ctx.Styles, v.ctx.Layout
	width := lay.Width - st.Panel.GetHorizontalFrameSize()
	v.vp.SetWidth(width)
	v.vp.SetHeight(max(lay.ScreenHeight-st.Panel.GetVerticalFrameSize()-1, 1))
	if !v.drawn.Stale(drawnFrom{width, v.ctx.Restyles(), v.facts, errText(v.err), v.period, v.Note()}) {
		return width
	}
	var body string
	switch {
	case v.err != nil:
		body = st.Error.Render("⚠ " + uictx.FirstLine(v.err.Error()))
	case v.facts == nil:
		body = st.Muted.Render("Adding up…")
	default:
		body = v.Draw(width)
	}
	v.vp.SetContent(body)
	return width
}

// drawnFrom is what the overview's content is drawn from.
type drawnFrom struct {
	width, restyles int
	facts           *Facts
	err, period, on string
}

// errText is err's words, "" for none: an error itself may not compare.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// currency is the converted currency most gifts have: the one the bars and
// shares are drawn in.
func (fa *Facts) currency() string {
	counts := map[string]int{}
	for _, g := range fa.Statuses {
		for cur := range g.Converted {
			counts[cur] += g.Count
		}
	}
	if list := uictx.ByCount(counts); len(list) > 0 {
		return list[0]
	}
	return ""
}

// note says what the numbers cover: the walk's partial note, and while
// the store's latest changes are being added up, that these are older.
// It comes before the rest of the title, which a narrow screen cuts.
func (v *View) Note() string {
	note := v.ctx.PartialNote(v.data.Partial())
	switch {
	case !v.loading:
		return note
	case note == "":
		return " " + v.ctx.Styles.Warn.Render("· partial: adding up what was stored since")
	}
	return note + v.ctx.Styles.Warn.Render(" · adding up what was stored since")
}

func (v *View) Draw(width int) string {
	st, fa := &v.ctx.Styles, v.facts
	cur := fa.currency()
	if cur == "" { // no gift with a converted amount: nothing to draw bars in
		return uictx.WrapParts([]string{st.Title.Render("Insights"), st.Muted.Render(textsafe.Count(fa.Sums.Count, "donation")) + v.Note()}, width) + "\n\n" +
			st.Muted.Render("Nothing to add up: no donation here has a converted amount.")
	}
	total, count := SumOf(fa.Periods, cur)
	counting := report.Word(fa.Sums.Rule)
	var b strings.Builder
	b.WriteString(v.title(width) + "\n\n")
	b.WriteString(v.shares(cur, total, count, width) + "\n\n")
	b.WriteString(st.Section.Render("By "+v.period+" ("+textsafe.Line(cur)+", converted)") + "\n")
	b.WriteString(st.Muted.Render("gifts ") + sparkline(fa.Periods, width-6) + "\n")
	b.WriteString(bars(fa.Periods, cur, width, v.period != "day") + "\n")
	for _, part := range []struct {
		title  string
		groups []dataset.Group
	}{{"By form", fa.Forms}, {"By campaign", fa.Campaigns}, {"By status (every gift)", fa.Statuses}, {"By currency", fa.Currencies}, {"By payment type", fa.Payments}} {
		if part.title == "By campaign" && !Named(part.groups) {
			continue // the server names no campaign: a bar of "—" alone says nothing
		}
		b.WriteString(st.Section.Render(part.title) + "\n" + bars(largestFirst(part.groups, cur), cur, width, false) + "\n")
	}
	b.WriteString(st.Section.Render("Top donors ("+counting+")") + "\n" + topDonors(fa.Top, fa.TopTies, width))
	return b.String()
}

// named says whether some group has a key: some gift's campaign, say.
func Named(groups []dataset.Group) bool {
	for _, g := range groups {
		if len(g.Key) > 0 && g.Key[0] != "" {
			return true
		}
	}
	return false
}
