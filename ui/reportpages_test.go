package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api/demo"
	"donations/dataset"
	"donations/ui/views/insights"
)

// tab and shift+tab turn the insights' pages, each key naming the page it
// goes to; [ and ] move the year; a page says what it counted and what it
// left out; esc goes back to the list from any page.
func TestReportPagesTurnAndMoveTheYear(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: testCount})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "i")
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
	// Three pages back from retention is the overview: its key turns to
	// the first report.
	d.mustShow("Insights", "By month (USD, converted)", "tab lybunt")
	d.keys("shift+tab")
	d.mustShow("Campaigns · raised against their goals", "tab insights", "shift+tab ranges")
	d.keys("shift+tab")
	d.mustShow("Gift ranges by donor · 2027", "FROM", "tab goals", "shift+tab yoy")
	d.keys("esc")
	if d.m.focus != listID {
		t.Errorf("esc on a report page: focus %v", d.m.focus)
	}
	// Opened again, the page the user left is read anew.
	d.keys("i")
	d.mustShow("Gift ranges by donor · 2027", "AMOUNT")
}

// A reply to a read the page has moved on from is dropped: the year's
// table does not turn into the one before it, nor into the error of a
// read cancelled.
func TestReportPageDropsALateReply(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "i", "tab", "tab", "tab")
	// [ asks for the year before; its reply is held back until ] has
	// asked for this year again and shown it.
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: '[', Text: "["})
	held := make(chan tea.Msg, 1)
	var expand func(tea.Cmd)
	expand = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			switch msg := c().(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					expand(c)
				}
			case insights.ReportMsg:
				held <- msg
			default:
				d.msgs <- msg
			}
		}()
	}
	expand(cmd)
	d.keys("]")
	d.mustShow("Retention · 2026 against 2025", "retention rate")
	shown := d.screen()
	select {
	case late := <-held:
		d.send(late)
	case <-time.After(60 * time.Second):
		t.Fatal("the year before was not read after 60s")
	}
	if got := d.screen(); got != shown {
		t.Errorf("a late reply changed the page:\n%s\nwas:\n%s", got, shown)
	}
}

// Before a first sync has filled the store, a report page says it is
// partial, in words, as every other number does.
// The ranges' title is longer than a screen: it is cut, the partial
// words are not.
func TestReportPageSaysPartial(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tabs          int
		width, height int
		title         string
	}{
		{5, 120, 35, "Year over year · 2026 against 2025"},
		{6, 120, 35, "Gift ranges by donor · 2026"},
		{6, 80, 24, "Gift ranges by donor · 2026"},
	}
	for _, tc := range cases {
		_, c, st := storeAccount(t, 300)
		d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st)}, tc.width, tc.height)
		d.keys("i")
		for range tc.tabs {
			d.keys("tab")
		}
		d.mustShow(tc.title, "· partial: nothing loaded yet")
	}
}

// The question in force is the report's: a status filter makes that status
// count and says so.
func TestReportPageTakesTheQuestion(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "f", "tab", "tab", "tab", "tab", "tab", "tab", "refunded", "enter", "i", "tab", "tab", "tab")
	d.mustShow("Retention · 2026 against 2025", "gifts of status refunded")
	d.mustNotShow("paid gifts only")
}

// The profile's fiscal start reaches the browser's report pages: their year
// is the fiscal one the command line's report takes, and they say so.
func TestReportPagesTakeTheFiscalStart(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriverWith(t, src, Options{FiscalStart: 7}, 120, 35)
	d.keys("G", "i", "tab")
	d.settle()
	d.mustShow("LYBUNT · gave in FY2026, not in FY2027", "FY2027 (Jul 2026 to Jun 2027), so far")
}
