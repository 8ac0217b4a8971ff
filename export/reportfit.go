package export

import (
	"slices"

	"donations/textsafe"
)

// A report's table on a narrow screen: two cells between columns, and a
// text column shrinks to no less than MinTextWidth before one is dropped.
const (
	ColumnGap    = 2
	MinTextWidth = 12
)

// dropFirst are the columns a too-narrow table drops first, in this order,
// whatever the report: what a fundraiser can do without when the e-mail,
// the year's total and the last gift must stay (lifetime, gifts and the
// name can be looked up). The others go after them, from the right; the
// first column never goes.
var dropFirst = []string{"lifetime", "gifts", "name", "last_year", "other_currencies"}

// ReportFit is a report's table measured: each column's widest cell
// (Widths, its title included), whether it holds numbers (shown whole or
// not at all) and whether it is empty.
type ReportFit struct {
	Columns        []ReportColumn
	Widths         []int
	Number, Filled []bool
	Keep           string // the key of a column never dropped: the one the rows are sorted by
}

// Fit chooses the columns shown in width cells (0: every one) and shrinks
// text columns in Widths to fit. Empty columns go; then text columns but
// the first (the e-mail, whole as long as can be) shrink, widest first;
// then columns go in dropFirst's order; then the first column shrinks;
// then columns go from the right. A number is never cut. The command
// line's table and the browser's report pages both fit here, so they drop
// the same columns.
func (f ReportFit) Fit(width int) (shown []int) {
	for i := range f.Columns {
		if f.Filled[i] || i == 0 || width <= 0 {
			shown = append(shown, i)
		}
	}
	for width > 0 && len(shown) > 1 && f.width(shown) > width {
		if f.shrink(shown[1:]) {
			continue
		}
		k, ok := f.dropFirst(shown)
		if !ok && f.shrink(shown[:1]) {
			continue
		}
		if !ok {
			k = f.rightmost(shown)
		}
		shown = slices.Delete(shown, k, k+1)
	}
	return shown
}

// rightmost is the place in shown of the last column that may go: not
// the one kept, unless it is all there is past the first.
func (f ReportFit) rightmost(shown []int) int {
	for k := len(shown) - 1; k > 1; k-- {
		if f.Columns[shown[k]].Key != f.Keep {
			return k
		}
	}
	return len(shown) - 1
}

// dropFirst is the place in shown of the first of dropFirst shown.
func (f ReportFit) dropFirst(shown []int) (int, bool) {
	for _, key := range dropFirst {
		for k, i := range shown {
			if k > 0 && key != f.Keep && f.Columns[i].Key == key {
				return k, true
			}
		}
	}
	return 0, false
}

// width is how wide the shown columns are, gaps included.
func (f ReportFit) width(shown []int) int {
	w := ColumnGap * (len(shown) - 1)
	for _, i := range shown {
		w += f.Widths[i]
	}
	return w
}

// shrink takes a cell off the widest text column of cols wider than
// MinTextWidth, so text columns shrink evenly; false when none is.
func (f ReportFit) shrink(cols []int) bool {
	widest := -1
	for _, i := range cols {
		if !f.Number[i] && f.Widths[i] > MinTextWidth && (widest < 0 || f.Widths[i] > f.Widths[widest]) {
			widest = i
		}
	}
	if widest < 0 {
		return false
	}
	f.Widths[widest]--
	return true
}

// maxTextWidth is the most a text column (an e-mail, a name) takes in a
// report's table: a rare long name would otherwise push every number
// off screen.
const maxTextWidth = 32

// ownWords are the columns whose cells the program writes itself (the
// retention figures' names): short enough to stay whole, and cut they lost
// the year they are about ("recaptured (lapsed, back in 202…").
var ownWords = []string{"figure"}

// measureReport reads r's rows once to measure its columns.
func measureReport(r Report) (ReportFit, error) {
	n := len(r.Columns)
	f := ReportFit{Columns: r.Columns, Widths: make([]int, n), Number: make([]bool, n), Filled: make([]bool, n), Keep: r.SortedBy}
	for i, c := range r.Columns {
		f.Widths[i] = textsafe.Width(c.Title)
	}
	err := r.Rows(func(cells []any) error {
		for i, c := range cells {
			text := reportCell(c, true)
			f.Widths[i] = max(f.Widths[i], textsafe.Width(text))
			f.Number[i] = f.Number[i] || ReportCellNumber(c)
			f.Filled[i] = f.Filled[i] || text != ""
		}
		return nil
	})
	f.CapText()
	return f, err
}

// CapText keeps each text column within maxTextWidth, but the program's
// own words: the command line's table and the browser's pages cap alike,
// so an uncapped e-mail column does not push the browser to drop columns
// the command line shows (the LAST YEAR a sybunt's YEAR TOTAL is of).
func (f ReportFit) CapText() {
	for i := range f.Widths {
		if !f.Number[i] && !slices.Contains(ownWords, f.Columns[i].Key) {
			f.Widths[i] = min(f.Widths[i], maxTextWidth)
		}
	}
}
