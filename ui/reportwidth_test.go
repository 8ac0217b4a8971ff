package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/demo"
)

// A report page caps its text columns as the command line's table does:
// an e-mail column as wide as the account's longest address pushed out
// the LAST YEAR that a lapsed donor's YEAR TOTAL is of at 80 columns, and
// cut the names at 120 while the command line showed them whole. A page
// keeps the column its rows are sorted by: SYBUNT's LIFETIME, without
// which its rows looked out of order at 80 columns.
func TestReportPagesCapTextColumnsAsTheCommandLine(t *testing.T) {
	t.Parallel()
	// Its columns are of 1,500 gifts' donors, as the golden screens'; the
	// race run (-short) reads these pages in TestReportPagesTurnAndMoveTheYear.
	skipShort(t)
	sizes := []struct {
		w, h           int
		lybunt, sybunt []string
	}{
		{80, 24, []string{"E-MAIL", "LAST GIFT", "LAST YEAR", "YEAR TOTAL USD"}, []string{"SYBUNT", "E-MAIL", "LAST GIFT", "LIFETIME USD"}},
		{120, 35, []string{"E-MAIL", "NAME", "LAST YEAR", "YEAR TOTAL USD", "LIFETIME USD", "GIFTS", "Linda Johnson "},
			[]string{"SYBUNT", "E-MAIL", "NAME", "LAST YEAR", "YEAR TOTAL USD", "LIFETIME USD", "GIFTS"}},
	}
	// One browser, each page shown at each size the terminal is resized
	// to: a resize lays the page's columns out anew.
	src, _ := demoSource(t, demo.Options{Count: 1500})
	d := newDriver(t, src, sizes[0].w, sizes[0].h)
	d.keys("G", "i", "tab")
	for _, c := range sizes {
		d.send(tea.WindowSizeMsg{Width: c.w, Height: c.h})
		d.mustShow(c.lybunt...)
	}
	d.keys("tab")
	for _, c := range sizes {
		d.send(tea.WindowSizeMsg{Width: c.w, Height: c.h})
		d.mustShow(c.sybunt...)
	}
}

// The recurring page's sum sits above its table, where the command line
// writes it below: the words point at the table from either side.
func TestRecurringPageSaysWhereItsDonorsAre(t *testing.T) {
	t.Parallel()
	skipShort(t) // its figures are of 1,500 gifts; as above for the race run
	src, _ := demoSource(t, demo.Options{Count: 1500})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "i", "tab", "tab", "tab", "tab")
	d.mustShow("Recurring · donors who stopped in 2026", "stopped: 60 (the donors in", "table: no gift for 2 of their plan's intervals", "E-MAIL")
	d.mustNotShow("listed above")
}
