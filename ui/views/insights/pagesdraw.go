package insights

import (
	"fmt"
	"strings"

	"donations/export"
	"donations/report"
	"donations/textsafe"
	"donations/ui/uictx"
)

// The report pages' drawing: a title that says what the page asks and how
// whole the answer is, the strip of pages, then in a scrolled viewport
// the report's notes and its table.

func (p *reportPages) View() string {
	st, lay := &p.ctx.Styles, p.ctx.Layout
	width := p.layout()
	return st.Panel.Width(lay.Width).MaxHeight(lay.ScreenHeight).Render(
		p.title(width) + "\n" + p.strip() + "\n" + p.vp.View() + "\n" + p.ctx.KeyLineWidth(p.ShortHelp(), width))
}

// layout fits the viewport under the title and the strip and fills it; it
// returns the width.
func (p *reportPages) layout() int {
	st, lay := &p.ctx.Styles, p.ctx.Layout
	width := lay.Width - st.Panel.GetHorizontalFrameSize()
	p.vp.SetWidth(width)
	p.vp.SetHeight(max(lay.ScreenHeight-st.Panel.GetVerticalFrameSize()-3, 1))
	// A page holds up to reportRowsHeld rows: drawn again only when they,
	// the page, the width or the styles change, not for each key of a scroll.
	if !p.drawn.Stale(pageDrawnFrom{width, p.ctx.Restyles(), p.table, p.goals, errText(p.err), p.page, p.year}) {
		return width
	}
	var body string
	switch {
	case p.err != nil:
		body = st.Error.Render("⚠ " + textsafe.Line(uictx.FirstLine(p.err.Error())))
	case p.name() == GoalsPage && p.goals == nil:
		body = st.Muted.Render("Reading the campaigns…")
	case p.name() == GoalsPage:
		body = p.goalsBody(width)
	case p.table == nil:
		body = st.Muted.Render("Reading " + p.name() + " for " + report.YearName(p.query(), p.year) + "…")
	default:
		body = p.body(width)
	}
	p.vp.SetContent(body)
	return width
}

// pageDrawnFrom is what a report page's content is drawn from.
type pageDrawnFrom struct {
	width, restyles int
	table           *reportTable
	goals           *goals
	err             string
	page, year      int
}

// question is what the page asks, in words: the command line's title,
// the read report's once it is in.
func (p *reportPages) question() string {
	switch {
	case p.name() == GoalsPage:
		return "Campaigns · raised against their goals"
	case p.table != nil:
		return p.table.title
	}
	return export.ReportTitle(p.name(), p.query())
}

// query is what the page asks the store: its year, read in the browser's
// zone.
func (p *reportPages) query() report.Query {
	return report.Query{Year: p.year, FiscalStart: p.ctx.FiscalStart, Now: p.ctx.Now(), Zone: p.ctx.Zone}
}

// title is the question, how many donors a list of them holds, and how
// whole the answer is: a question too long for the screen (the ranges'
// says which end of a band counts) is cut before the count and the
// partial words are.
func (p *reportPages) title(width int) string {
	st := &p.ctx.Styles
	var rest string
	if t := p.table; t != nil && p.lists() {
		rest += st.Muted.Render("  " + textsafe.Count(len(t.rows)+t.more, t.noun))
	}
	rest += p.ctx.PartialNote(p.data.Partial())
	if p.loading && p.table != nil {
		rest += " " + st.Warn.Render("· reading what was stored since")
	}
	question := textsafe.Truncate(p.question(), max(width-textsafe.Width(rest), 1))
	return textsafe.Truncate(st.Title.Render(question)+rest, width)
}

// lists says whether the page's rows are donors.
func (p *reportPages) lists() bool {
	switch p.name() {
	case report.LYBUNT, report.SYBUNT, "recurring":
		return true
	}
	return false
}

// strip names every page, the one shown set apart.
func (p *reportPages) strip() string {
	st := &p.ctx.Styles
	parts := make([]string, len(pageNames)+1)
	for i := range parts {
		parts[i] = st.Muted.Render(pageName(i))
		if i == p.page {
			parts[i] = st.Section.Render(pageName(i))
		}
	}
	return strings.Join(parts, st.Muted.Render(" · "))
}

// body is the headline figures, the notes, then the table, then what it
// leaves to the command line.
func (p *reportPages) body(width int) string {
	st, t := &p.ctx.Styles, p.table
	var b strings.Builder
	for _, h := range t.headline {
		b.WriteString(st.Title.Render(textsafe.Wrap(textsafe.Line(h), width, " ")) + "\n")
	}
	for i, n := range t.notes {
		style := st.Muted
		if i > 0 {
			style = st.Warn // what was left out or counted apart
		}
		b.WriteString(style.Render(textsafe.Wrap(textsafe.Line(n), width, " ")) + "\n")
	}
	b.WriteString("\n")
	if len(t.rows) == 0 {
		b.WriteString(st.Muted.Render("No " + t.noun + " in this report."))
		return b.String()
	}
	head, rows := t.lines(width)
	b.WriteString(st.Header.Render(head) + "\n" + strings.Join(rows, "\n"))
	if t.more > 0 {
		b.WriteString("\n" + st.Muted.Render(textsafe.Wrap(fmt.Sprintf("… and %s more: donations report %s lists them all",
			uictx.Commas(t.more), p.name()), width, " ")))
	}
	return b.String()
}
