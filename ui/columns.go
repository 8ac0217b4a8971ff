package ui

import (
	"strings"

	"donations/textsafe"
	"donations/ui/uictx"
)

// listCol is one column of the list; flexible columns share the width left.
type listCol struct {
	textsafe.Column
	title string
	sort  string // the store's sort key for the column; "" if none
	flex  bool
	cell  func(ctx *uictx.Context, r *uictx.Row) string
}

func dateCell(ctx *uictx.Context, r *uictx.Row) string {
	return uictx.When(r.Summary.Date, ctx.Location(), "2006-01-02 15:04")
}

func flagsCell(_ *uictx.Context, r *uictx.Row) string {
	f := []byte("   ")
	if r.Summary.Recurring.Value {
		f[0] = 'R'
	}
	if r.Summary.Tribute {
		f[1] = 'T'
	}
	if r.Summary.Anonymous.Value {
		f[2] = 'A'
	}
	return string(f)
}

// formCell is the form the gift came through or, where the server names
// none (servers that nest the campaign send no form_name), its campaign:
// the same grouping of gifts under the platform's name.
func formCell(_ *uictx.Context, r *uictx.Row) string {
	if strings.TrimSpace(r.Summary.FormName.Value) == "" && r.Summary.CampaignName.Value != "" {
		return uictx.Show(r.Summary.CampaignName)
	}
	return uictx.Show(r.Summary.FormName)
}

func col(title, sort string, width int, cell func(ctx *uictx.Context, r *uictx.Row) string) listCol {
	return listCol{Column: textsafe.Column{Width: width}, title: title, sort: sort, cell: cell}
}

// idColW is the ID column's usual width: ids of up to seven digits.
const idColW = 7

// columns fits the list's columns to width, dropping the least needed first:
// the e-mail goes last, since it tells apart donors of the same name; the
// markers go before the status, which at 120 columns beside the detail then
// still shows (the detail says recurring, tribute and anonymous in words).
// The ID column widens to idW, the widest id on screen (idWidth), where the
// width allows; where it does not, it is the first to give way.
func columns(width int, names []string, idW int) []listCol {
	flex := func(c listCol) listCol { c.flex = true; return c }
	right := func(c listCol) listCol { c.Right = true; return c }
	cols := []listCol{
		right(col("ID", "id", max(idW, idColW), func(_ *uictx.Context, r *uictx.Row) string { return uictx.ShowInt(r.Summary.ID) })),
		col("DATE", "date", 16, dateCell),
		flex(col("DONOR", "name", 14, func(_ *uictx.Context, r *uictx.Row) string { return uictx.DonorName(&r.Summary) })),
		flex(col("E-MAIL", "email", 16, func(_ *uictx.Context, r *uictx.Row) string { return uictx.Show(r.Summary.Email) })),
		right(col("AMOUNT", "amount", 12, func(_ *uictx.Context, r *uictx.Row) string { return uictx.Amount(&r.Summary) })),
		col("STATUS", "status", 9, func(_ *uictx.Context, r *uictx.Row) string { return uictx.Show(r.Summary.Status) }),
		flex(col("FORM", "form", 12, formCell)),
		col("RTA", "", 3, flagsCell),
	}
	cols = chooseColumns(cols, names)
	used := func() int {
		n := 0
		for _, c := range cols {
			n += c.Width + 1
		}
		return n
	}
	if used() > width {
		for i := range cols {
			if cols[i].title == "ID" {
				cols[i].Width = idColW
			}
		}
	}
	for _, t := range []string{"ID", "FORM", "RTA", "STATUS", "E-MAIL"} {
		if used() <= width {
			break
		}
		for i, c := range cols {
			if c.title == t {
				cols = append(cols[:i], cols[i+1:]...)
				break
			}
		}
	}
	nflex := 0
	for _, c := range cols {
		if c.flex {
			nflex++
		}
	}
	extra := width - used()
	for i := range cols {
		if cols[i].flex && nflex > 0 {
			share := extra / nflex
			cols[i].Width += share
			extra -= share
			nflex--
		}
	}
	return cols
}

