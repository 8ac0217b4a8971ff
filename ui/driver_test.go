package ui

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/ui/tally"
	"donations/ui/uictx"
	"donations/ui/views/donors"
	"donations/ui/views/exporter"
	"donations/ui/views/insights"
	"donations/ui/views/kinds"
	listview "donations/ui/views/list"
	"donations/ui/views/live"
	"donations/ui/views/saveview"
)

// driver runs a Model the way Bubble Tea does, synchronously enough for tests:
// each command runs in its own goroutine, page and export results are fed
// back, and after every input the driver waits until nothing is loading.
// Animation ticks and cursor blinks are not fed back: they only animate.
type driver struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
}

func newDriver(t *testing.T, src Source, w, h int) *driver {
	t.Helper()
	return newDriverWith(t, src, Options{}, w, h)
}

// newDriverLoading is newDriver that returns once the first page is in,
// while the walk goes on loading the rest.
func newDriverLoading(t *testing.T, src Source, w, h int) *driver {
	t.Helper()
	return newDriverLoadingPages(t, src, 0, w, h)
}

// newDriverLoadingPages is newDriverLoading over pages of per (0: the
// config's default), for tests of how many pages a walk reads, where what
// a page holds is not what they check.
func newDriverLoadingPages(t *testing.T, src Source, per, w, h int) *driver {
	t.Helper()
	opt := Options{Account: "demo", Location: time.UTC}
	opt.Question.Query.PerPage = per
	m := New(src, opt)
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 1024)}
	d.run(m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	d.run(cmd)
	d.until(func() bool { return m.data.loaded > 0 })
	return d
}

// sums are the footer's totals on hand.
func (w *browserData) sums() tally.Sums {
	t, _ := w.shown.Sums()
	return *t
}

// until handles the model's messages until done says so.
func (d *driver) until(done func() bool) {
	d.t.Helper()
	for !done() {
		d.handle(d.next())
	}
}

// next is the model's next message; a test that steps a sync waits on it.
func (d *driver) next() tea.Msg {
	d.t.Helper()
	select {
	case msg := <-d.msgs:
		return msg
	case <-time.After(90 * time.Second):
		d.t.Fatal("no message after 90s")
		return nil
	}
}

// newDriverWith is newDriver with options of the test's own (Sync, LastSync).
func newDriverWith(t *testing.T, src Source, opt Options, w, h int) *driver {
	t.Helper()
	opt.Account, opt.Location = "demo", time.UTC
	opt.Now = func() time.Time { return time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC) }
	m := New(src, opt)
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 1024)}
	// As Bubble Tea does: Init first, then the window size.
	d.run(m.Init())
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	return d
}

// testCount is the demo account's size where a test does not say: three
// pages, so that a walk crosses pages, and the same in both runs, since
// each row a walk stores costs the same whatever the account's size and
// neither the volume nor the width of its numbers is what those tests
// check.
const testCount = 300

// wideCount is the account of the tests of what fits and is not cut at a
// size, and of the golden screens, which show it: its totals are wider
// than testCount's.
const wideCount = 1500

// demoSource is the real client against a demo server on loopback.
func demoSource(t *testing.T, opts demo.Options) (Source, *demo.Server) {
	t.Helper()
	if opts.Count == 0 {
		opts.Count = testCount
	}
	srv := demo.New(opts)
	return FromClient(demoClient(t, srv)), srv
}

