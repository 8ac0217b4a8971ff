package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/demo"
	"donations/export"
)

// tab and shift+tab turn the insights' pages, each key naming the page it
// goes to; [ and ] move the year; a page says what it counted and what it
// left out; esc goes back to the list from any page.
func TestReportPagesTurnAndMoveTheYear(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: testCount})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "i")
	v := d.m.children[insightsID].(*insightsView)
	d.mustShow("Insights", "tab lybunt")
	// The page's first read shows that it is on its way, then the report.
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	d.mustShow("LYBUNT · gave in 2025, not in 2026", "Reading lybunt for 2026…")
	d.run(cmd)
	d.settle()
	d.mustShow("LYBUNT · gave in 2025, not in 2026", "E-MAIL", "YEAR TOTAL USD", "tab sybunt", "shift+tab insights",
		"insights · lybunt · sybunt · retention · recurring · yoy · ranges",
		"year 2026, so far · paid gifts only", "not counted (filter by status to count them: f in the list)", "refunded")
	// The command line's flags mean nothing here.
	d.mustNotShow("Reading lybunt", "partial", "--status", "--all-statuses")
	d.keys("[")
	d.mustShow("LYBUNT · gave in 2024, not in 2025", "year 2025 · paid gifts only")
	d.keys("]", "]")
	d.mustShow("LYBUNT · gave in 2026, not in 2027", "year 2027 ·")
	d.keys("tab", "tab")
	d.mustShow("Retention · 2027 against 2026", "retention rate", "tab recurring", "shift+tab sybunt")
	d.keys("shift+tab", "shift+tab", "shift+tab")
	if v.reports.on() {
		t.Fatalf("three pages back from retention is the overview: page %d", v.reports.page)
	}
	d.mustShow("Insights", "By month (USD, converted)")
	d.keys("shift+tab")
	d.mustShow("Gift ranges · 2027", "FROM", "tab insights", "shift+tab yoy")
	d.keys("esc")
	if d.m.focus != listID {
		t.Errorf("esc on a report page: focus %v", d.m.focus)
	}
	// Opened again, the page the user left is read anew.
	d.keys("i")
	d.mustShow("Gift ranges · 2027", "AMOUNT")
}

// A reply to a read the page has moved on from is dropped: the year's
// table does not turn into the one before it.
func TestReportPageDropsALateReply(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "i", "tab", "tab", "tab")
	p := d.m.children[insightsID].(*insightsView).reports
	old := p.gen
	d.keys("[")
	shown := p.table
	d.send(reportMsg{gen: old, table: &reportTable{notes: []string{"a late answer"}}})
	if p.table != shown {
		t.Errorf("a late reply replaced the table")
	}
	d.mustNotShow("a late answer")
	d.mustShow("Retention · 2025 against 2024")
}

// Before a first sync has filled the store, a report page says it is
// partial, in words, as every other number does.
func TestReportPageSaysPartial(t *testing.T) {
	_, c, st := storeAccount(t, 300)
	d := newDriverWith(t, FromClient(c), Options{Store: st}, 120, 35)
	d.keys("i", "tab", "tab", "tab", "tab", "tab")
	d.mustShow("Year over year · 2026 against 2025", "· partial: nothing loaded yet")
}

// The question in force is the report's: a status filter makes that status
// count and says so.
func TestReportPageTakesTheQuestion(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "f", "tab", "tab", "tab", "tab", "tab", "tab", "refunded", "enter", "i", "tab", "tab", "tab")
	d.mustShow("Retention · 2026 against 2025", "gifts of status refunded")
	d.mustNotShow("paid gifts only")
}

// A page's table fits its width as the command line's does: the name
// shrinks, then the gifts and the name go, then the e-mail shrinks: a
// number is shown whole or not at all, never cut.
func TestReportTableNeverCutsANumber(t *testing.T) {
	tb := &reportTable{
		columns: []export.ReportColumn{{Key: "email", Title: "E-MAIL"}, {Key: "name", Title: "NAME"}, {Key: "total", Title: "TOTAL USD"},
			{Key: "gifts", Title: "GIFTS"}, {Key: "other", Title: "OTHER"}},
		number: []bool{false, false, true, true, false},
		rows: [][]string{
			{"a.very.long.address.of.someone@example.org", "Someone With A Very Long Name Indeed", "1,234,567.89", "12,345", ""},
			{"b@example.org", "B", "5.00", "1", ""},
		},
	}
	for _, width := range []int{30, 40, 56, 60, 76, 116, 200} {
		head, rows := tb.lines(width)
		shown, _ := tb.fit(width)
		for _, l := range append([]string{head}, rows...) {
			if w := len([]rune(l)); w > width {
				t.Errorf("width %d: a line of %d: %q", width, w, l)
			}
		}
		for _, i := range shown {
			if !tb.number[i] {
				continue
			}
			for r, line := range rows {
				if !strings.Contains(line, tb.rows[r][i]) {
					t.Errorf("width %d: %q cut in %q", width, tb.rows[r][i], line)
				}
			}
		}
		if strings.Contains(head, "OTHER") {
			t.Errorf("width %d: the empty column is shown: %q", width, head)
		}
		if !strings.HasPrefix(head, "E-MAIL") {
			t.Errorf("width %d: the first column went: %q", width, head)
		}
	}
	if shown, widths := tb.fit(80); !slices.Equal(shown, []int{0, 1, 2, 3}) || widths[0] != 42 {
		t.Errorf("at 80 the name shrinks and the e-mail stays whole: %v %v", shown, widths)
	}
	if shown, widths := tb.fit(70); !slices.Equal(shown, []int{0, 1, 2}) || widths[0] != 42 {
		t.Errorf("at 70 the gifts go first: %v %v", shown, widths)
	}
	if shown, widths := tb.fit(40); !slices.Equal(shown, []int{0, 2}) || widths[0] != 26 {
		t.Errorf("at 40 the name goes next, then the e-mail shrinks: %v %v", shown, widths)
	}
}

// The profile's fiscal start reaches the browser's report pages: their year
// is the fiscal one the command line's report takes, and they say so.
func TestReportPagesTakeTheFiscalStart(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriverWith(t, src, Options{FiscalStart: 7}, 120, 35)
	d.keys("G", "i", "tab")
	d.settle()
	d.mustShow("LYBUNT · gave in 2026, not in 2027", "fiscal 2027 (Jul 2026 to Jun 2027), so far")
}
