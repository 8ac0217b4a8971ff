package ui

import (
	"context"
	"strings"

	"donations/export"
	"donations/store"
	"donations/textsafe"
)

// reportRowsHeld is how many rows of a report a page holds: the largest
// come first, and `donations report` writes them all.
const reportRowsHeld = 1000

// reportTable is one report read for a page: its cells as the command
// line's table writes them, the rows past reportRowsHeld counted, and the
// notes (the year, what counted, what did not, the currencies).
type reportTable struct {
	columns []export.ReportColumn
	number  []bool // a column of numbers: aligned right, never cut
	rows    [][]string
	more    int
	notes   []string
}

// readReport reads the named report of q from st through the command
// line's own export.StoreReport, so both show the same figures.
func readReport(ctx context.Context, st *store.Store, name string, q store.ReportQuery, running bool) (*reportTable, error) {
	r, err := export.StoreReport(ctx, st, name, q, store.DefaultBands, running)
	if err != nil {
		return nil, err
	}
	t := &reportTable{columns: r.Columns, number: make([]bool, len(r.Columns))}
	err = r.Rows(func(cells []any) error {
		if len(t.rows) == reportRowsHeld {
			t.more++
			return nil
		}
		row := make([]string, len(cells))
		for i, c := range cells {
			row[i] = export.ReportCellText(c)
			t.number[i] = t.number[i] || export.ReportCellNumber(c)
		}
		t.rows = append(t.rows, row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	t.notes = r.Notes() // after the rows: the recurring report's sum is gathered on the way
	return t, nil
}

// Columns' room in a table on screen: two cells between columns, and a
// text column shrinks to no less than minTextWidth before one is dropped.
const (
	columnGap    = 2
	minTextWidth = 12
)

// fit chooses the columns shown in width cells and their widths: columns
// with nothing in them go, then text columns shrink, widest first, then
// columns go from the right (never the first). A number is never cut: its column shows whole or not at
// all.
func (t *reportTable) fit(width int) (shown []int, widths []int) {
	widths = make([]int, len(t.columns))
	for i, c := range t.columns {
		widths[i] = textsafe.Width(c.Title)
		empty := true
		for _, r := range t.rows {
			widths[i] = max(widths[i], textsafe.Width(r[i]))
			empty = empty && r[i] == ""
		}
		if !empty || i == 0 {
			shown = append(shown, i)
		}
	}
	for len(shown) > 1 && t.width(shown, widths) > width {
		if t.shrink(shown, widths) {
			continue
		}
		shown = shown[:len(shown)-1]
	}
	return shown, widths
}

// width is how wide the shown columns are, gaps included.
func (t *reportTable) width(shown, widths []int) int {
	w := columnGap * (len(shown) - 1)
	for _, i := range shown {
		w += widths[i]
	}
	return w
}

// shrink takes a cell off the widest text column wider than
// minTextWidth, so text columns shrink evenly; false when none is.
func (t *reportTable) shrink(shown, widths []int) bool {
	widest := -1
	for _, i := range shown {
		if !t.number[i] && widths[i] > minTextWidth && (widest < 0 || widths[i] > widths[widest]) {
			widest = i
		}
	}
	if widest < 0 {
		return false
	}
	widths[widest]--
	return true
}

// lines draws the table's title row and rows in width cells.
func (t *reportTable) lines(width int) (head string, rows []string) {
	shown, widths := t.fit(width)
	line := func(cells []string) string {
		parts := make([]string, len(shown))
		for k, i := range shown {
			if t.number[i] {
				parts[k] = textsafe.FitRight(cells[i], widths[i])
			} else {
				parts[k] = textsafe.Fit(cells[i], widths[i])
			}
		}
		return strings.TrimRight(strings.Join(parts, strings.Repeat(" ", columnGap)), " ")
	}
	titles := make([]string, len(t.columns))
	for i, c := range t.columns {
		titles[i] = c.Title
	}
	head = line(titles)
	for _, r := range t.rows {
		rows = append(rows, line(r))
	}
	return head, rows
}