// idWidth is the width the ID column needs for the first n rows of at.
func idWidth(n int, at func(i int) *uictx.Row) int {
	w := 0
	for i := range n {
		w = max(w, textsafe.Width(uictx.ShowInt(at(i).Summary.ID)))
	}
	return w
}

// columns are the list's columns for the rows on screen now.
func (l *list) columns() []listCol {
	lay := l.ctx.Layout
	rows := l.rows()
	n := max(0, min(rows.Len()-l.offset, lay.ListHeight))
	return columns(lay.ListWidth, l.ctx.Columns, idWidth(n, func(i int) *uictx.Row { return rows.At(l.offset + i) }))
}

// renderHeaderRow is the column titles, the sorted one with its direction.
func (l *list) renderHeaderRow(cols []listCol) string {
	var b strings.Builder
	sorted := l.data.q.Sort
	if sorted == "" {
		sorted = "date"
	}
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		title := c.title
		if c.sort == sorted {
			arrow := "↑"
			if l.data.q.Desc {
				arrow = "↓"
			}
			if c.Right {
				title = arrow + title
			} else {
				title += arrow
			}
		}
		b.WriteString(c.Fit(title))
	}
	return l.ctx.Styles.Header.Render(b.String())
}

// titleAt is the column whose title is at screen cell (x, y), if any.
func (l *list) titleAt(x, y int) (listCol, bool) {
	lay := l.ctx.Layout
	if y != lay.ListTop || x >= lay.ListWidth {
		return listCol{}, false
	}
	left := 0
	for _, c := range l.columns() {
		if x >= left && x < left+c.Width {
			return c, true
		}
		left += c.Width + 1
	}
	return listCol{}, false
}

func (l *list) renderRow(cols []listCol, r *uictx.Row, selected bool) string {
	st := &l.ctx.Styles
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		v := c.Fit(c.cell(l.ctx, r))
		// The selected line is drawn in reverse as a whole: inner colours would
		// end the reverse video half-way.
		if c.title == "STATUS" && !selected {
			v = st.StatusStyle(r.Summary.Status.Value).Render(v)
		}
		b.WriteString(v)
	}
	if selected {
		return st.Selected.Render(b.String())
	}
	return b.String()
}

// render draws the visible rows only: the cost follows the screen, not what
// is loaded. empty is the line shown when there is no row.
func (l *list) render(empty string) string {
	lay := l.ctx.Layout
	cols := l.columns()
	lines := make([]string, 0, lay.ListHeight)
	lines = append(lines, l.renderHeaderRow(cols))
	rows := l.rows()
	n := rows.Len()
	for i := l.offset; i < n && len(lines) < lay.ListHeight; i++ {
		lines = append(lines, l.renderRow(cols, rows.At(i), i == l.cursor))
	}
	if n == 0 && len(lines) < lay.ListHeight {
		lines = append(lines, empty)
	}
	for len(lines) < lay.ListHeight {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// ColumnNames are the list's columns, by the names a config's columns
// setting gives them.
var ColumnNames = []string{"id", "date", "donor", "email", "amount", "status", "form", "flags"}

// chooseColumns keeps the named columns, in the order named; none named
// keeps them all.
func chooseColumns(cols []listCol, names []string) []listCol {
	if len(names) == 0 {
		return cols
	}
	var out []listCol
	for _, n := range names {
		for _, c := range cols {
			if columnName(c) == n {
				out = append(out, c)
			}
		}
	}
	return out
}

func columnName(c listCol) string {
	switch c.title {
	case "DONOR":
		return "donor"
	case "E-MAIL":
		return "email"
	case "RTA":
		return "flags"
	}
	return strings.ToLower(c.title)
}
