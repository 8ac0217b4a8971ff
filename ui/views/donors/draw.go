package donors

import (
	"strings"
	"time"

	"donations/dataset"
	"donations/report"
	"donations/textsafe"
	"donations/ui/uictx"
)

func (v *View) View() string {
	st, lay := &v.ctx.Styles, v.ctx.Layout
	count := "counting…"
	if v.total >= 0 {
		count = uictx.Commas(v.total)
	}
	title := uictx.WrapParts([]string{st.Title.Render("Donors") + st.Muted.Render("  "+count), st.Muted.Render("by " + v.sort + arrow(v.desc)),
		st.Muted.Render("gifts: " + report.Word(v.data.Asked().Rule())), strings.TrimPrefix(strings.TrimSpace(v.ctx.PartialNote(v.data.Partial())), "· "),
		st.Muted.Render("over what the list shows")}, lay.Width)
	lines := strings.Split(title, "\n")
	cols := donorColumns(lay.Width)
	var head strings.Builder
	for i, c := range cols {
		if i > 0 {
			head.WriteByte(' ')
		}
		head.WriteString(c.Fit(c.title))
	}
	lines = append(lines, st.Header.Render(head.String()))
	h := v.height()
	switch {
	case v.err != nil:
		lines = append(lines, st.Error.Render("⚠ "+uictx.FirstLine(v.err.Error())))
	case v.loading && len(v.rows) == 0:
		lines = append(lines, st.Muted.Render("Adding up…"))
	case v.total == 0 || v.total < 0 && !v.loading && len(v.rows) == 0:
		for _, l := range strings.Split(uictx.WrapParts(v.noDonor(), lay.Width), "\n") {
			lines = append(lines, st.Muted.Render(l))
		}
	}
	for i := v.offset; i < v.offset+h && i-v.from >= 0 && i-v.from < len(v.rows); i++ {
		line := v.row(cols, &v.rows[i-v.from])
		if i == v.cursor {
			line = st.Selected.Render(line)
		}
		lines = append(lines, line)
	}
	for len(lines) < lay.ScreenHeight-1 {
		lines = append(lines, "")
	}
	lines = lines[:lay.ScreenHeight-1]
	// The selected donor's campaigns take the blank line above the key
	// line, when the title left one: never a donor's row.
	if last := len(lines) - 1; last >= 0 && lines[last] == "" {
		lines[last] = v.gaveLine(lay.Width)
	}
	return strings.Join(lines, "\n") + "\n" + v.ctx.KeyLine(v.ShortHelp())
}

// noDonor says why no donor is listed. Gifts shown of a status not
// counted (a failed gift looked up by its id) or with no e-mail make no
// donor: saying "no donation is shown" under a list that shows them reads
// as a fault, so it says what counts and the key that counts more.
func (v *View) noDonor() []string {
	n := v.data.Len()
	if n == 0 {
		return []string{"No donor: no donation is shown."}
	}
	rule := v.data.Asked().Rule()
	counted := "(" + report.Word(rule) + ", with an e-mail)"
	s := "No donor: none of the " + textsafe.Count(n, "gift") + " shown is counted " + counted
	if n == 1 {
		s = "No donor: the 1 gift shown is not counted " + counted
	}
	if rule.All {
		return []string{s}
	}
	return []string{s, v.keys.AllStatuses.Help().Key + " counts every status but refunded"}
}

func arrow(desc bool) string {
	if desc {
		return " ↓"
	}
	return " ↑"
}

// donorCol is one column of the donor list, named by its sort key.
type donorCol struct {
	textsafe.Column
	title, sort string
}

func col(title, sort string, width int, right bool) donorCol {
	return donorCol{Column: textsafe.Column{Width: width, Right: right}, title: title, sort: sort}
}

// donorColumns fits the donor list to width; the first gift and the
// e-mail go first when it is narrow.
func donorColumns(width int) []donorCol {
	cols := []donorCol{
		col("DONOR", "name", 18, false), col("E-MAIL", "email", 24, false), col("GIFTS", "gifts", 6, true),
		col("TOTAL", "total", 14, true), col("FIRST GIFT", "first", 10, false), col("LAST GIFT", "last", 10, false),
		col("↻", "", 1, false),
	}
	used := func() int {
		n := 0
		for _, c := range cols {
			n += c.Width + 1
		}
		return n
	}
	for _, drop := range []string{"first", "email"} {
		if used() <= width {
			break
		}
		cols = dropSort(cols, drop)
	}
	extra := max(0, width-used())
	for i := range cols {
		if cols[i].sort == "email" {
			cols[i].Width += extra / 2
			extra -= extra / 2
		}
	}
	cols[0].Width += extra
	return cols
}

func dropSort(cols []donorCol, sort string) []donorCol {
	for i, c := range cols {
		if c.sort == sort {
			return append(cols[:i:i], cols[i+1:]...)
		}
	}
	return cols
}

func (v *View) row(cols []donorCol, d *dataset.Donor) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		var cell string
		switch c.sort {
		case "name":
			cell = strings.TrimSpace(d.FirstName + " " + d.LastName)
		case "email":
			cell = d.Email
		case "gifts":
			cell = uictx.Commas(d.Gifts)
		case "total":
			cell = uictx.Money(d.Currency, d.Total)
			if d.Inexact > 0 {
				cell = "≈ " + cell
			}
		case "first":
			cell = v.day(d.First)
		case "last":
			cell = v.day(d.Last)
		default:
			if d.Recurring {
				cell = "R"
			}
		}
		b.WriteString(c.Fit(textsafe.Line(cell)))
	}
	return b.String()
}

func (v *View) day(t time.Time) string {
	if t.IsZero() {
		return uictx.Missing
	}
	return t.In(v.ctx.Location()).Format("2006-01-02")
}
