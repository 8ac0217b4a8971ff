package ui

import (
	"strings"

	"donations/ui/uictx"
	"donations/ui/views/rows"
)

// ColumnNames are the list's columns, by the names a config's columns
// setting gives them.
var ColumnNames = rows.Names

// columns are the list's columns for the rows on screen now.
func (l *list) columns() []rows.Col {
	lay := l.ctx.Layout
	shown := l.data
	n := max(0, min(shown.Len()-l.offset, lay.ListHeight))
	return rows.Columns(lay.ListWidth, l.ctx.Columns, rows.IDWidth(n, func(i int) *uictx.Row { return shown.At(l.offset + i) }))
}

// titleAt is the column whose title is at screen cell (x, y), if any.
func (l *list) titleAt(x, y int) (rows.Col, bool) {
	lay := l.ctx.Layout
	if y != lay.ListTop || x >= lay.ListWidth {
		return rows.Col{}, false
	}
	left := 0
	for _, c := range l.columns() {
		if x >= left && x < left+c.Width {
			return c, true
		}
		left += c.Width + 1
	}
	return rows.Col{}, false
}

// render draws the visible rows only: the cost follows the screen, not what
// is loaded. empty is the line shown when there is no row.
func (l *list) render(empty string) string {
	lay := l.ctx.Layout
	cols := l.columns()
	lines := make([]string, 0, lay.ListHeight)
	lines = append(lines, rows.Header(l.ctx, cols, l.data.q.Sort, l.data.q.Desc))
	shown := l.data
	n := shown.Len()
	for i := l.offset; i < n && len(lines) < lay.ListHeight; i++ {
		lines = append(lines, rows.Draw(l.ctx, cols, shown.At(i), i == l.cursor))
	}
	if n == 0 {
		lines = append(lines, strings.Split(empty, "\n")...)
		lines = lines[:min(len(lines), lay.ListHeight)]
	}
	for len(lines) < lay.ListHeight {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
