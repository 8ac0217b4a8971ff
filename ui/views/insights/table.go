package insights

import (
	"context"
	"strings"

	"donations/dataset"
	"donations/export"
	"donations/report"
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
	// sortedBy is the column the rows are in the order of: a narrow page
	// keeps it, as the command line's table does.
	sortedBy string
	// headline are the figures the report gives before its table, as the
	// command line writes them: the recurring report's active and stopped.
	headline []string
	// title is what the report asks, as read (the recurring report's says
	// whether it read plans or donors); noun is what a row is.
	title, noun string
}

// readReport reads the named report of the question asked, for q's year,
// and makes its table as the command line does (export.ReportOf), so both
// show the same figures; countOthers is the page's words for counting the statuses left
// out.
func readReport(ctx context.Context, asked dataset.Asked, name string, q report.Query, running bool, countOthers string) (*reportTable, error) {
	res, _, err := dataset.Report(ctx, asked, name, q)
	if err != nil {
		return nil, err
	}
	r := export.ReportOf(res, running, countOthers)
	t := &reportTable{columns: r.Columns, number: make([]bool, len(r.Columns)), sortedBy: r.SortedBy, title: r.Title, noun: "donor"}
	if res.Plans != nil {
		t.noun = "plan"
	}
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
	// After the rows: the recurring report's sum is gathered on the way.
	if r.Headline != nil {
		t.headline = r.Headline()
	}
	t.notes = r.Notes()
	return t, nil
}

// fit chooses the columns shown in width cells and their widths, as the
// command line's table does (export.ReportFit): a number is never cut, its
// column shows whole or not at all.
func (t *reportTable) fit(width int) (shown []int, widths []int) {
	n := len(t.columns)
	f := export.ReportFit{Columns: t.columns, Widths: make([]int, n), Number: t.number, Filled: make([]bool, n), Keep: t.sortedBy}
	for i, c := range t.columns {
		f.Widths[i] = textsafe.Width(c.Title)
		for _, r := range t.rows {
			f.Widths[i] = max(f.Widths[i], textsafe.Width(r[i]))
			f.Filled[i] = f.Filled[i] || r[i] != ""
		}
	}
	f.CapText()
	return f.Fit(width), f.Widths
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
		return strings.TrimRight(strings.Join(parts, strings.Repeat(" ", export.ColumnGap)), " ")
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