// demoClient is a client of srv, served on loopback for the test.
func demoClient(t *testing.T, srv *demo.Server) *api.Client {
	t.Helper()
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	c, err := api.New(api.Config{BaseURL: hs.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey,
		Retry: api.RetryPolicy{MaxAttempts: 2, BaseDelay: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd != nil {
		go func() { d.msgs <- cmd() }()
	}
}

func (d *driver) handle(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
	case pageMsg, exporter.Msg, saveview.SavedMsg, syncProgressMsg, syncDoneMsg, listview.AnsweredMsg, listview.WindowMsg, listview.ExactMsg, listview.SumsMsg, donors.PageMsg, insights.AddedMsg, insights.ReportMsg, live.Msg, live.PollMsg, donors.CountMsg, donors.GaveMsg, kinds.ReadMsg:
		_, cmd := d.m.Update(msg)
		d.run(cmd)
	}
}

func (d *driver) settle() {
	d.t.Helper()
	// A guard against a hang, not a timing: under -race on a shared machine
	// storing 50 pages takes a while.
	deadline := time.After(90 * time.Second)
	for d.busy() {
		select {
		case msg := <-d.msgs:
			d.handle(msg)
		case <-deadline:
			d.t.Fatal("the model is still loading after 90s")
		}
	}
}

// busy says whether an answer is on its way that the screen waits for.
func (d *driver) busy() bool {
	donorsView := d.m.children[donors.ID].(*donors.View)
	ins := d.m.children[insights.ID].(*insights.View)
	liveView := d.m.children[live.ID].(*live.View)
	return d.m.data.loading || d.m.export.Running() || d.m.saver.Saving() || d.m.data.sync.running || d.m.data.shown.Busy() ||
		donorsView.Busy(d.m.focus == donors.ID) || ins.Busy() || liveView.Busy(d.m.focus == live.ID) || d.m.kinds.Busy()
}

func (d *driver) send(msg tea.Msg) {
	d.t.Helper()
	_, cmd := d.m.Update(msg)
	d.run(cmd)
	d.settle()
}

// keys sends key presses: named keys as "enter", "tab", "esc"..., any other
// string as the characters it holds.
func (d *driver) keys(keys ...string) {
	d.t.Helper()
	named := map[string]rune{"enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape, "down": tea.KeyDown,
		"up": tea.KeyUp, "pgdown": tea.KeyPgDown, "end": tea.KeyEnd, "home": tea.KeyHome, "backspace": tea.KeyBackspace}
	for _, k := range keys {
		if code, ok := named[k]; ok {
			d.send(tea.KeyPressMsg{Code: code})
			continue
		}
		if k == "shift+tab" {
			d.send(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
			continue
		}
		for _, r := range k {
			d.send(tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
}

// screen is what the terminal shows, without colours.
func (d *driver) screen() string {
	return ansi.Strip(d.m.View().Content)
}

var (
	portRE   = regexp.MustCompile(`127\.0\.0\.1:\d+`)
	clockRE  = regexp.MustCompile(`(Date: |X-Ratelimit-Reset: |fetched at )[^\n]*`)
	timingRE = regexp.MustCompile(`\b\d+ ms\b`)
)

// stable replaces what changes from run to run (the loopback port, timings)
// so golden files compare the rest exactly; the padding after them changes
// with their width, so trailing spaces go too.
func stable(s string) string {
	s = portRE.ReplaceAllString(s, "127.0.0.1:PORT")
	s = timingRE.ReplaceAllString(s, "N ms")
	s = clockRE.ReplaceAllString(s, "${1}NOW")
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(ls, "\n")
}

func (d *driver) mustShow(parts ...string) {
	d.t.Helper()
	s := d.screen()
	for _, p := range parts {
		if !strings.Contains(s, p) {
			d.t.Fatalf("screen lacks %q:\n%s", p, s)
		}
	}
}

func (d *driver) mustNotShow(parts ...string) {
	d.t.Helper()
	s := d.screen()
	for _, p := range parts {
		if strings.Contains(s, p) {
			d.t.Fatalf("screen shows %q:\n%s", p, s)
		}
	}
}

func lines(s string) []string { return strings.Split(s, "\n") }

// shownRows is every row the list shows, in order, read through the window.
func (d *driver) shownRows() []uictx.Row {
	d.t.Helper()
	var rows []uictx.Row
	_, err := d.m.data.asked().Donations(context.Background(), func(x *api.Donation) error {
		rows = append(rows, uictx.NewRow(x, nil))
		return nil
	})
	if err != nil {
		d.t.Fatal(err)
	}
	if len(rows) != d.m.data.Len() {
		d.t.Fatalf("the list counts %d rows, the store holds %d", d.m.data.Len(), len(rows))
	}
	return rows
}

// skipShort leaves a test that loads many pages or screens to the full run
// (go test ./...): the race run in CI takes -short.
func skipShort(t *testing.T) {
	t.Helper()
	apitest.FirstPassOnly(t, "long")
}
